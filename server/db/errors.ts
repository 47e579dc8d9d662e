/**
 * Recognizes constraint violations from either engine, so services can turn a lost race
 * (two creates of the same slug) into a 409 instead of a 500 without knowing the dialect.
 */

/** The kinds of integrity errors the schema raises. */
export type ConstraintKind = "unique" | "foreign_key" | "not_null" | "check" | "too_long";

/** A classified constraint violation. */
export interface ConstraintViolation {
  kind: ConstraintKind;
  /** For "unique": the columns of the violated key, camelCase as in types.ts (e.g. ["inviteCode"]). */
  columns: string[];
}

const SQLITE_CODES: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_UNIQUE: "unique",
  SQLITE_CONSTRAINT_PRIMARYKEY: "unique",
  SQLITE_CONSTRAINT_FOREIGNKEY: "foreign_key",
  SQLITE_CONSTRAINT_NOTNULL: "not_null",
  SQLITE_CONSTRAINT_CHECK: "check",
};

const POSTGRES_CODES: Record<string, ConstraintKind> = {
  "23505": "unique",
  "23503": "foreign_key",
  "23502": "not_null",
  "23514": "check",
  "22001": "too_long",
};

function field(error: object, name: string): string | undefined {
  const value: unknown = (error as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

const camelCase = (column: string): string => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The columns named by a unique violation: SQLite's message or PostgreSQL's detail. */
function uniqueColumns(error: object): string[] {
  const sqlite = /UNIQUE constraint failed: (.+)$/.exec(field(error, "message") ?? "");
  const postgres = /^Key \(([^)]+)\)=/.exec(field(error, "detail") ?? "");
  const list = sqlite?.[1] ?? postgres?.[1];
  if (!list) return [];
  return list.split(",").map((c) => camelCase(c.trim().split(".").pop() ?? ""));
}

/** Classifies `error` as a constraint violation, or returns null for any other error. */
export function constraintViolation(error: unknown): ConstraintViolation | null {
  if (typeof error !== "object" || error === null) return null;
  const code = field(error, "code");
  if (code === undefined) return null;
  // SQLite reports ON DELETE RESTRICT as SQLITE_CONSTRAINT_TRIGGER; its message names the FK.
  const restrict = code.startsWith("SQLITE_CONSTRAINT") && /FOREIGN KEY constraint failed/.test(field(error, "message") ?? "");
  const kind = restrict ? "foreign_key" : (SQLITE_CODES[code] ?? POSTGRES_CODES[code]);
  if (!kind) return null;
  return { kind, columns: kind === "unique" ? uniqueColumns(error) : [] };
}

/** True when `error` is a unique violation, optionally only one on `column`. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const violation = constraintViolation(error);
  return violation?.kind === "unique" && (column === undefined || violation.columns.includes(column));
}

/** True when `error` is a foreign-key violation (a missing parent, or a RESTRICT on delete). */
export function isForeignKeyViolation(error: unknown): boolean {
  return constraintViolation(error)?.kind === "foreign_key";
}

/**
 * Errors that say "another transaction got in the way", not "this request is wrong": PostgreSQL
 * serialization failure, deadlock and lock timeout (40001, 40P01, 55P03), SQLite's busy and
 * locked results (SQLITE_BUSY*, SQLITE_LOCKED*). Running the whole transaction again is the
 * documented remedy for each, so runTransaction (transaction.ts) retries them.
 */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = field(error, "code");
  if (code === undefined) return false;
  return code === "40001" || code === "40P01" || code === "55P03" || /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code);
}

/**
 * Thrown when a transaction kept losing to concurrent ones after every retry; the API answers
 * it with 503 `contention` and a Retry-After header, never with a 500.
 */
export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
  constructor(
    readonly attempts: number,
    options?: ErrorOptions,
  ) {
    super(`The transaction lost to concurrent ones ${attempts} times`, options);
  }
}
