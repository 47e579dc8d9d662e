/**
 * Built-in word lists for demo data (`npm run seed`): names from the console's three language
 * areas, company words, cities, and per-platform devices with realistic app and OS versions
 * (SPEC §3 platform codes). Small on purpose: variety comes from combining them.
 */
import type { PlatformCode } from "../../db/types";

/** First names (en, pt, es). */
export const FIRST_NAMES = [
  "Ana",
  "João",
  "Maria",
  "Pedro",
  "Inês",
  "Tiago",
  "Beatriz",
  "Rui",
  "Marta",
  "Nuno",
  "Sofia",
  "Miguel",
  "Lucía",
  "Javier",
  "Carmen",
  "Alejandro",
  "Elena",
  "Pablo",
  "Laura",
  "Diego",
  "Paula",
  "Sergio",
  "Isabel",
  "Andrés",
  "Emma",
  "Oliver",
  "Charlotte",
  "George",
  "Amelia",
  "Harry",
  "Olivia",
  "Jack",
  "Grace",
  "Thomas",
  "Emily",
  "James",
  "Chloe",
  "Daniel",
  "Hannah",
  "Samuel",
  "Leonor",
  "Afonso",
  "Matilde",
  "Duarte",
  "Carolina",
  "Gonçalo",
  "Clara",
  "Rodrigo",
] as const;

/** Last names (en, pt, es). */
export const LAST_NAMES = [
  "Silva",
  "Santos",
  "Ferreira",
  "Pereira",
  "Oliveira",
  "Costa",
  "Rodrigues",
  "Martins",
  "Sousa",
  "Fernandes",
  "Gonçalves",
  "Almeida",
  "García",
  "Martínez",
  "López",
  "Sánchez",
  "González",
  "Romero",
  "Navarro",
  "Torres",
  "Ruiz",
  "Díaz",
  "Moreno",
  "Jiménez",
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Evans",
  "Walker",
  "Wright",
  "Thompson",
  "Ribeiro",
  "Carvalho",
  "Lopes",
  "Marques",
  "Vidal",
  "Castro",
  "Ortega",
  "Delgado",
  "Hughes",
  "Clarke",
  "Hall",
  "Green",
] as const;

/** Company name parts: a distinctive word and a line of business. */
export const COMPANY_WORDS = [
  "Atlas",
  "Boreal",
  "Cobalt",
  "Delta",
  "Ember",
  "Fjord",
  "Granite",
  "Harbor",
  "Iberia",
  "Juniper",
  "Kestrel",
  "Lusitania",
  "Meridian",
  "Northwind",
  "Orion",
  "Pinnacle",
  "Quartz",
  "Riviera",
  "Sierra",
  "Tagus",
  "Umbra",
  "Vertex",
  "Westmark",
  "Zenith",
] as const;

/** The second part of a company name. */
export const COMPANY_KINDS = [
  "Logistics",
  "Health",
  "Energy",
  "Capital",
  "Legal",
  "Engineering",
  "Shipping",
  "Telecom",
  "Consulting",
  "Defence",
  "Pharma",
  "Mining",
  "Insurance",
  "Media",
  "Foods",
  "Aerospace",
] as const;

/** A city with its ISO country code and the country name a geo-IP lookup reports. */
export interface City {
  city: string;
  country: string;
  geocountry: string;
  timezone: string;
}

