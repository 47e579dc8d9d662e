/** Access tokens for automation: an admin's named `bwk_` credentials, narrowed by permission and companies. */
export { authenticateAccessToken, type AccessTokenCaller, TOKEN_LAST_USED_RESOLUTION_MS } from "./authenticate";
export { type AccessTokenRecord, createAccessToken, listAccessTokens, revokeAccessToken, revokeAllAccessTokens } from "./manage";
export { isAccessTokenSecret } from "./secret";
export { pruneExpiredTokens, sendTokenExpiryReminders, TOKEN_EXPIRY_NOTICE_DAYS } from "./expiry";
