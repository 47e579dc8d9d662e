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
export { assertMayRequireFactors, factorRequired, mustEnrol } from "./policy";
export { hasSecondFactor } from "./state";
export { resetFactors } from "./reset";
