/**
 * The typed API client (DESIGN §1 `shared/api`): one function per endpoint of docs/API.md, used by
 * the islands (cookie session + CSRF header) and the CLI (bearer token). It owns the transport
 * rules so callers never build headers, parse envelopes or guess the catalogue prefix of a call.
 */
import type { ProfileUpdateReq, PasswordChangeReq, TerminateReq } from "../schemas/admin";
import type { ConfirmReq, RegisterReq, ResetReq, SignInReq, VerifyReq } from "../schemas/auth";
import { createTransport } from "./transport";
import { createTokensApi, type TokensApi } from "./tokens";
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

export type { ApiClientOptions } from "./transport";
import type { ApiClientOptions } from "./transport";

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
  /** The access-token calls (`/v2/tokens`), on the same server and credential. */
  tokens: TokensApi;
}

/** Builds a client bound to one server and one credential. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const call = createTransport(options);
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
    tokens: createTokensApi(options),
  };
}
