import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { TOKEN_DEFAULT_DAYS, type TokenCreateReq, type TokenPermission } from "../../../shared/schemas/accessToken";
import type { CatalogueCode } from "../../../shared/errors";
import { constraintViolation } from "../../db/errors";
import { runTransaction } from "../../db/transaction";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, isRootScope, type Scope } from "../access";
import { recordAccess } from "../accessLog";
import { readSettings } from "../settings";
import { accessTokenHash, newAccessTokenSecret } from "./secret";
import { parsePermissions, parseTeamIds } from "./stored";

const DAY_MS = 86_400_000;

/** A token as the list and the create call present it (never its secret or hash). */
export interface AccessTokenRecord {
  uid: string;
  name: string;
  permissions: TokenPermission[];
  teams: { slug: string; teamName: string }[] | null;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  lastUsedFrom: string | null;
  admin: { uid: string; username: string };
}

/** Whose tokens a call is about: the caller's own, or (root only) another admin's. */
interface Owner {
  id: number;
  uid: string;
  username: string;
}

async function ownerOf(db: Kysely<Database>, scope: Scope, adminUid: string | undefined, notFound: CatalogueCode): Promise<Owner> {
  if (adminUid === undefined || adminUid === scope.uid) return { id: scope.adminId, uid: scope.uid, username: scope.username };
  if (!isRootScope(scope)) throw new AppError("forbidden", 403);
  const row = await db.selectFrom("admins").select(["id", "uid", "username"]).where("uid", "=", adminUid).executeTakeFirst();
  if (!row) throw new AppError(notFound, 404);
  return row;
}

/** The token's expiry from the request and the root's settings: default min(90, max) days; null only when allowed. */
async function expiryOf(db: Kysely<Database>, days: number | null | undefined, now: number): Promise<number | null> {
  const { security } = await readSettings(db);
  if (days === null) {
    if (!security.accessTokenNoExpiry) throw new AppError("tokenCreate400", 400);
    return null;
  }
  const chosen = days ?? Math.min(TOKEN_DEFAULT_DAYS, security.accessTokenMaxDays);
  if (chosen > security.accessTokenMaxDays) throw new AppError("tokenCreate400", 400);
  return now + chosen * DAY_MS;
}

/** The companies a new token is limited to, by slug, within the caller's scope (root: any); null for all. */
async function teamsOf(db: Kysely<Database>, scope: Scope, slugs: readonly string[] | undefined) {
  if (!slugs || slugs.length === 0) return null;
  const rows = await db
    .selectFrom("teams")
    .select(["id", "slug", "teamName"])
    .where("slug", "in", [...slugs])
    .execute();
  const allowed = rows.filter((row) => isRootScope(scope) || scope.teamIds.has(row.id));
  // An unknown company and one outside the scope read alike, so the call reveals no slug.
  if (allowed.length !== slugs.length) throw new AppError("tokenCreate404", 404);
  return allowed.sort((a, b) => a.slug.localeCompare(b.slug));
}

/**
 * Creates a named token for the caller (a session, never a token: the route refuses those). The
 * secret is in this answer and nowhere else; only its SHA-256 is stored. A name already used by
 * one of the caller's tokens is 409.
 */
export async function createAccessToken(
  ctx: ServiceContext,
  scope: Scope,
  input: TokenCreateReq,
  origin: RequestOrigin,
  now = Date.now(),
): Promise<{ token: AccessTokenRecord; secret: string }> {
  const expiresAt = await expiryOf(ctx.db, input.expiresInDays, now);
  const teams = await teamsOf(ctx.db, scope, input.teams);
  const secret = newAccessTokenSecret();
  const uid = randomUUID();
  const permissions = [...input.permissions];
  try {
    await runTransaction(ctx.db, async (trx) => {
      const taken = await trx
        .selectFrom("accessTokens")
        .select("id")
        .where("adminId", "=", scope.adminId)
        .where("name", "=", input.name)
        .executeTakeFirst();
      if (taken) throw new AppError("tokenCreate409", 409);
      await trx
        .insertInto("accessTokens")
        .values({
          uid,
          adminId: scope.adminId,
          name: input.name,
          tokenHash: accessTokenHash(secret),
          permissions: JSON.stringify(permissions),
          teamIds: teams === null ? null : JSON.stringify(teams.map((team) => team.id)),
          createdAt: now,
          expiresAt,
          lastUsedAt: null,
          lastUsedFrom: null,
          expiryNotifiedAt: null,
        })
        .execute();
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "accessToken.create",
          target: { type: "accessToken", id: uid },
          details: { name: input.name, permissions, ...(teams ? { teams: teams.map((team) => team.slug) } : {}) },
        },
      );
    });
  } catch (error) {
    if (constraintViolation(error)?.kind === "unique") throw new AppError("tokenCreate409", 409);
    throw error;
  }
  const token: AccessTokenRecord = {
    uid,
    name: input.name,
    permissions,
    teams: teams === null ? null : teams.map(({ slug, teamName }) => ({ slug, teamName })),
    createdAt: now,
    expiresAt,
    lastUsedAt: null,
    lastUsedFrom: null,
    admin: { uid: scope.uid, username: scope.username },
  };
  return { token, secret };
}

