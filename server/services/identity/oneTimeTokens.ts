import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, TokenPurpose } from "../../db/types";


/** The stored form: only a hash, so a database leak yields no usable link. */
function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Issues a single-use token (256 random bits, base64url) for e-mailed links; earlier unused
 * tokens of the same purpose for the admin are withdrawn, so only the newest link works.
 */
export async function issueToken(db: Kysely<Database>, adminId: number, purpose: TokenPurpose, ttlMinutes: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .updateTable("oneTimeTokens")
    .set({ usedAt: now })
    .where("adminId", "=", adminId)
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .execute();
  await db
    .insertInto("oneTimeTokens")
    .values({ tokenHash: tokenHash(token), purpose, adminId, expiresAt: now + ttlMinutes * 60_000, createdAt: now })
    .execute();
  return token;
}

/** Why a token could not be redeemed: unknown (or used, or of another purpose), or expired. */
export type TokenProblem = "invalid" | "expired";

/**
 * Redeems a token of one of the given purposes exactly once: the row is marked used by a
 * conditional update, so two concurrent redemptions cannot both succeed.
 */
export async function redeemToken(
  db: Kysely<Database>,
  token: string,
  purposes: readonly TokenPurpose[],
  now = Date.now(),
): Promise<{ adminId: number; purpose: TokenPurpose } | TokenProblem> {
  const row = await db
    .selectFrom("oneTimeTokens")
    .select(["id", "adminId", "purpose", "expiresAt", "usedAt"])
    .where("tokenHash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.usedAt !== null || !purposes.includes(row.purpose)) return "invalid";
  if (row.expiresAt <= now) return "expired";
  const claimed = await db
    .updateTable("oneTimeTokens")
    .set({ usedAt: now })
    .where("id", "=", row.id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "invalid";
  return { adminId: row.adminId, purpose: row.purpose };
}

/**
 * Whether a token of one of the given purposes could be redeemed now, without redeeming it: the
 * page a link opens says at once that it is used or expired, instead of failing on submit
 * (issue 14). Same rules as redeemToken; redeeming still decides.
 */
export async function tokenState(db: Kysely<Database>, token: string, purposes: readonly TokenPurpose[], now = Date.now()): Promise<"valid" | TokenProblem> {
  const row = await db.selectFrom("oneTimeTokens").select(["purpose", "expiresAt", "usedAt"]).where("tokenHash", "=", tokenHash(token)).executeTakeFirst();
  if (!row || row.usedAt !== null || !purposes.includes(row.purpose)) return "invalid";
  return row.expiresAt <= now ? "expired" : "valid";
}

/**
 * The purpose of a token without redeeming it, so a page can word itself for the flow the link
 * belongs to (an invitation's /reset link is an account activation). Used, expired and unknown
 * tokens still answer what they were issued for (or null); redeeming decides validity.
 */
export async function tokenPurpose(db: Kysely<Database>, token: string): Promise<TokenPurpose | null> {
  const row = await db.selectFrom("oneTimeTokens").select("purpose").where("tokenHash", "=", tokenHash(token)).executeTakeFirst();
  return row?.purpose ?? null;
}
