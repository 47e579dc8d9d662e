import { oneOf } from "./builders";

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
