import type { Kysely } from "kysely";
import type { TokenPermission } from "../../../shared/schemas/accessToken";
import type { Database } from "../../db/types";
import { sessionAdminOf, type SessionAdmin } from "../access";
import { accessTokenHash } from "./secret";
import { parsePermissions, parseTeamIds } from "./stored";

/** `last_used_at` is written at most this often per token, so a busy pipeline causes few writes. */
export const TOKEN_LAST_USED_RESOLUTION_MS = 60_000;

/** An accepted access token: its admin (as a session would name them) and what the token narrows. */
export interface AccessTokenCaller {
  admin: SessionAdmin;
  token: { id: number; uid: string; name: string; permissions: TokenPermission[]; teamIds: ReadonlySet<number> | null };
}

/**
 * Accepts a `bwk_` secret when its token exists (revocation deletes it), has not expired, and its
 * admin is active: one query joining the admin, so blocking, terminating or deleting the admin
 * stops the token on the next call on every instance. Notes the use at most once a minute (a
 * conditional update, so concurrent calls write once). Null otherwise.
 */
export async function authenticateAccessToken(
  db: Kysely<Database>,
  secret: string,
  ip: string | null,
  now = Date.now(),
): Promise<AccessTokenCaller | null> {
  const row = await db
    .selectFrom("accessTokens as t")
    .innerJoin("admins as a", "a.id", "t.adminId")
    .select(["t.id", "t.uid as tokenUid", "t.name", "t.permissions", "t.teamIds", "t.expiresAt", "t.lastUsedAt"])
    .select(["a.id as adminId", "a.uid", "a.username", "a.firstName", "a.lastName", "a.role", "a.lang", "a.timezone", "a.status"])
    .where("t.tokenHash", "=", accessTokenHash(secret))
    .executeTakeFirst();
  if (!row || row.status !== "active") return null;
  if (row.expiresAt !== null && Number(row.expiresAt) <= now) return null;
  if (row.lastUsedAt === null || Number(row.lastUsedAt) <= now - TOKEN_LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable("accessTokens")
      .set({ lastUsedAt: now, lastUsedFrom: ip?.slice(0, 45) ?? null })
      .where("id", "=", row.id)
      .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<=", now - TOKEN_LAST_USED_RESOLUTION_MS)]))
      .execute();
  }
  const teamIds = parseTeamIds(row.teamIds);
  return {
    admin: sessionAdminOf(row.adminId, row),
    token: {
      id: row.id,
      uid: row.tokenUid,
      name: row.name,
      permissions: parsePermissions(row.permissions),
      teamIds: teamIds === null ? null : new Set(teamIds),
    },
  };
}
