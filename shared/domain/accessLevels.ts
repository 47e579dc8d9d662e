/**
 * The access level of a user or an admin (SPEC §3; #31, docs/DECISIONS.md "31 — access level"): a
 * whole number from 0 (lowest) to 9 that an admin sets and the communications service reads, or
 * null (not set: the service applies its own default). Stored as its decimal text in the
 * `access_level` column, so these two functions are the only place that knows the stored form.
 */
import { accessLevelRange } from "../limits";

/** Every access level, lowest first: what pickers offer. */
export const ACCESS_LEVELS: readonly number[] = Array.from(
  { length: accessLevelRange.max - accessLevelRange.min + 1 },
  (_, i) => accessLevelRange.min + i,
);

/** Whether a value is an access level (an integer within the range). */
export function isAccessLevel(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= accessLevelRange.min && (value as number) <= accessLevelRange.max;
}

/**
 * The level a stored value holds; anything that is not a level's decimal text (a value written
 * outside the console before the rule existed) reads as not set, so no answer carries a value the
 * rule refuses.
 */
export function accessLevelFromStored(stored: string | null): number | null {
  if (stored === null || !/^\d{1,2}$/.test(stored)) return null;
  const level = Number(stored);
  return isAccessLevel(level) ? level : null;
}

/** The stored form of a level (null stays null). */
export function accessLevelToStored(level: number | null): string | null {
  return level === null ? null : String(level);
}
