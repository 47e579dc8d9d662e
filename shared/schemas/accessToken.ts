import { z } from "zod";
import { intIn, obj, objectError, oneOf, requiredText, uniqueList } from "./builders";
import { slug, uid } from "./primitives";

/**
 * What an access token for automation may do beyond reading. Every token may read what its admin
 * (narrowed to the token's companies) may read; each further permission opens the writes of one
 * area, and `full` every write its admin may make. Tokens never reach their own management,
 * passwords, factors or account termination, whatever they carry.
 */
export const TOKEN_PERMISSIONS = ["read", "users", "invites", "licenses", "full"] as const;

/** One permission of an access token. */
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

/** A token permission as a request field. */
export const TokenPermissionSchema = oneOf(TOKEN_PERMISSIONS);

/** Every access token's secret starts with this, so secret scanners and log redaction can spot it. */
export const ACCESS_TOKEN_PREFIX = "bwk_";

/** The longest token name (trimmed). */
export const TOKEN_NAME_MAX = 64;

/** The default lifetime of a new token when the request names none (capped by the root's maximum). */
export const TOKEN_DEFAULT_DAYS = 90;

/** The most companies one token may be limited to (the admin's own scope bounds it further). */
export const TOKEN_TEAMS_MAX = 1000;

/**
 * `POST /v2/tokens`: a named token for the caller. `expiresInDays` 1..366 (the server applies the
 * root's maximum; null only when tokens without expiry are allowed; omitted = the default);
 * `teams` limits it to some of the caller's companies (omitted or empty = all of them).
 */
export const TokenCreateSchema = obj({
  name: requiredText(TOKEN_NAME_MAX, { trim: true }),
  expiresInDays: intIn({ min: 1, max: 366 }).nullable().optional(),
  permissions: uniqueList(TokenPermissionSchema, { min: 1, max: TOKEN_PERMISSIONS.length }),
  teams: uniqueList(slug, { min: 0, max: TOKEN_TEAMS_MAX }).optional(),
});
/** Token creation body. */
export type TokenCreateReq = z.infer<typeof TokenCreateSchema>;
/** Token creation body as a client sends it. */
export type TokenCreateInput = z.input<typeof TokenCreateSchema>;

/** `GET /v2/tokens` and `DELETE /v2/tokens`: whose tokens (an admin's uid; default the caller's own). */
export const TokenOwnerQuerySchema = z.object({ admin: uid.optional() }, { error: objectError });
/** The owner filter. */
export type TokenOwnerQuery = z.infer<typeof TokenOwnerQuerySchema>;

/**
 * `DELETE /v2/tokens?all=true`: revoking every token must be asked for by name, so a client that
 * builds `/v2/tokens/<id>` with an empty id (`/v2/tokens/`) gets a 400, not a revoke-all.
 */
export const TokenRevokeAllQuerySchema = z.object({ admin: uid.optional(), all: oneOf(["true"]) }, { error: objectError });
/** Whose tokens to revoke, all of them. */
export type TokenRevokeAllQuery = z.infer<typeof TokenRevokeAllQuerySchema>;
