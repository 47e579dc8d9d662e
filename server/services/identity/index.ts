/** Proving who someone is: sign-in, one-time tokens, passwords and their history, lockout, registration, password reset, captcha, service tokens. */
export type { AccountKind, TokenPurposes } from "./accountKinds";
export { CaptchaService, pruneCaptchaRedemptions } from "./captcha";
export { signSessionToken, verifySessionToken } from "./jwt";
export { type LinkMail, type LinkRecipient, mailOneTimeLink, mailPasswordReset } from "./linkMail";
export { assertCurrentPassword, type BudgetedCheck, checkBudgeted, checkPasswordBudgeted } from "./lockout";
export { issueToken, redeemToken, tokenAdminUsername, tokenPurpose, tokenState } from "./oneTimeTokens";
export { isRecentPassword, type PasswordChange, setPassword } from "./passwordHistory";
export { confirmPassword, requestPasswordReset } from "./passwordReset";
export { hashPassword, verifyPassword } from "./passwords";
export { register, uniqueTeamSlug, verifyAccount } from "./registration";
export {
  authenticateServiceToken,
  createServiceToken,
  listServiceTokens,
  revokeServiceToken,
  SERVICE_TOKEN_PREFIX,
  type ServiceCaller,
  type ServiceTokenRecord,
  serviceTokenHash,
} from "./serviceTokens";
export { completeSignIn, issueApiToken, type SecondFactorCheck, signIn, type SignInResult } from "./signIn";
