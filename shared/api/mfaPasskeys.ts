/**
 * The passkey calls of issue #29 on the shared transport: the profile's passkey list (the MfaSettings
 * island) and the sign-in second step with a passkey (MfaChallengeForm).
 */
import { z } from "zod";
import type { PasskeyAddReq, PasskeyRenameReq, PasskeySignInReq } from "../schemas/mfaPasskey";
import { MfaTokenSchema, RecoveryCodesSchema } from "./mfa";
import { OkResponseSchema, type OkResponse } from "./responses";
import { createTransport, type ApiClientOptions } from "./transport";

/** One passkey as the profile lists it (never its key material). */
export const PasskeySchema = z.object({
  uid: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
/** One passkey. */
export type Passkey = z.infer<typeof PasskeySchema>;

/** `GET /v2/me/mfa/passkeys`: the caller's passkeys, oldest first. */
export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) });
/** The caller's passkeys. */
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/**
 * WebAuthn options as @simplewebauthn/server builds them (PublicKeyCredentialCreationOptionsJSON
 * or …RequestOptionsJSON): handed to the browser library as they are, so only the challenge is named.
 */
const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** `POST /v2/me/mfa/passkeys/options`: the creation options and the challenge token the registration returns with. */
export const PasskeyRegistrationOptionsSchema = z.object({ challenge: z.string(), options: WebAuthnOptionsSchema });
/** A registration in progress. */
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptionsSchema>;

/** `POST /v2/me/mfa/passkeys`: the new passkey, and recovery codes (shown once) when it is the admin's first factor. */
export const PasskeyAddedSchema = z.object({ passkey: PasskeySchema, recoveryCodes: RecoveryCodesSchema.shape.recoveryCodes });
/** A registered passkey. */
export type PasskeyAdded = z.infer<typeof PasskeyAddedSchema>;

/** `POST /v2/public/auth/mfa/passkey/options`: the request options for the sign-in's passkey. */
export const PasskeySignInOptionsResponseSchema = z.object({ options: WebAuthnOptionsSchema });

/** The profile's passkey calls. */
export interface PasskeysApi {
  list(): Promise<PasskeyList>;
  registrationOptions(): Promise<PasskeyRegistrationOptions>;
  add(body: PasskeyAddReq): Promise<PasskeyAdded>;
  rename(uid: string, body: PasskeyRenameReq): Promise<OkResponse>;
  remove(uid: string): Promise<OkResponse>;
}

/** Builds the profile's passkey calls on one transport. */
export function createPasskeysApi(options: ApiClientOptions = {}): PasskeysApi {
  const call = createTransport(options);
  const one = (uid: string) => `/v2/me/mfa/passkeys/${encodeURIComponent(uid)}`;
  return {
    list: () => call("mfaPasskeyList", "GET", "/v2/me/mfa/passkeys", PasskeyListSchema),
    registrationOptions: () => call("mfaPasskeyOptions", "POST", "/v2/me/mfa/passkeys/options", PasskeyRegistrationOptionsSchema, {}),
    add: (body) => call("mfaPasskeyAdd", "POST", "/v2/me/mfa/passkeys", PasskeyAddedSchema, body),
    rename: (uid, body) => call("mfaPasskeyRename", "PUT", one(uid), OkResponseSchema, body),
    remove: (uid) => call("mfaPasskeyRemove", "DELETE", one(uid), OkResponseSchema),
  };
}

/** The second step with a passkey, for a bearer token or a browser session. */
export interface PasskeySignInApi {
  options(challenge: string): Promise<z.infer<typeof PasskeySignInOptionsResponseSchema>>;
  token(body: PasskeySignInReq): Promise<z.infer<typeof MfaTokenSchema>>;
  browser(lang: string, body: PasskeySignInReq & { next?: string | null }): Promise<{ redirect: string }>;
}

/** Builds the passkey second-step calls on one transport. */
export function createPasskeySignInApi(options: ApiClientOptions = {}): PasskeySignInApi {
  const call = createTransport(options);
  return {
    options: (challenge) =>
      call("signinPasskeyOptions", "POST", "/v2/public/auth/mfa/passkey/options", PasskeySignInOptionsResponseSchema, { challenge }),
    token: (body) => call("signinPasskey", "POST", "/v2/public/auth/mfa/passkey", MfaTokenSchema, body),
    browser: (lang, body) =>
      call("signinPasskey", "POST", `/signin/${encodeURIComponent(lang)}/mfa/passkey`, z.object({ redirect: z.string().min(1) }), body),
  };
}
