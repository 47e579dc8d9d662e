/**
 * Access tokens as the API presents them (docs/API.md "Access tokens"): the public uid as `id`,
 * times as ISO 8601 UTC; never the secret's hash. The secret appears only in the create answer.
 */
import type { AccessToken, TokenCreated, TokenList } from "../../../shared/api/tokens";
import type { AccessTokenRecord } from "../../services/accessTokens";

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** One token. */
export function presentAccessToken(token: AccessTokenRecord): AccessToken {
  return {
    id: token.uid,
    name: token.name,
    permissions: token.permissions,
    teams: token.teams,
    createdAt: new Date(token.createdAt).toISOString(),
    expiresAt: iso(token.expiresAt),
    lastUsedAt: iso(token.lastUsedAt),
    lastUsedFrom: token.lastUsedFrom,
    admin: token.admin,
  };
}

/** `GET /v2/tokens`. */
export function presentTokenList(tokens: readonly AccessTokenRecord[]): TokenList {
  return { items: tokens.map(presentAccessToken) };
}

/** `POST /v2/tokens`: the token and its secret, this once. */
export function presentTokenCreated(created: { token: AccessTokenRecord; secret: string }): TokenCreated {
  return { token: presentAccessToken(created.token), secret: created.secret };
}
