/** An admin's second factors (issue #29): TOTP, recovery codes, the sign-in second step. */
export {
  checkFactorCode,
  confirmTotp,
  type MfaStatus,
  mfaStatusOf,
  removeTotp,
  renewRecoveryCodes,
  startTotpEnrolment,
  useFactorCode,
} from "./factors";
export { type MfaChange, recordMfaChange } from "./notify";
export { RECOVERY_CODE_COUNT } from "./recoveryCodes";
export { checkSecondStep, type MfaMethod, type MfaPending, type SecondStepInput, startSecondStep } from "./signIn";
export {
  assertMayRequireFactors,
  enrolmentState,
  type EnrolmentState,
  factorRequired,
  forgetMfaPolicy,
  MFA_POLICY_CACHE_MS,
  mustEnrol,
} from "./policy";
export { announceMfaPolicy, type PolicyFlags } from "./announce";
export { reauthenticate, type ReauthInput } from "./reauth";
export {
  registerSecondFactor,
  secondFactorMethods,
  type SecondFactorProof,
  type SecondFactorVerifier,
  verifySecondFactor,
} from "./secondFactor";
export { assertMayCreateToken, assertRecentVerification, REAUTH_WINDOW_MINUTES, SUDO_BULK_THRESHOLD, type VerificationState } from "./sudo";
export { hasSecondFactor } from "./state";
export { resetFactors } from "./reset";
export { checkPasskeyStep, passkeySignInOptions } from "./passkeysSignIn";
export {
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  type PasskeyRecord,
} from "./passkeysRegistry";
