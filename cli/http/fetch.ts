/**
 * The CLI's fetch, handed to the shared API client (`ApiClientOptions.fetch`): undici with the
 * run's one keep-alive dispatcher, a `User-Agent: bulwark-cli/<version>`, one Idempotency-Key per
 * logical write (reused on every retry of it), a time limit per attempt, safe retries, classified
 * network failures, and a `--debug` trace that never shows headers or bodies.
 */
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { fetch as undiciFetch, type Dispatcher } from "undici";
import { parseRetryAfter } from "../../shared/api/transport";
import { APP_VERSION } from "../../shared/limits";
import type { ConfigEnv } from "../configFile";
import { createDispatcher, proxySettings } from "./agent";
import { classifyNetError, NetFailure, type Route } from "./netErrors";
import { MAX_RETRY_AFTER_S, mayRetry, RETRY_STATUSES, shownSeconds, waitMs } from "./retry";

/** The product token every request carries (the access log records it). */
export const USER_AGENT = `bulwark-cli/${APP_VERSION}`;

/** How the run's requests behave; built once per run from flags and environment. */
export interface HttpSettings {
  env: ConfigEnv;
  caFile: string | null;
  /** Time limit of one attempt in ms; 0 means none. */
  timeoutMs: number;
  /** Extra attempts after the first. */
  retries: number;
  /** Writes one line to stderr (retry notices, the debug trace). */
  say(line: string): void;
  /** The failure to throw when the CA file cannot be read (a usage error, exit 2). */
  caFileError(problem: string): Error;
  /** The localized "Retrying in …" line. */
  retryLine(vars: { seconds: string; reason: string; attempt: number; total: number }): string;
  debug: boolean;
}

/** Per-call choices a command may make (a long import, `--version`'s quick look). */
export interface CallSettings {
  timeoutMs?: number;
  retries?: number;
}

function matchesNoProxy(host: string, port: string, noProxy: string): boolean {
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    if (entry === "*") return true;
    const [name = "", entryPort] = entry.split(/:(?=\d+$)/);
    if (entryPort && entryPort !== port) continue;
    const bare = name.replace(/^\*?\./, "");
    if (host === bare || host.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/** The proxy a URL goes through, mirroring EnvHttpProxyAgent's choice (used to name the proxy in errors). */
export function routeFor(url: URL, env: ConfigEnv): Route {
  const settings = proxySettings(env);
  const proxy = url.protocol === "https:" ? settings.httpsProxy : settings.httpProxy;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (!proxy || matchesNoProxy(url.hostname.toLowerCase(), port, settings.noProxy ?? "")) return { host: url.host, proxy: null };
  try {
    return { host: url.host, proxy: new URL(proxy) };
  } catch {
    return { host: url.host, proxy: null };
  }
}

/** Carries the CA file failure past the network classification untouched. */
class CaFileProblem extends Error {
  constructor(readonly error: unknown) {
    super("CA file problem");
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The run's HTTP layer: `fetch(call)` gives a fetch for the API client; `close()` ends kept-alive connections. */
export interface CliHttp {
  fetch(call?: CallSettings): typeof fetch;
  close(): Promise<void>;
}

/** Builds the run's HTTP layer; the dispatcher (and undici) is created on the first request. */
export function createCliHttp(settings: HttpSettings): CliHttp {
  let dispatcher: Promise<Dispatcher> | null = null;
  const getDispatcher = () =>
    (dispatcher ??= Promise.resolve()
      .then(() => createDispatcher({ env: settings.env, caFile: settings.caFile }))
      .catch((error: unknown) => {
        throw settings.caFileError(error instanceof Error ? error.message : String(error));
      }));

  async function attempt(url: string, init: RequestInit, headers: Headers, timeoutMs: number): Promise<Response> {
    const agent = await getDispatcher().catch((error: unknown) => {
      throw new CaFileProblem(error);
    });
    const signal = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : null;
    const response = await undiciFetch(url, {
      method: init.method ?? "GET",
      headers: [...headers.entries()],
      ...(typeof init.body === "string" ? { body: init.body } : {}),
      ...(signal ? { signal } : {}),
      dispatcher: agent,
    });
    return response as unknown as Response;
  }

  function trace(method: string, url: URL, outcome: string, started: number, requestId: string | null): void {
    if (!settings.debug) return;
    const id = requestId ? ` request-id=${requestId}` : "";
    settings.say(`[debug] ${method} ${url.origin}${url.pathname}${url.search} → ${outcome} ${Date.now() - started} ms${id}`);
  }

  return {
    fetch(call = {}) {
      const timeoutMs = call.timeoutMs ?? settings.timeoutMs;
      const retries = Math.max(0, call.retries ?? settings.retries);
      return async (input, init = {}) => {
        const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
        const method = (init.method ?? "GET").toUpperCase();
        const headers = new Headers(init.headers);
        headers.set("User-Agent", USER_AGENT);
        // One key per logical operation: created here, before the first attempt, reused by every retry.
        if (method !== "GET" && method !== "HEAD" && !headers.has("idempotency-key")) headers.set("Idempotency-Key", randomUUID());
        const retryable = mayRetry(method, headers);
        const total = retryable ? retries + 1 : 1;
        const route = routeFor(url, settings.env);
        for (let n = 1; ; n++) {
          const started = Date.now();
          let reason: string;
          let retryAfter: number | undefined;
          try {
            const response = await attempt(url.href, init, headers, timeoutMs);
            trace(method, url, String(response.status), started, response.headers.get("x-request-id"));
            if (!RETRY_STATUSES.has(response.status) || n >= total) return response;
            retryAfter = parseRetryAfter(response.headers.get("retry-after"));
            // Too long to wait for: give the answer back now; the failure names the wait (exit 12).
            if (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_S) return response;
            reason = `${response.status} ${STATUS_CODES[response.status] ?? ""}`.trim();
            await response.body?.cancel();
          } catch (error) {
            if (error instanceof CaFileProblem) throw error.error;
            const failure = error instanceof NetFailure ? error : classifyNetError(error, route);
            trace(method, url, failure.code, started, null);
            if (!failure.transient || n >= total) throw failure;
            reason = failure.detail;
          }
          const wait = waitMs(n + 1, retryAfter);
          settings.say(settings.retryLine({ seconds: shownSeconds(wait), reason, attempt: n + 1, total }));
          await sleep(wait);
        }
      };
    },
    async close() {
      // The run is over: nothing may keep the process alive, not even a body nobody read.
      if (dispatcher) await dispatcher.then((d) => d.destroy()).catch(() => undefined);
    },
  };
}
