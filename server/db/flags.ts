/**
 * Booleans are stored as integer 0/1 in both dialects: better-sqlite3 cannot bind JS booleans,
 * and one representation keeps queries identical on SQLite and PostgreSQL.
 */

/** A stored boolean: the only two values a flag column holds (enforced by a CHECK constraint). */
export type Flag = 0 | 1;

/** Converts a boolean to its stored form; use it for every write to a flag column. */
export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** Converts a stored flag back to a boolean; NULL (an absent optional flag) reads as false. */
export function fromFlag(value: number | null | undefined): boolean {
  return value === 1;
}
