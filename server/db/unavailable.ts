/**
 * Connection-class database failures: the database is down, restarting, unreachable,
 * silent or out of connections. They are not the request's fault and not a bug, so the error
 * handlers answer them 503 `unavailable` with Retry-After rather than 500. This file is the one
 * place that knows what such an error looks like on either engine.
 */
import { statfsSync } from "node:fs";
import path from "node:path";

/**
 * Thrown by the PostgreSQL pool wrapper (pool.ts) when a connection could not be had, broke, or
 * did not answer in time; `cause` keeps the driver's error for the log.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(reason: string, options?: { cause?: unknown }) {
    const cause = options?.cause instanceof Error ? `: ${options.cause.message}` : "";
    super(`Database unavailable, ${reason}${cause}`, options);
  }
}

/**
 * PostgreSQL SQLSTATEs meaning "the server cannot serve you now": class 08 (connection
 * exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many
 * connections), 57014 (statement_timeout cancelled the query), 25P03 (the session was ended by
 * idle_in_transaction_session_timeout).
 */
const POSTGRES_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014|25P03)$/;

/** Socket errors of a database path that is refused, reset, dropped or unresolvable. */
const SOCKET_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** SQLite: the file stayed locked past busy_timeout (connection.ts), or the disk is full (also isStorageFull). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR)/;

function codeOf(error: object): string | undefined {
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/**
 * The driver's own errors that carry no code: pg reports a lost socket, a connect timeout and a
 * pool used after end() only by message. Matched here, where the driver is known, and nowhere else.
 */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/** Whether one error (not its causes) is connection-class. */
function isUnavailableItself(error: object): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = codeOf(error);
  if (code !== undefined && (POSTGRES_UNAVAILABLE.test(code) || SOCKET_UNAVAILABLE.has(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  const message: unknown = (error as { message?: unknown }).message;
  return code === undefined && typeof message === "string" && PG_CONNECTION_MESSAGES.test(message);
}

/**
 * True when `error`, or an error in its `cause` chain (services may wrap), says the database
 * cannot serve now. The API and page error handlers call it once and answer 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    if (isUnavailableItself(current)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The engine's own "no space left" codes: SQLite's SQLITE_FULL (a write that needed a page it
 * could not get; SQLite has already rolled the transaction back) and PostgreSQL's 53100
 * disk_full. Nothing else: a message is never matched where a code exists.
 */
const STORAGE_FULL_CODES: ReadonlySet<string> = new Set(["SQLITE_FULL", "53100"]);

/** The storage-full code of `error` or of an error in its `cause` chain, if any. */
function storageFullCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = codeOf(current);
    if (code !== undefined && STORAGE_FULL_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * True when `error`, or an error in its `cause` chain, says the database's disk is full. The API
 * answers it 503 `storageFull` (before isDatabaseUnavailable, which counts it too, so pages show
 * their "unavailable" page): nothing was written, and retrying helps only once space is freed.
 */
export function isStorageFull(error: unknown): boolean {
  return storageFullCode(error) !== undefined;
}

/** Where the database is, as start-up messages name it: the SQLite file, or PostgreSQL's host and database (no password). */
export interface DatabaseWhereabouts {
  databaseUrl?: string | undefined;
  sqlitePath: string;
}

function describeWhereabouts(where: DatabaseWhereabouts): string {
  const url = where.databaseUrl?.trim();
  if (!url) return `the SQLite database ${path.resolve(where.sqlitePath)}`;
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

/** Less free space than this next to the SQLite file counts as a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** Bytes an unprivileged writer may still use in `directory`, or undefined when it cannot be told. */
function freeBytes(directory: string): number | undefined {
  try {
    const stats = statfsSync(directory);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/**
 * The SQLite I/O error behind `error` when the disk of `file` has (next to) no space left: opening
 * a WAL database on a full disk fails with SQLITE_IOERR_SHMSIZE (its shared-memory file cannot
 * grow), not SQLITE_FULL, so the file system is asked.
 */
function sqliteIoErrorOnFullDisk(error: unknown, file: string): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = codeOf(current);
    if (code?.startsWith("SQLITE_IOERR")) {
      const free = freeBytes(path.dirname(file));
      return free !== undefined && free < NEARLY_FULL_BYTES ? code : undefined;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A start-up failure as the operator should read it: when the disk is full, an Error naming the
 * database's path and the cause (keeping the driver's error as `cause`); any other error as it is.
 */
export function explainStartupFailure(error: unknown, where: DatabaseWhereabouts): unknown {
  const sqliteFile = where.databaseUrl?.trim() || where.sqlitePath === ":memory:" ? undefined : path.resolve(where.sqlitePath);
  const code = storageFullCode(error) ?? (sqliteFile ? sqliteIoErrorOnFullDisk(error, sqliteFile) : undefined);
  if (code === undefined) return error;
  return new Error(
    `Cannot write to ${describeWhereabouts(where)}: the disk that holds it is full (${code}). ` +
      "Free space on that disk (or move the data directory to a larger one), then start Bulwark again.",
    { cause: error },
  );
}

/** Seconds a client should wait before retrying after a 503 (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Retry-After for a full disk: space comes back only when an operator frees it, so clients are
 * told to wait minutes, not seconds (the CLI then stops at once instead of retrying, exit 12).
 */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 300;