/**
 * An admin's tokens, newest first: the caller's own, or (root) another admin's. Expired tokens
 * stay listed, with their past expiry, until they are revoked or the housekeeping removes them.
 */
export async function listAccessTokens(ctx: ServiceContext, scope: Scope, adminUid?: string): Promise<AccessTokenRecord[]> {
  const owner = await ownerOf(ctx.db, scope, adminUid, "tokenList404");
  const rows = await ctx.db
    .selectFrom("accessTokens")
    .select(["uid", "name", "permissions", "teamIds", "createdAt", "expiresAt", "lastUsedAt", "lastUsedFrom"])
    .where("adminId", "=", owner.id)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const parsed = rows.map((row) => ({ row, teamIds: parseTeamIds(row.teamIds) }));
  const ids = [...new Set(parsed.flatMap(({ teamIds }) => teamIds ?? []))];
  const teams =
    ids.length === 0 ? [] : await ctx.db.selectFrom("teams").select(["id", "slug", "teamName"]).where("id", "in", ids).execute();
  const byId = new Map(teams.map((team) => [team.id, { slug: team.slug, teamName: team.teamName }]));
  return parsed.map(({ row, teamIds }) => ({
    uid: row.uid,
    name: row.name,
    permissions: parsePermissions(row.permissions),
    // A company deleted since is left out (the token reaches nothing there any more).
    teams: teamIds === null ? null : teamIds.flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.slug.localeCompare(b.slug)),
    createdAt: Number(row.createdAt),
    expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
    lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
    lastUsedFrom: row.lastUsedFrom,
    admin: { uid: owner.uid, username: owner.username },
  }));
}

/** Revokes one token (deletes it): the caller's own, or any for root; anything else is 404 (no hint it exists). */
export async function revokeAccessToken(ctx: ServiceContext, scope: Scope, uid: string, origin: RequestOrigin): Promise<void> {
  await runTransaction(ctx.db, async (trx) => {
    const row = await trx
      .selectFrom("accessTokens as t")
      .innerJoin("admins as a", "a.id", "t.adminId")
      .select(["t.id", "t.name", "t.adminId", "a.username"])
      .where("t.uid", "=", uid)
      .executeTakeFirst();
    if (!row || (row.adminId !== scope.adminId && !isRootScope(scope))) throw new AppError("tokenRevoke404", 404);
    await trx.deleteFrom("accessTokens").where("id", "=", row.id).execute();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      { action: "accessToken.revoke", target: { type: "accessToken", id: uid }, details: { name: row.name, admin: row.username } },
    );
  });
}

/** Revokes every token of an admin (the caller's own by default; another's: root only); answers how many. */
export async function revokeAllAccessTokens(
  ctx: ServiceContext,
  scope: Scope,
  adminUid: string | undefined,
  origin: RequestOrigin,
): Promise<number> {
  const owner = await ownerOf(ctx.db, scope, adminUid, "tokenList404");
  return runTransaction(ctx.db, async (trx) => {
    const result = await trx.deleteFrom("accessTokens").where("adminId", "=", owner.id).executeTakeFirst();
    const revoked = Number(result.numDeletedRows);
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      { action: "accessToken.revokeAll", target: { type: "admin", id: owner.uid }, details: { admin: owner.username, revoked } },
    );
    return revoked;
  });
}
