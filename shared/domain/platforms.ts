/**
 * Device platform codes (SPEC §3) and the platforms that have app-version settings (SPEC §2 /apps).
 */

/** SPEC §3 device platform codes mapped to stable keys (used as i18n key suffixes and in the API). */
export const PLATFORM_CODES = {
  1: "android",
  2: "ios",
  7: "unknown",
  8: "linuxClient",
  9: "ecs",
  10: "pbx",
  11: "sip",
  12: "windowsDesktop",
  13: "osx",
} as const;

/** A known device platform code. */
export type PlatformCode = keyof typeof PLATFORM_CODES;

/** A device platform key. */
export type PlatformKey = (typeof PLATFORM_CODES)[PlatformCode];

/** Every known platform code, ascending; used by list filters and schema enums. */
export const PLATFORM_CODE_LIST: readonly PlatformCode[] = Object.keys(PLATFORM_CODES)
  .map(Number)
  .filter((code): code is PlatformCode => code in PLATFORM_CODES)
  .sort((a, b) => a - b);

/** The SPEC §3 code of the Unknown platform, used for any code the console does not know. */
export const UNKNOWN_PLATFORM_CODE = 7 satisfies PlatformCode;

/** SPEC §3 English names; a fallback for the CLI and for pages before translation. */
export const PLATFORM_NAMES = {
  android: "Android",
  ios: "iOS",
  unknown: "Unknown",
  linuxClient: "Linux Client",
  ecs: "ECS",
  pbx: "PBX",
  sip: "SIP",
  windowsDesktop: "Windows Desktop",
  osx: "OSX",
} as const satisfies Record<PlatformKey, string>;

/** Narrows an unknown value (e.g. a database column) to a known platform code. */
export function isPlatformCode(value: unknown): value is PlatformCode {
  return typeof value === "number" && Number.isInteger(value) && value in PLATFORM_CODES;
}

/** The key of a platform code; any unknown code reads as "unknown". */
export function platformKey(code: number): PlatformKey {
  return isPlatformCode(code) ? PLATFORM_CODES[code] : "unknown";
}

/** The SPEC §3 name of a platform code ("Windows Desktop"); any unknown code reads as "Unknown". */
export function platformName(code: number): string {
  return PLATFORM_NAMES[platformKey(code)];
}

/** Platforms with app-version settings: the /apps tabs and the `apps` settings group (SPEC §2, §3). */
export const APP_PLATFORMS = ["android", "ios", "windows", "ecs"] as const;

/** A platform with app-version settings. */
export type AppPlatform = (typeof APP_PLATFORMS)[number];
