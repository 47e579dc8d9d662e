/**
 * What every command needs from its surroundings, gathered in one object so commands never read
 * process.env or process.stdout themselves: streams, environment, the translator, the output,
 * and where to connect (DESIGN §9: `--url`/`--token` or `BULWARK_URL`/`BULWARK_TOKEN` override
 * the config file entirely, so CI needs no file and never prompts).
 */
import type { Writable } from "node:stream";
import { createApiClient, type ApiClient } from "../shared/api";
import { readConfig, type ConfigEnv } from "./config";
import { CliError, usageError } from "./errors";
import { createTranslator, tokenLanguage, type Language, type Translate } from "./i18n";
import { createOutput, type OutStream, type Output } from "./output";
import type { InStream } from "./prompt";

/** The process around one CLI run; bin/bulwark.mjs passes the real one, tests may pass fakes. */
export interface CliIO {
  argv: readonly string[];
  env: ConfigEnv;
  stdin: InStream;
  stdout: OutStream & Writable;
  stderr: OutStream & Writable;
}

/** The global options (root command). */
export interface GlobalOptions {
  url?: string;
  token?: string;
  lang?: Language;
}

/** Where a command connects: a server URL, the token (null for public calls), and the context used. */
export interface Connection {
  url: string;
  token: string | null;
  /** The stored context's name; null in CI mode (flags or environment). */
  context: string | null;
}

/** Default time limit of one API call. */
export const CALL_TIMEOUT_MS = 30_000;

/** The per-run services handed to every command group. */
export interface CliContext {
  readonly io: CliIO;
  /** The language chosen at start: `--lang`, else the token's `lang` claim, else en. */
  readonly lang: Language;
  readonly t: Translate;
  /** A translator for another language (login prints its success in the new token's language). */
  translator(lang: Language): Translate;
  /** The global options as commander parsed them. */
  globals(): GlobalOptions;
  /** The output for a command, JSON or human. */
  output(json: boolean): Output;
  /** Where to connect; `needToken` refuses (exit 3) when no token is known. */
  connection(options: { context?: string; needToken: boolean }): Connection;
  /** The shared API client for a connection, with a time limit on every call. */
  client(connection: Connection, timeoutMs?: number): ApiClient;
}

/** A URL from the command line or environment, normalised; a usage error when it is not http(s). */
export function normaliseUrl(raw: string, t: Translate): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(t("errors.badUrl", { url: raw }));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw usageError(t("errors.badUrl", { url: raw }));
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** The URL and token given by flags or environment (flags win); empty values count as unset. */
export function overrides(globals: GlobalOptions, env: ConfigEnv): { url: string | null; token: string | null } {
  const pick = (...values: (string | undefined)[]) => values.find((v) => v !== undefined && v.trim() !== "")?.trim() ?? null;
  return { url: pick(globals.url, env.BULWARK_URL), token: pick(globals.token, env.BULWARK_TOKEN) };
}

/** A fetch that gives up after `ms`; a timeout then reads as a network failure (`net`). */
export function fetchWithTimeout(ms: number): typeof fetch {
  return (input, init) => globalThis.fetch(input, { ...init, signal: AbortSignal.timeout(ms) });
}

/** The language messages use before any command runs: `--lang`, else the token that would be used, else en. */
export function startLanguage(argLang: Language | null, env: ConfigEnv): Language {
  if (argLang) return argLang;
  const fromEnv = tokenLanguage(env.BULWARK_TOKEN);
  if (fromEnv) return fromEnv;
  try {
    const config = readConfig(env);
    const current = config.current ? config.contexts[config.current] : undefined;
    return tokenLanguage(current?.token) ?? "en";
  } catch {
    return "en"; // a damaged file is reported by the command that needs it, in English
  }
}

/** Builds the context of one run. `globals` is read lazily because commander fills it while parsing. */
export function createCliContext(io: CliIO, lang: Language, globals: () => GlobalOptions): CliContext {
  const translators = new Map<Language, Translate>();
  const translator = (l: Language): Translate => {
    let t = translators.get(l);
    if (!t) translators.set(l, (t = createTranslator(l)));
    return t;
  };
  const t = translator(lang);
  return {
    io,
    lang,
    t,
    translator,
    globals,
    output: (json) => createOutput({ json, stdout: io.stdout, stderr: io.stderr, env: io.env }),
    connection({ context, needToken }) {
      const given = overrides(globals(), io.env);
      if (given.token && !given.url) throw usageError(t("errors.tokenWithoutUrl"));
      if (given.url && (given.token || !needToken) && context === undefined) {
        return { url: normaliseUrl(given.url, t), token: given.token, context: null };
      }
      if (given.url && needToken && context === undefined) throw new CliError("notSignedIn", t("errors.urlWithoutToken"));
      const config = readConfig(io.env);
      const name = context ?? config.current;
      if (!name) throw new CliError("notSignedIn", t("errors.notSignedIn"));
      const stored = config.contexts[name];
      if (!stored) throw new CliError("contextNotFound", t("errors.contextNotFound", { context: name }));
      if (needToken && !stored.token) throw new CliError("notSignedIn", t("errors.signedOut", { context: name, url: stored.url }));
      return { url: stored.url, token: stored.token, context: name };
    },
    client(connection, timeoutMs = CALL_TIMEOUT_MS) {
      return createApiClient({
        baseUrl: connection.url,
        ...(connection.token ? { token: connection.token } : {}),
        fetch: fetchWithTimeout(timeoutMs),
      });
    },
  };
}
