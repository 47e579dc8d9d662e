import { EXIT_CODES } from "../exitCodes";
import type { EntrySpec } from "../types";

const AUTH = EXIT_CODES.authentication;
const EXPIRED_SIGNIN = "This sign-in has expired. Sign in again";
const NOT_FOUND = "Passkey not found. It may have been removed";

/**
 * Passkeys and security keys (WebAuthn, issue #29): the profile's list, registration, renaming and
 * removal, and the sign-in second step with a passkey. A failed assertion exits with 3, like a
 * wrong code.
 */
export const MFA_PASSKEY_ENTRIES = {
  signinPasskeyOptions200: { status: 200, kind: "info", en: "Use your passkey to finish signing in" },
  signinPasskeyOptions404: { status: 404, kind: "error", exit: AUTH, en: "No passkey is set up for this account. Enter a code instead" },
  signinPasskeyOptions410: { status: 410, kind: "error", exit: AUTH, en: EXPIRED_SIGNIN },
  signinPasskey200: { status: 200, kind: "success", en: "Signed in successfully" },
  signinPasskey401: { status: 401, kind: "error", exit: AUTH, en: "The passkey could not be verified. Try again or enter a code" },
  signinPasskey403: { status: 403, kind: "error", exit: AUTH, en: "This account is blocked or locked. Contact your administrator" },
  signinPasskey410: { status: 410, kind: "error", exit: AUTH, en: EXPIRED_SIGNIN },
  mfaPasskeyList200: { status: 200, kind: "success", en: "Passkeys loaded" },
  mfaPasskeyOptions200: { status: 200, kind: "info", en: "Follow your browser's prompt to create the passkey" },
  mfaPasskeyOptions409: { status: 409, kind: "error", en: "You have the most passkeys allowed. Remove one first" },
  mfaPasskeyAdd200: { status: 200, kind: "success", en: "Passkey added" },
  mfaPasskeyAdd400: { status: 400, kind: "error", en: "The passkey could not be verified. Try again" },
  mfaPasskeyAdd409: { status: 409, kind: "error", en: "This passkey is already registered" },
  mfaPasskeyAdd410: { status: 410, kind: "error", en: "This passkey request has expired. Try again" },
  mfaPasskeyRename200: { status: 200, kind: "success", en: "Passkey renamed" },
  mfaPasskeyRename404: { status: 404, kind: "error", en: NOT_FOUND },
  mfaPasskeyRemove200: { status: 200, kind: "success", en: "Passkey removed" },
  mfaPasskeyRemove404: { status: 404, kind: "error", en: NOT_FOUND },
  mfaPasskeyRemove409: {
    status: 409,
    kind: "error",
    en: "Two-step verification is required for your account. Your last factor cannot be removed",
  },
} as const satisfies Record<string, EntrySpec>;
