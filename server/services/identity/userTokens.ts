/**
 * Single-use tokens for end users (table `user_tokens`, migration 0004), the users' counterpart
 * of oneTimeTokens.ts: 256 random bits (base64url) in the e-mailed link, only a SHA-256 hash
 * stored; a new token withdraws the user's earlier unused ones of the same purpose. The console
 * issues them; the communications service redeems them through the service API.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, UserTokenPurpose } from "../../db/types";


/** The stored form of a token. */
export function userTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Issues a token for the user valid `ttlMinutes`; returns the token itself (for the link only). */
export async function issueUserToken(db: Kysely<Database>, userId: number, purpose: UserTokenPurpose, ttlMinutes: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .updateTable("userTokens")
    .set({ usedAt: now })
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .execute();
  await db
    .insertInto("userTokens")
    .values({ tokenHash: userTokenHash(token), purpose, userId, expiresAt: now + ttlMinutes * 60_000, createdAt: now })
    .execute();
  return token;
}

/**
 * Redeems a token of `purpose` (or of any of several) exactly once (a conditional update, so two
 * concurrent redemptions cannot both succeed): the user's id and the token's purpose, or why it
 * cannot be used.
 */
export async function redeemUserToken(
  db: Kysely<Database>,
  token: string,
  purpose: UserTokenPurpose | readonly UserTokenPurpose[],
  now = Date.now(),
): Promise<{ userId: number; purpose: UserTokenPurpose } | "invalid" | "expired"> {
  const purposes: readonly UserTokenPurpose[] = typeof purpose === "string" ? [purpose] : purpose;
  const row = await db
    .selectFrom("userTokens")
    .select(["id", "userId", "purpose", "expiresAt", "usedAt"])
    .where("tokenHash", "=", userTokenHash(token))
    .executeTakeFirst();
  if (!row || row.usedAt !== null || !purposes.includes(row.purpose)) return "invalid";
  if (row.expiresAt <= now) return "expired";
  const claimed = await db.updateTable("userTokens").set({ usedAt: now }).where("id", "=", row.id).where("usedAt", "is", null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { userId: row.userId, purpose: row.purpose } : "invalid";
}
