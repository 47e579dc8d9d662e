/**
 * The typed API client (DESIGN §1 `shared/api`): one function per endpoint of docs/API.md, used by
 * the islands (cookie session + CSRF header) and the CLI (bearer token). It owns the transport
 * rules so callers never build headers, parse envelopes or guess the catalogue prefix of a call.
 */
import type { z } from "zod";
import type { ActionPrefix } from "../errors";
import type { ProfileUpdateReq, PasswordChangeReq, TerminateReq } from "../schemas/admin";
import type { ConfirmReq, RegisterReq, ResetReq, SignInReq, VerifyReq } from "../schemas/auth";
import { ApiError, readErrorEnvelope } from "./errors";
import {
  BrowserSignInResponseSchema,
  CaptchaChallengeSchema,
  MeResponseSchema,
  OkResponseSchema,
  PasswordChangeResponseSchema,
  PublicSettingsResponseSchema,
  SignInResponseSchema,
  type BrowserSignInReq,
  type BrowserSignInResponse,
  type CaptchaChallenge,
  type MeResponse,
  type OkResponse,
  type PasswordChangeResponse,
  type PublicSettingsResponse,
  type SignInResponse,
} from "./responses";

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
}

/** The identity calls of docs/API.md. */
export interface ApiClient {
  /** `POST /v2/public/auth`: exchange credentials for a bearer token (CLI login). */
  signIn(body: SignInReq): Promise<SignInResponse>;
  /** `GET /v2/public/settings`. */
  publicSettings(): Promise<PublicSettingsResponse>;
  /** `GET /v2/public/captcha`: an ALTCHA challenge for sign-up. */
  captchaChallenge(): Promise<CaptchaChallenge>;
  /** `POST /v2/public/register`. */
  register(body: RegisterReq): Promise<OkResponse>;
  /** `POST /v2/public/verify`. */
  verify(body: VerifyReq): Promise<OkResponse>;
  /** `POST /v2/public/reset`. */
  reset(body: ResetReq): Promise<OkResponse>;
  /** `POST /v2/public/confirm`. */
  confirm(body: ConfirmReq): Promise<OkResponse>;
  /** `GET /v2/me`. */
  me(): Promise<MeResponse>;
  /** `PUT /v2/me`. */
  updateMe(body: ProfileUpdateReq): Promise<MeResponse>;
  /** `PUT /v2/me/password`; with a bearer token the reply carries the replacement token. */
  changePassword(body: PasswordChangeReq): Promise<PasswordChangeResponse>;
  /** `DELETE /v2/admin/terminate` (JSON body). */
  terminate(body: TerminateReq): Promise<OkResponse>;
  /** `POST /signin/{lang}`: the browser's sign-in page route; sets the session cookie. */
  browserSignIn(lang: string, body: BrowserSignInReq): Promise<BrowserSignInResponse>;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

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

function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** Builds a client bound to one server and one credential. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<S extends z.ZodType>(prefix: ActionPrefix, method: Method, path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.csrfToken && !SAFE_METHODS.has(method)) headers["X-CSRF-Token"] = options.csrfToken;
    const init: RequestInit = { method, headers, credentials: "same-origin" };
    if (body !== undefined) init.body = JSON.stringify(body);

    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, init);
    } catch (cause) {
      throw new ApiError({ status: 0, prefix, cause });
    }
    const data = await readBody(response);
    if (!response.ok) {
      const retryAfter = response.status === 429 ? retryAfterSeconds(response) : undefined;
      throw new ApiError({ status: response.status, prefix, ...readErrorEnvelope(data), ...(retryAfter === undefined ? {} : { retryAfter }) });
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      // The server answered 2xx with something the contract does not describe.
      throw new ApiError({ status: response.status, prefix, code: "unknown", details: parsed.error.issues, cause: parsed.error });
    }
    return parsed.data;
  }

  return {
    signIn: (body) => call("signin", "POST", "/v2/public/auth", SignInResponseSchema, body),
    publicSettings: () => call("publicSettings", "GET", "/v2/public/settings", PublicSettingsResponseSchema),
    // The challenge is the first step of registration, so its failures read as register's.
    captchaChallenge: () => call("register", "GET", "/v2/public/captcha", CaptchaChallengeSchema),
    register: (body) => call("register", "POST", "/v2/public/register", OkResponseSchema, body),
    verify: (body) => call("verify", "POST", "/v2/public/verify", OkResponseSchema, body),
    reset: (body) => call("reset", "POST", "/v2/public/reset", OkResponseSchema, body),
    confirm: (body) => call("confirm", "POST", "/v2/public/confirm", OkResponseSchema, body),
    me: () => call("sessionRead", "GET", "/v2/me", MeResponseSchema),
    updateMe: (body) => call("profileUpdate", "PUT", "/v2/me", MeResponseSchema, body),
    changePassword: (body) => call("passwordChange", "PUT", "/v2/me/password", PasswordChangeResponseSchema, body),
    terminate: (body) => call("terminate", "DELETE", "/v2/admin/terminate", OkResponseSchema, body),
    browserSignIn: (lang, { next, ...rest }) =>
      call("signin", "POST", `/signin/${encodeURIComponent(lang)}`, BrowserSignInResponseSchema, next ? { ...rest, next } : rest),
  };
}
