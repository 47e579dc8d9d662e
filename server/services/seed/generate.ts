/**
 * Pure generators of demo rows (no database): a seeded pseudo-random source and builders for
 * teams, users, devices and locations. The same seed gives the same data, run after run.
 */
import type { NewRow, UserStatus } from "../../db/types";
import { APP_VERSIONS, CITIES, COMPANY_KINDS, COMPANY_WORDS, FIRST_NAMES, LAST_NAMES, PLATFORMS, type City } from "./data";

const DAY = 86_400_000;

/** A small, fast, seeded PRNG (mulberry32) with the helpers the generators need. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** `bytes` random bytes as lowercase hex. */
  hex(bytes: number): string {
    let out = "";
    for (let i = 0; i < bytes; i++)
      out += Math.floor(this.next() * 256)
        .toString(16)
        .padStart(2, "0");
    return out;
  }
  /** A random (version 4 layout) UUID from this source, so ids are reproducible too. */
  uuid(): string {
    const h = this.hex(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] ?? "0", 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Lowercase ASCII form of a name for usernames ("Gonçalves" → "goncalves"). */
export function asciiLower(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

/** A demo team and the e-mail domain its users share. */
export interface SeedTeam {
  row: NewRow<"teams">;
  domain: string;
}

/** Builds team number `index` (names repeat with a number once the word list runs out). */
export function buildTeamRow(rng: Random, index: number, tag: string, now: number): SeedTeam {
  const word = COMPANY_WORDS[index % COMPANY_WORDS.length] ?? "Atlas";
  const kind = COMPANY_KINDS[(index * 7 + Math.floor(index / COMPANY_WORDS.length)) % COMPANY_KINDS.length] ?? "Logistics";
  const round = Math.floor(index / (COMPANY_WORDS.length * COMPANY_KINDS.length));
  const name = `${word} ${kind}${round > 0 ? ` ${round + 1}` : ""}`;
  const slug = `${asciiLower(word)}-${asciiLower(kind)}${round > 0 ? `-${round + 1}` : ""}${tag ? `-${tag}` : ""}`;
  const city: City = rng.pick(CITIES);
  const created = now - rng.int(400, 1500) * DAY;
  return {
    domain: `${slug}.example`,
    row: {
      slug,
      teamName: name,
      city: city.city,
      country: city.country,
      timezone: city.timezone,
      language:
        city.country === "PT" || city.country === "BR" || city.country === "AO"
          ? "pt"
          : city.country === "GB" || city.country === "IE" || city.country === "US"
            ? "en"
            : "es",
      createdAt: created,
      updatedAt: created,
    },
  };
}

/** A generated user row plus what its devices need to know. */
export interface SeedUser {
  row: NewRow<"users">;
  alias: string | null;
  city: City;
}

/** Status mix of the demo: about 80 % active, 12 % pending, 8 % blocked. */
function pickStatus(rng: Random): UserStatus {
  const r = rng.next();
  return r < 0.8 ? "active" : r < 0.92 ? "pending" : "blocked";
}

/**
 * When a user was last seen: never for most pending users and ~3 % of the others; otherwise an
 * exponential spread over the past year (half of the users within about three weeks).
 */
function pickLastSeen(rng: Random, status: UserStatus, now: number): number | null {
  if ((status === "pending" && rng.chance(0.7)) || rng.chance(0.03)) return null;
  const ageDays = Math.min(365, -Math.log(1 - rng.next()) * 30);
  return Math.floor(now - ageDays * DAY);
}

/** Builds user number `index` of a run in `team`. */
export function buildUserRow(rng: Random, index: number, tag: string, team: { id: number; domain: string }, now: number): SeedUser {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const status = pickStatus(rng);
  const lastSeenAt = pickLastSeen(rng, status, now);
  const createdAt = (lastSeenAt ?? now) - rng.int(1, 700) * DAY - rng.int(0, DAY);
  const serial = `${tag}${index}`;
  const username = rng.chance(0.8)
    ? `${asciiLower(first)}.${asciiLower(last)}.${serial}@${team.domain}`
    : `${asciiLower(first)}${asciiLower(last).slice(0, 1)}_${serial}`;
  const city = rng.pick(CITIES);
  return {
    row: {
      uid: rng.uuid(),
      username,
      firstName: first,
      lastName: last,
      teamId: team.id,
      status,
      isEcs: rng.chance(0.05) ? 1 : 0,
      isSip: rng.chance(0.08) ? 1 : 0,
      isCellcrypt: rng.chance(0.1) ? 1 : 0,
      ipAddress: lastSeenAt === null ? null : randomIp(rng),
      createdAt,
      updatedAt: createdAt,
      lastSeenAt,
    },
    alias: rng.chance(0.1) ? `${asciiLower(first)}${asciiLower(last)}.${serial}` : null,
    city,
  };
}

/** A public-looking IPv4 address (first octet avoids 0, 10, 127 and multicast). */
export function randomIp(rng: Random): string {
  return `${rng.pick([31, 46, 62, 77, 81, 85, 88, 94, 176, 185, 188, 193, 195, 213])}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

function pickPlatform(rng: Random): (typeof PLATFORMS)[number] {
  const total = PLATFORMS.reduce((sum, p) => sum + p.weight, 0);
  let r = rng.next() * total;
  for (const p of PLATFORMS) {
    r -= p.weight;
    if (r < 0) return p;
  }
  return PLATFORMS[0] as (typeof PLATFORMS)[number];
}

/** A generated device and the locations recorded for it. */
export interface SeedDevice {
  row: NewRow<"devices">;
  locations: Omit<NewRow<"locations">, "deviceId">[];
}

/**
 * The devices of a seen user (1–3; never-seen users have none): the first was used at the
 * user's last-seen time, the others earlier. About 0.2 % carry a wipe request, half of those
 * acknowledged. Each device has one or two locations.
 */
export function buildDevices(rng: Random, userId: number, user: SeedUser, now: number): SeedDevice[] {
  const lastSeen = user.row.lastSeenAt;
  if (lastSeen === null || lastSeen === undefined) return [];
  const createdFloor = user.row.createdAt;
  const count = rng.chance(0.55) ? 1 : rng.chance(0.7) ? 2 : 3;
  const out: SeedDevice[] = [];
  for (let i = 0; i < count; i++) {
    const profile = pickPlatform(rng);
    const seen = i === 0 ? lastSeen : Math.max(createdFloor, lastSeen - rng.int(0, 60) * DAY - rng.int(0, DAY));
    const created = Math.max(createdFloor, seen - rng.int(0, 300) * DAY);
    const wipeRequestedAt = rng.chance(0.002) ? Math.min(now - 60_000, seen + rng.int(1, 48) * 3_600_000) : null;
    const row: NewRow<"devices"> = {
      uid: rng.uuid(),
      userId,
      platform: profile.code,
      appVersion: APP_VERSIONS[Math.min(APP_VERSIONS.length - 1, Math.floor(-Math.log(1 - rng.next()) * 1.2))] ?? "5.0.1",
      deviceName: rng.pick(profile.deviceNames),
      deviceToken: rng.hex(32),
      osVersion: rng.pick(profile.osVersions),
      browser: rng.pick(profile.browsers),
      createdAt: created,
      lastSeenAt: seen,
      wipeRequestedAt,
      wipedAt: wipeRequestedAt !== null && rng.chance(0.5) ? Math.min(now, wipeRequestedAt + rng.int(1, 120) * 60_000) : null,
    };
    const city = rng.chance(0.85) ? user.city : rng.pick(CITIES);
    const locations = [
      {
        city: city.city,
        country: city.country,
        geocountry: city.geocountry,
        ip: i === 0 && user.row.ipAddress ? user.row.ipAddress : randomIp(rng),
        recordedAt: seen,
      },
    ];
    if (rng.chance(0.3)) {
      const before = rng.pick(CITIES);
      locations.push({
        city: before.city,
        country: before.country,
        geocountry: before.geocountry,
        ip: randomIp(rng),
        recordedAt: Math.max(created, seen - rng.int(1, 30) * DAY),
      });
    }
    out.push({ row, locations });
  }
  return out;
}
