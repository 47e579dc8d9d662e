import { pino, type Logger, type DestinationStream } from "pino";

/** Path segments that carry one-time tokens; they are cut from every logged URL. */
const TOKEN_PATH = /^(\/(?:verify|reset)\/[^/]+\/)[^/?#]+/;
/** Query parameters whose values are secrets. */
const SECRET_QUERY = /([?&](?:token|next_token|password|access_token)=)[^&#]*/gi;

/** Removes one-time tokens from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATH, "$1[redacted]").replace(SECRET_QUERY, "$1[redacted]");
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
