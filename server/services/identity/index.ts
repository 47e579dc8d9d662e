/** Proving who someone is: sign-in, tokens, passwords and their history, lockout, registration, password reset, captcha, service tokens. */
export { CaptchaService, pruneCaptchaRedemptions } from "./captcha";
export { signSessionToken, verifySessionToken } from "./jwt";
export { assertCurrentPassword, type BudgetedCheck, checkPasswordBudgeted } from "./lockout";
export { issueToken, tokenPurpose, tokenState } from "./oneTimeTokens";
export { confirmPassword, requestPasswordReset } from "./passwordReset";
export { hashPassword, isRecentAdminPassword, setAdminPassword, verifyPassword } from "./passwords";
export { register, uniqueTeamSlug, verifyAccount } from "./registration";
export { authenticateServiceToken, createServiceToken, listServiceTokens, revokeServiceToken, SERVICE_TOKEN_PREFIX, type ServiceCaller, serviceTokenHash } from "./serviceTokens";
export { issueApiToken, signIn } from "./signIn";
export { issueUserToken, redeemUserToken } from "./userTokens";