/** Cities where the demo users sign in. */
export const CITIES: readonly City[] = [
  { city: "Lisbon", country: "PT", geocountry: "Portugal", timezone: "Europe/Lisbon" },
  { city: "Porto", country: "PT", geocountry: "Portugal", timezone: "Europe/Lisbon" },
  { city: "Braga", country: "PT", geocountry: "Portugal", timezone: "Europe/Lisbon" },
  { city: "Madrid", country: "ES", geocountry: "Spain", timezone: "Europe/Madrid" },
  { city: "Barcelona", country: "ES", geocountry: "Spain", timezone: "Europe/Madrid" },
  { city: "Valencia", country: "ES", geocountry: "Spain", timezone: "Europe/Madrid" },
  { city: "London", country: "GB", geocountry: "United Kingdom", timezone: "Europe/London" },
  { city: "Manchester", country: "GB", geocountry: "United Kingdom", timezone: "Europe/London" },
  { city: "Dublin", country: "IE", geocountry: "Ireland", timezone: "Europe/Dublin" },
  { city: "São Paulo", country: "BR", geocountry: "Brazil", timezone: "America/Sao_Paulo" },
  { city: "Mexico City", country: "MX", geocountry: "Mexico", timezone: "America/Mexico_City" },
  { city: "Buenos Aires", country: "AR", geocountry: "Argentina", timezone: "America/Argentina/Buenos_Aires" },
  { city: "New York", country: "US", geocountry: "United States", timezone: "America/New_York" },
  { city: "Luanda", country: "AO", geocountry: "Angola", timezone: "Africa/Luanda" },
];

/** How one platform's devices look: its share of devices, names, OS versions and browsers. */
export interface PlatformProfile {
  code: PlatformCode;
  weight: number;
  deviceNames: readonly (string | null)[];
  osVersions: readonly (string | null)[];
  browsers: readonly (string | null)[];
}

/** Devices per platform (SPEC §3 codes), weighted like a mobile-first fleet. */
export const PLATFORMS: readonly PlatformProfile[] = [
  {
    code: 1,
    weight: 38,
    deviceNames: ["Pixel 9", "Pixel 8a", "Galaxy S24", "Galaxy A55", "Xperia 10 VI", "Moto g84", "OnePlus 12"],
    osVersions: ["15", "14", "14", "13", "12"],
    browsers: [null],
  },
  {
    code: 2,
    weight: 34,
    deviceNames: ["iPhone 16", "iPhone 15 Pro", "iPhone 14", "iPhone SE", "iPad Air"],
    osVersions: ["18.1", "18.0.1", "17.6.1", "17.5"],
    browsers: [null],
  },
  {
    code: 12,
    weight: 10,
    deviceNames: ["ThinkPad X1 Carbon", "Latitude 7440", "Surface Laptop 6", "EliteBook 840"],
    osVersions: ["10.0.26100", "10.0.22631", "10.0.19045"],
    browsers: ["Edge 130", "Chrome 130", "Firefox 132"],
  },
  {
    code: 13,
    weight: 7,
    deviceNames: ["MacBook Pro", "MacBook Air", "iMac", "Mac mini"],
    osVersions: ["15.1", "14.7", "14.6.1", "13.7"],
    browsers: ["Safari 18.1", "Chrome 130"],
  },
  {
    code: 8,
    weight: 3,
    deviceNames: ["Linux workstation", "ThinkPad T14"],
    osVersions: ["Ubuntu 24.04", "Debian 12", "Fedora 41"],
    browsers: ["Firefox 132", "Chromium 130"],
  },
  { code: 9, weight: 3, deviceNames: ["ECS gateway", "ECS edge node"], osVersions: ["ECS 3.4", "ECS 3.3"], browsers: [null] },
  {
    code: 11,
    weight: 2,
    deviceNames: ["Yealink T54W", "Poly VVX 450", "Cisco 8851"],
    osVersions: ["96.86.0.70", "6.4.3", "14.2.1"],
    browsers: [null],
  },
  { code: 10, weight: 1, deviceNames: ["PBX trunk"], osVersions: ["Asterisk 20", "FreePBX 17"], browsers: [null] },
  { code: 7, weight: 2, deviceNames: [null], osVersions: [null], browsers: [null] },
];

/** App versions in use, newest first; newer ones are picked more often. */
export const APP_VERSIONS = ["5.0.1", "5.0.0", "4.9.3", "4.9.2", "4.8.12"] as const;
