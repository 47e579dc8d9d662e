import { createRequire } from "node:module";
import { pino, type Logger, type DestinationStream, type LevelWithSilent } from "pino";
import type { PrettyOptions } from "pino-pretty";

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

/**
 * How the process talks to whoever reads its output. A person at a terminal gets one readable
 * banner, pretty lines outside production and no line per request (unless LOG_LEVEL=debug or
 * trace) so the setup link does not scroll away; a log collector (no terminal) or production gets
 * the JSON lines it always got.
 */
export interface LogPresentation {
  /** JSON lines, or pino-pretty's human lines (development on a terminal). */
  format: "json" | "pretty";
  /** The multi-line start banner (URL, database, edition, mail, setup link) instead of the one-line notices. */
  banner: boolean;
  /** The level of each request's log line; "debug" hides it at the default LOG_LEVEL=info. */
  requestLevel: "info" | "debug";
}

/** Decides the presentation from the three things it depends on (pure, so it is tested as such). */
export function logPresentation(input: { isTTY: boolean; env: string; logLevel: string }): LogPresentation {
  const terminal = input.isTTY;
  const verbose = input.logLevel === "debug" || input.logLevel === "trace";
  return {
    format: terminal && input.env !== "production" ? "pretty" : "json",
    banner: terminal,
    requestLevel: terminal && !verbose ? "debug" : "info",
  };
}

/**
 * The level of one request's line: failures stay visible at a terminal (error), the rest at the
 * presentation's level. Only used at a terminal; elsewhere pino-http's default is kept.
 */
export function requestLogLevel(requestLevel: LogPresentation["requestLevel"], statusCode: number, error?: Error): LevelWithSilent {
  return error || statusCode >= 500 ? "error" : requestLevel;
}

const requireOptional = createRequire(import.meta.url);

/** pino-pretty as a synchronous stream; undefined where it is not installed (a production image). */
function prettyStream(): DestinationStream | undefined {
  try {
    const build = requireOptional("pino-pretty") as (options: PrettyOptions) => DestinationStream;
    return build({ colorize: true, sync: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname,service" });
  } catch {
    return undefined;
  }
}

/** The server's one logger; tests pass a destination to read what it writes. */
export function createLogger(level: string, destination?: DestinationStream, format: LogPresentation["format"] = "json"): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      base: { service: "bulwark" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? (format === "pretty" ? prettyStream() : undefined),
  );
}

/** What the start banner shows. */
export interface BannerFacts {
  version: string;
  url: string;
  listening: string;
  database: string;
  edition: string;
  mail: string;
  /** The one-time setup notice, when there is no root administrator yet. */
  setup?: string | undefined;
  logLevel: string;
}

/** The start banner printed at a terminal: everything an operator needs, once, last. */
export function startBanner(facts: BannerFacts): string {
  const local = facts.listening === facts.url ? "" : ` (listening on ${facts.listening})`;
  const lines = [
    "",
    `  Bulwark ${facts.version}`,
    `  Bulwark console: ${facts.url}${local}`,
    `  Database:        ${facts.database}`,
    `  Edition:         ${facts.edition}`,
    `  Mail:            ${facts.mail}`,
    ...(facts.setup ? ["", ...facts.setup.split("\n").map((line) => `  ${line}`)] : []),
    "",
    facts.logLevel === "debug" || facts.logLevel === "trace"
      ? "  Logging every request (LOG_LEVEL=" + facts.logLevel + ")."
      : "  Requests are not logged here; LOG_LEVEL=debug shows them. Warnings and errors follow.",
    "",
  ];
  return `${lines.join("\n")}\n`;
}
