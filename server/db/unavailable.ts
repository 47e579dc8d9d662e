/**
 * Connection-class database failures: the database is down, restarting, unreachable,
 * silent or out of connections. They are not the request's fault and not a bug, so the error
 * handlers answer them 503 `unavailable` with Retry-After rather than 500. This file is the one
 * place that knows what such an error looks like on either engine.
 */

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

/** SQLite: the file stayed locked past busy_timeout (connection.ts), or the disk is full. */
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

/** Seconds a client should wait before retrying after a 503 (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;
