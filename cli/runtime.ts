/**
 * What every command needs from its surroundings, gathered in one object so commands never read
 * process.env or process.stdout themselves: streams, environment, the translator, the output,
 * and where to connect (DESIGN §9: `--url`/`--token` or `BULWARK_URL`/`BULWARK_TOKEN` override
 * the config file entirely, so CI needs no file and never prompts).
 */
import type { Writable } from "node:stream";
import { peekCurrentToken, type ConfigEnv } from "./configFile";
import { usageError } from "./errors";
import type { CallSettings, CliHttp, HttpSettings } from "./http/fetch";
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
  /** A PEM file of extra CAs to trust (`--ca-file`, env BULWARK_CA_FILE). */
  caFile?: string;
  /** Seconds one request attempt may take (`--timeout`, env BULWARK_TIMEOUT, default 30). */
  timeout?: string;
  /** Extra attempts of a request that may safely be repeated (`--retries`, env BULWARK_RETRIES, default 3). */
  retries?: string;
  /** Trace requests on stderr (`--debug`, env BULWARK_DEBUG=1). */
  debug?: boolean;
}

/** Where a command connects: a server URL, the token (null for public calls), and the context used. */
export interface Connection {
  url: string;
  token: string | null;
  /** The stored context's name; null in CI mode (flags or environment). */
  context: string | null;
}

/** Default time limit of one API call attempt. */
export const CALL_TIMEOUT_MS = 30_000;
/** Default number of retries of a request that may be repeated. */
export const DEFAULT_RETRIES = 3;

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
  /** The run's fetch for the shared API modules (`ApiClientOptions.fetch`); `call` overrides the time limit or retries. */
  fetch(call?: CallSettings): typeof fetch;
  /** Ends the run's kept-alive connections. */
  closeHttp(): Promise<void>;
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

/** A whole number from a flag or variable within [min, max]; a usage error naming `what` otherwise. */
function wholeNumber(raw: string | undefined, fallback: number, min: number, max: number, what: string, t: Translate): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw usageError(t("http.badNumber", { what, value: text, min, max }));
  return Number(text);
}

/** The run's HTTP settings from the global options and the environment (flags win); bad values are usage errors. */
function httpSettings(io: CliIO, globals: GlobalOptions, t: Translate): HttpSettings {
  const env = io.env;
  const pick = (flag: string | undefined, name: string) => (flag !== undefined ? flag : env[name]);
  const timeoutS = wholeNumber(pick(globals.timeout, "BULWARK_TIMEOUT"), CALL_TIMEOUT_MS / 1000, 1, 86_400, "--timeout", t);
  const retries = wholeNumber(pick(globals.retries, "BULWARK_RETRIES"), DEFAULT_RETRIES, 0, 10, "--retries", t);
  const caFile = pick(globals.caFile, "BULWARK_CA_FILE")?.trim() || null;
  const debugEnv = env.BULWARK_DEBUG?.trim();
  return {
    env,
    caFile,
    timeoutMs: timeoutS * 1000,
    retries,
    debug: globals.debug === true || (debugEnv !== undefined && debugEnv !== "" && debugEnv !== "0"),
    say: (line) => io.stderr.write(`${line}\n`),
    retryLine: (vars) => t("retry.waiting", vars),
    caFileError: (problem) => usageError(t("http.caFileUnreadable", { file: caFile ?? "", problem })),
  };
}

/** The language messages use before any command runs: `--lang`, else the token that would be used, else en. */
export function startLanguage(argLang: Language | null, env: ConfigEnv): Language {
  if (argLang) return argLang;
  const fromEnv = tokenLanguage(env.BULWARK_TOKEN);
  if (fromEnv) return fromEnv;
  return tokenLanguage(peekCurrentToken(env)) ?? "en";
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
  let settings: HttpSettings | null = null;
  let http: Promise<CliHttp> | null = null;
  // The transport (undici, node:http, node:tls) is imported on the first request, not at start.
  const getHttp = (checked: HttpSettings) => (http ??= import("./http/fetch").then((m) => m.createCliHttp(checked)));
  return {
    io,
    lang,
    t,
    translator,
    globals,
    output: (json) => createOutput({ json, stdout: io.stdout, stderr: io.stderr, env: io.env }),
    fetch(call) {
      const checked = (settings ??= httpSettings(io, globals(), t)); // now: a bad --timeout fails before any request
      return async (input, init) => (await getHttp(checked)).fetch(call)(input, init);
    },
    closeHttp: async () => {
      if (http) await (await http).close();
    },
  };
}
