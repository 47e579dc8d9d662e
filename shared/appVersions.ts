/**
 * App versions as comparable keys. A device's `app_version` is free-form
 * ("5.2.1-beta"); the key is its first three numeric parts, each zero-padded to six digits and
 * capped at 999999, so keys compare as text like the versions compare as numbers (5.10.0 >
 * 5.9.0). Migration 0014 computes the same key in SQL (`devices.version_key`, kept by triggers).
 */

const LEADING_VERSION = /^([0-9]+)\.([0-9]+)\.([0-9]+)/;
const CAP = 999_999;

/** The comparable key of a version, or null when it does not start with `digits.digits.digits`. */
export function appVersionKey(version: string | null | undefined): string | null {
  const match = version ? LEADING_VERSION.exec(version) : null;
  if (!match) return null;
  return match
    .slice(1, 4)
    .map((part) => String(Math.min(Number(part), CAP)).padStart(6, "0"))
    .join("");
}

/** Whether a device's version is below its platform's minimum (an unparsable version is not). */
export function isBelowMinimum(version: string | null | undefined, minVersion: string): boolean {
  const key = appVersionKey(version);
  const min = appVersionKey(minVersion);
  return key !== null && min !== null && key < min;
}
