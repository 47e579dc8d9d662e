/**
 * The transport every API module shares: headers (Bearer token, CSRF on unsafe methods), JSON
 * bodies, the error envelope turned into ApiError with the call's catalogue prefix, and response
 * validation. Resource modules (identity in client.ts, teams, admins, …) are built on it.
 */
import type { z } from "zod";
import type { ActionPrefix } from "../errors";
import { ApiError, readErrorEnvelope } from "./errors";
import { APP_VERSION } from "../limits";
import { reauthChallengeOf, reauthHandlerOf, type ReauthHandler } from "./reauth";

/** How a client reaches the server and proves who it is. */
export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the server; empty for same-origin calls from islands. */
  baseUrl?: string;
  /** Bearer token (CLI, CI); sent as `Authorization: Bearer …`, never in a URL. */
  token?: string;
  /** The session's CSRF token; sent as `X-CSRF-Token` on unsafe methods. */
  csrfToken?: string;
  /** The fetch to use (tests pass a fake); defaults to the global one, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * Who answers a 403 `reauthRequired` (sudo mode) before the call is made once more: the CLI's
   * prompt; `false` for nobody; by default the handler installed with setReauthHandler (the console's).
   */
  onReauth?: ReauthHandler | false;
}

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "DELETE";

const SAFE_METHODS: ReadonlySet<Method> = new Set(["GET"]);

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Seconds to wait from a `Retry-After` value: a number of seconds or an HTTP date (RFC 9110
 * §10.2.3); undefined when absent or unreadable. Shared so the CLI's retries read it the same way.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Statuses whose `Retry-After` says when to come back. */
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** A request body that is not JSON (a CSV file): sent as it is, with its media type. */
export class RawBody {
  constructor(
    readonly type: string,
    readonly text: string,
  ) {}
}

/** One API call: catalogue prefix, method, path, response schema and optional JSON body. */
export type Call = <S extends z.ZodType>(
  prefix: ActionPrefix,
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
) => Promise<z.output<S>>;

/** Builds the call function bound to one server and one credential. */
export function createTransport(options: ApiClientOptions = {}): Call {
  const base = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // A re-authentication may replace a bearer token: later calls of this client use the new one.
  let token = options.token;
  const once = async function call<S extends z.ZodType>(
    prefix: ActionPrefix,
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    // Says the call comes from a Bulwark client, which checks the password policy before hashing
    // (server/http/origin.ts withPasswordPolicy: the access log records it for calls setting a password).
    const headers: Record<string, string> = { Accept: "application/json", "X-Bulwark-Client": `bulwark/${APP_VERSION}` };
    if (body !== undefined) headers["Content-Type"] = body instanceof RawBody ? body.type : "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.csrfToken && !SAFE_METHODS.has(method)) headers["X-CSRF-Token"] = options.csrfToken;
    const init: RequestInit = { method, headers, credentials: "same-origin" };
    if (body !== undefined) init.body = body instanceof RawBody ? body.text : JSON.stringify(body);

    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, init);
    } catch (cause) {
      throw new ApiError({ status: 0, prefix, cause });
    }
    const data = await readBody(response);
    if (!response.ok) {
      const retryAfter = RETRY_AFTER_STATUSES.has(response.status) ? parseRetryAfter(response.headers.get("retry-after")) : undefined;
      throw new ApiError({
        status: response.status,
        prefix,
        ...readErrorEnvelope(data),
        ...(retryAfter === undefined ? {} : { retryAfter }),
      });
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      // The server answered 2xx with something the contract does not describe.
      throw new ApiError({ status: response.status, prefix, code: "unknown", details: parsed.error.issues, cause: parsed.error });
    }
    return parsed.data;
  };
  return async function call<S extends z.ZodType>(
    prefix: ActionPrefix,
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    try {
      return await once(prefix, method, path, schema, body);
    } catch (error) {
      const handler = reauthHandlerOf(options.onReauth);
      if (!(error instanceof ApiError) || error.code !== "reauthRequired" || !handler) throw error;
      // Sudo mode: confirm who is calling, then the same call once more (a second refusal is final).
      const outcome = await handler(reauthChallengeOf(error.details));
      if (!outcome) throw error;
      if (outcome.token) token = outcome.token;
      return once(prefix, method, path, schema, body);
    }
  };
}
