/**
 * Bodies of the second-factor calls (issue #29): the profile's enrolment and removal, and the
 * sign-in second step of POST v2/public/auth/mfa and POST /signin/{lang}/mfa.
 */
import { z } from "zod";
import { obj } from "./builders";
import { browser, passwordHash } from "./primitives";

/** A 6-digit TOTP code. */
const totpCode = z.string().regex(/^\d{6}$/);
/** A TOTP code or a recovery code (`xxxx-xxxx-xxxx`; spaces and dashes are ignored). */
const factorCode = z.string().trim().min(6).max(32);

/** `POST v2/me/mfa/totp/confirm`: the first code of the app being set up. */
export const MfaConfirmSchema = obj({ code: totpCode });
/** Confirmation body. */
export type MfaConfirmReq = z.infer<typeof MfaConfirmSchema>;

/** `DELETE v2/me/mfa/totp`, `POST v2/me/mfa/recovery-codes`: a current code proves the factor is at hand. */
export const MfaCodeSchema = obj({ code: factorCode });
/** A body carrying a current code. */
export type MfaCodeReq = z.infer<typeof MfaCodeSchema>;

/** The sign-in second step: the first step's challenge and a code. */
export const MfaSignInSchema = obj({
  challenge: z.string().min(16).max(128),
  code: factorCode,
  browser: browser.optional(),
});
/** Second-step body. */
export type MfaSignInReq = z.infer<typeof MfaSignInSchema>;

/**
 * `POST v2/me/reauth` (sudo mode): the client's SHA-512 of the password, and a TOTP or recovery
 * code when the admin has a factor (`reauthRequired`'s `details.methods` says so).
 */
export const ReauthSchema = obj({ password: passwordHash, code: factorCode.optional() });
/** Re-authentication body. */
export type ReauthReq = z.infer<typeof ReauthSchema>;
