import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, requireRoot, type Scope } from "../access";
import { runTransaction } from "../../db/transaction";

/** Every service token starts with this, so it is told apart from an admin JWT at a glance. */
export const SERVICE_TOKEN_PREFIX = "bws_";

/** `last_used_at` is written at most this often per token, so busy services cause few writes. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A service token as stored, without its hash: what the list call presents. */
export interface ServiceTokenRecord {
  id: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** The caller of a service route, once its token is accepted. */
export interface ServiceCaller {
  tokenId: number;
  name: string;
}

/** The stored form of a token: SHA-256 hex (the token has 256 random bits, so no salt is needed). */
export function serviceTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Lists every service token, newest first (root only). */
export async function listServiceTokens(ctx: ServiceContext, scope: Scope): Promise<ServiceTokenRecord[]> {
  requireRoot(scope);
  return ctx.db
    .selectFrom("serviceTokens")
    .select(["id", "name", "createdAt", "lastUsedAt", "revokedAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * Creates a service token (root only): `bws_` + 32 random bytes in base64url. Only its hash is
 * stored; the token itself is in this answer and nowhere else.
 */
export async function createServiceToken(
  ctx: ServiceContext,
  scope: Scope,
  name: string,
  origin: RequestOrigin,
): Promise<{ id: number; name: string; token: string }> {
  requireRoot(scope);
  const token = SERVICE_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return runTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto("serviceTokens")
      .values({ name, tokenHash: serviceTokenHash(token), createdBy: scope.adminId, createdAt: Date.now() })
      .returning(["id", "name"])
      .executeTakeFirstOrThrow();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      { action: "serviceToken.create", target: { type: "serviceToken", id: String(row.id) }, details: { name } },
    );
    return { id: row.id, name: row.name, token };
  });
}

/** Revokes a token (root only); unknown → 404, an already revoked token stays revoked (no new entry). */
export async function revokeServiceToken(ctx: ServiceContext, scope: Scope, id: number, origin: RequestOrigin): Promise<void> {
  requireRoot(scope);
  await runTransaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom("serviceTokens").select(["id", "name", "revokedAt"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError("notFound", 404);
    if (row.revokedAt !== null) return;
    await trx.updateTable("serviceTokens").set({ revokedAt: Date.now() }).where("id", "=", id).where("revokedAt", "is", null).execute();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      { action: "serviceToken.revoke", target: { type: "serviceToken", id: String(id) }, details: { name: row.name } },
    );
  });
}

/**
 * Accepts a presented token when it is an active (not revoked) service token, and notes its use
 * at most once a minute (a conditional update, so concurrent calls write once). Null otherwise.
 */
export async function authenticateServiceToken(db: Kysely<Database>, token: string, now = Date.now()): Promise<ServiceCaller | null> {
  if (!token.startsWith(SERVICE_TOKEN_PREFIX)) return null;
  const row = await db
    .selectFrom("serviceTokens")
    .select(["id", "name", "lastUsedAt", "revokedAt"])
    .where("tokenHash", "=", serviceTokenHash(token))
    .executeTakeFirst();
  if (!row || row.revokedAt !== null) return null;
  if (row.lastUsedAt === null || row.lastUsedAt <= now - LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable("serviceTokens")
      .set({ lastUsedAt: now })
      .where("id", "=", row.id)
      .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<=", now - LAST_USED_RESOLUTION_MS)]))
      .execute();
  }
  return { tokenId: row.id, name: row.name };
}
