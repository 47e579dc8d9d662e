import { EXIT_CODES } from "../exitCodes";
import type { EntrySpec } from "../types";

const AUTH = EXIT_CODES.authentication;
const LOCKED = "Too many wrong codes. This account is locked for a while; a super administrator can lift the lock";

/**
 * An admin's second factors (issue #29): the sign-in second step, enrolment and removal of an
 * authenticator app, recovery codes. Every wrong code exits with 3, like a wrong password.
 */
export const MFA_ENTRIES = {
  mfaEnrolRequired: {
    status: 403,
    kind: "error",
    exit: AUTH,
    en: "Two-step verification is required for your account. Set up an authenticator app in your profile first",
  },
  signinMfa200: { status: 200, kind: "success", en: "Signed in successfully" },
  signinMfa401: {
    status: 401,
    kind: "error",
    exit: AUTH,
    en: "Invalid code. Check your authenticator app or use a recovery code",
  },
  signinMfa403: { status: 403, kind: "error", exit: AUTH, en: "This account is blocked or locked. Contact your administrator" },
  signinMfa410: { status: 410, kind: "error", exit: AUTH, en: "This sign-in has expired. Sign in again" },
  mfaRead200: { status: 200, kind: "success", en: "Two-step verification loaded" },
  mfaTotpEnrol200: { status: 200, kind: "info", en: "Scan the QR code with your authenticator app, then enter a code to confirm" },
  mfaTotpEnrol409: { status: 409, kind: "error", en: "An authenticator app is already set up. Remove it first" },
  mfaTotpConfirm200: {
    status: 200,
    kind: "success",
    en: "Authenticator app set up. Keep your recovery codes somewhere safe",
  },
  mfaTotpConfirm403: { status: 403, kind: "error", exit: AUTH, en: "Invalid code. Check the time on your device and try again" },
  mfaTotpConfirm404: { status: 404, kind: "error", en: "No authenticator app is being set up. Start again" },
  mfaTotpConfirm429: { status: 429, kind: "error", exit: AUTH, en: LOCKED },
  mfaTotpRemove200: { status: 200, kind: "success", en: "Authenticator app removed" },
  mfaTotpRemove403: { status: 403, kind: "error", exit: AUTH, en: "Invalid code. Check your authenticator app or use a recovery code" },
  mfaTotpRemove409: {
    status: 409,
    kind: "error",
    en: "Two-step verification is required for your account. The authenticator app cannot be removed",
  },
  mfaTotpRemove404: { status: 404, kind: "error", en: "No authenticator app is set up" },
  mfaTotpRemove429: { status: 429, kind: "error", exit: AUTH, en: LOCKED },
  mfaRecoveryCodes200: { status: 200, kind: "success", en: "New recovery codes created. The earlier ones no longer work" },
  mfaRecoveryCodes403: {
    status: 403,
    kind: "error",
    exit: AUTH,
    en: "Invalid code. Check your authenticator app or use a recovery code",
  },
  mfaRecoveryCodes404: { status: 404, kind: "error", en: "Set up an authenticator app first" },
  mfaRecoveryCodes429: { status: 429, kind: "error", exit: AUTH, en: LOCKED },
  mfaReset200: { status: 200, kind: "success", en: "Two-step verification reset. The administrator was told by e-mail" },
  mfaReset403: { status: 403, kind: "error", en: "Only a super administrator can reset two-step verification" },
  mfaReset404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  mfaReset409: { status: 409, kind: "error", en: "You cannot reset your own two-step verification. Use your profile" },
  // Sudo mode (issue #29 item 5): a dangerous call after the last verification went stale, and POST /v2/me/reauth.
  reauthRequired: {
    status: 403,
    kind: "error",
    exit: AUTH,
    en: "Confirm it is you: enter your password again to continue",
  },
  reauth200: { status: 200, kind: "success", en: "Identity confirmed. You can continue" },
  reauth403: { status: 403, kind: "error", exit: AUTH, en: "Wrong password or code. Try again" },
  reauth429: { status: 429, kind: "error", exit: AUTH, en: LOCKED },
  tokenCreate403: {
    status: 403,
    kind: "error",
    exit: AUTH,
    en: "Set up two-step verification for your account before creating an access token",
  },
} as const satisfies Record<string, EntrySpec>;
