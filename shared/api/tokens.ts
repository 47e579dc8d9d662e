/**
 * The access-token calls of docs/API.md ("Access tokens"), on the shared transport: the console's
 * tokens island and the CLI's `bulwark tokens …` commands use them.
 */
import { z } from "zod";
import { TOKEN_PERMISSIONS, type TokenCreateInput } from "../schemas/accessToken";
import { OkResponseSchema, type OkResponse } from "./responses";
import { createTransport, type ApiClientOptions } from "./transport";

/** One access token as listed and created: never its secret (shown once, in {@link TokenCreatedSchema}). */
export const AccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.enum(TOKEN_PERMISSIONS)),
  teams: z.array(z.object({ slug: z.string(), teamName: z.string() })).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  admin: z.object({ uid: z.string(), username: z.string() }),
});
/** An access token as the API presents it. */
export type AccessToken = z.infer<typeof AccessTokenSchema>;

/** `POST /v2/tokens`'s answer: the token and, this once, its secret (`bwk_…`). */
export const TokenCreatedSchema = z.object({ token: AccessTokenSchema, secret: z.string() });
/** A created token with its secret. */
export type TokenCreated = z.infer<typeof TokenCreatedSchema>;

/** `GET /v2/tokens`'s answer: an admin's live tokens, newest first. */
export const TokenListSchema = z.object({ items: z.array(AccessTokenSchema) });
/** An admin's tokens. */
export type TokenList = z.infer<typeof TokenListSchema>;

/** `DELETE /v2/tokens`'s answer: how many tokens were revoked. */
export const TokensRevokedSchema = z.object({ revoked: z.number().int() });
/** The revoke-all result. */
export type TokensRevoked = z.infer<typeof TokensRevokedSchema>;

/** Whose tokens a list or revoke-all names: an admin's uid (root only for another admin's); default the caller's. */
export interface TokenOwner {
  admin?: string;
}

/** The access-token calls. */
export interface TokensApi {
  /** `POST /v2/tokens`: a new token for the caller; the answer holds the secret, once. */
  create(body: TokenCreateInput): Promise<TokenCreated>;
  /** `GET /v2/tokens[?admin=uid]`. */
  list(owner?: TokenOwner): Promise<TokenList>;
  /** `DELETE /v2/tokens/:id`. */
  revoke(id: string): Promise<OkResponse>;
  /** `DELETE /v2/tokens[?admin=uid]`: every token of the admin. */
  revokeAll(owner?: TokenOwner): Promise<TokensRevoked>;
}

const ownerQuery = (owner: TokenOwner = {}): string => (owner.admin ? `?admin=${encodeURIComponent(owner.admin)}` : "");

/** Builds the access-token calls on one transport. */
export function createTokensApi(options: ApiClientOptions = {}): TokensApi {
  const call = createTransport(options);
  return {
    create: (body) => call("tokenCreate", "POST", "/v2/tokens", TokenCreatedSchema, body),
    list: (owner) => call("tokenList", "GET", `/v2/tokens${ownerQuery(owner)}`, TokenListSchema),
    revoke: (id) => call("tokenRevoke", "DELETE", `/v2/tokens/${encodeURIComponent(id)}`, OkResponseSchema),
    revokeAll: (owner) =>
      call("tokenRevoke", "DELETE", `/v2/tokens${ownerQuery(owner) || "?"}${owner?.admin ? "&" : ""}all=true`, TokensRevokedSchema),
  };
}
