/**
 * The second-factor calls of issue #29 on the shared transport: the profile's MFA section and the
 * sign-in second step (the console's MfaChallengeForm island and `bulwark login`).
 */
import { z } from "zod";
import type { MfaCodeReq, MfaConfirmReq, MfaSignInReq, ReauthReq } from "../schemas/mfa";
import { OkResponseSchema, type OkResponse } from "./responses";
import { createTransport, type ApiClientOptions } from "./transport";

/** `GET /v2/me/mfa`: the caller's factors. */
export const MfaStatusSchema = z.object({
  totp: z.enum(["none", "pending", "active"]),
  recoveryCodesLeft: z.number().int(),
});
/** The caller's factors. */
export type MfaStatusResponse = z.infer<typeof MfaStatusSchema>;

/** `POST /v2/me/mfa/totp`: the new secret as text, its otpauth:// URI, and the URI as an SVG QR code. */
export const TotpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
/** An enrolment in progress. */
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** Confirmation and renewal: the recovery codes, shown this once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** New recovery codes. */
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** A sign-in first step that needs a second one: no token or session yet, only the challenge. */
export const MfaRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string().min(1),
  methods: z.array(z.enum(["totp", "recovery", "passkey"])),
});
/** The second step's invitation. */
export type MfaRequired = z.infer<typeof MfaRequiredSchema>;

/** Whether a sign-in answer asks for the second step. */
export function isMfaRequired(answer: object): answer is MfaRequired {
  return "mfaRequired" in answer && answer.mfaRequired === true;
}

/** `POST /v2/me/reauth`'s answer: with a bearer token, its replacement carrying the new verification time. */
export const ReauthResponseSchema = z.object({ ok: z.literal(true), token: z.string().min(1).optional() });
/** Re-authentication reply. */
export type ReauthResponse = z.infer<typeof ReauthResponseSchema>;

/** The profile's MFA calls. */
export interface MfaApi {
  /** `GET /v2/me/mfa`. */
  status(): Promise<MfaStatusResponse>;
  /** `POST /v2/me/mfa/totp`: start (or restart) setting up an authenticator app. */
  enrolTotp(): Promise<TotpEnrolment>;
  /** `POST /v2/me/mfa/totp/confirm`. */
  confirmTotp(body: MfaConfirmReq): Promise<RecoveryCodes>;
  /** `DELETE /v2/me/mfa/totp`. */
  removeTotp(body: MfaCodeReq): Promise<OkResponse>;
  /** `POST /v2/me/mfa/recovery-codes`. */
  renewRecoveryCodes(body: MfaCodeReq): Promise<RecoveryCodes>;
  /** `POST /v2/admin/mfa/reset` (root): remove another admin's factors. */
  resetFactors(uid: string): Promise<OkResponse>;
  /** `POST /v2/me/reauth`: confirm the password (and a code) again for sudo mode. */
  reauth(body: ReauthReq): Promise<ReauthResponse>;
}

/** Builds the profile's MFA calls on one transport. */
export function createMfaApi(options: ApiClientOptions = {}): MfaApi {
  const call = createTransport(options);
  return {
    status: () => call("mfaRead", "GET", "/v2/me/mfa", MfaStatusSchema),
    enrolTotp: () => call("mfaTotpEnrol", "POST", "/v2/me/mfa/totp", TotpEnrolmentSchema, {}),
    confirmTotp: (body) => call("mfaTotpConfirm", "POST", "/v2/me/mfa/totp/confirm", RecoveryCodesSchema, body),
    removeTotp: (body) => call("mfaTotpRemove", "DELETE", "/v2/me/mfa/totp", OkResponseSchema, body),
    renewRecoveryCodes: (body) => call("mfaRecoveryCodes", "POST", "/v2/me/mfa/recovery-codes", RecoveryCodesSchema, body),
    resetFactors: (uid) => call("mfaReset", "POST", "/v2/admin/mfa/reset", OkResponseSchema, { uid }),
    reauth: (body) => call("reauth", "POST", "/v2/me/reauth", ReauthResponseSchema, body),
  };
}

/** `POST /v2/public/auth/mfa`'s answer: the bearer token, as the one-step sign-in gives it. */
export const MfaTokenSchema = z.object({ token: z.string().min(1), expiresAt: z.string() });

/** The sign-in second step for a bearer token (CLI) or a browser session (the console). */
export interface MfaSignInApi {
  /** `POST /v2/public/auth/mfa`. */
  token(body: MfaSignInReq): Promise<z.infer<typeof MfaTokenSchema>>;
  /** `POST /signin/{lang}/mfa`: the session cookie and where to go next. */
  browser(lang: string, body: MfaSignInReq & { next?: string | null }): Promise<{ redirect: string }>;
}

/** Builds the second-step calls on one transport. */
export function createMfaSignInApi(options: ApiClientOptions = {}): MfaSignInApi {
  const call = createTransport(options);
  return {
    token: (body) => call("signinMfa", "POST", "/v2/public/auth/mfa", MfaTokenSchema, body),
    browser: (lang, body) =>
      call("signinMfa", "POST", `/signin/${encodeURIComponent(lang)}/mfa`, z.object({ redirect: z.string().min(1) }), body),
  };
}
