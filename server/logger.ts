import { pino, type Logger, type DestinationStream } from "pino";

/**
 * Paths that carry one-time tokens, in any letter case (issue #32: `/RESET/en/<token>` was logged
 * whole): an admin's `/verify|reset/<lang>/<token>` and an end user's `/register|reset/<token>`
 * (its link names the service's host, but a mistyped one reaches this server). Every segment after
 * the prefix except a lone two-letter language is cut.
 */
const TOKEN_PATH = /^(\/+(?:verify|reset|register)(?:\/+[a-z]{2}(?=\/))?\/+)[^?#]+/i;
/** Query parameters whose values are secrets. */
const SECRET_QUERY = /([?&](?:token|next_token|password|access_token)=)[^&#]*/gi;
/** A language page (`/reset/en`), which has no token to cut. */
const LANGUAGE_PAGE = /^\/+(?:verify|reset|register)\/+[a-z]{2}\/*(?:[?#]|$)/i;

/** Removes one-time tokens from a URL before it is logged. */
export function redactUrl(url: string): string {
  const path = LANGUAGE_PAGE.test(url) ? url : url.replace(TOKEN_PATH, "$1[redacted]");
  return path.replace(SECRET_QUERY, "$1[redacted]");
}

/**
 * Field paths never written to the log: credentials, tokens, cookies and password hashes,
 * wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "password",
  "new_password",
  "token",
  "passwordHash",
  "*.password",
  "*.new_password",
  "*.token",
  "*.passwordHash",
  "*.jwt",
  "serverPrivateKey",
  "*.serverPrivateKey",
];

/** The server's one logger; tests pass a destination to read what it writes. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      base: { service: "bulwark" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
