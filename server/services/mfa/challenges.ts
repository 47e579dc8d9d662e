/**
 * Short-lived single-use challenges: the sign-in second step (issued after a right password, so
 * no session or token exists yet) and WebAuthn ceremonies. 256 random bits go to the client,
 * only their SHA-256 is stored; redeeming deletes the row in one statement, so a challenge
 * completes at most one sign-in even when raced.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, MfaChallengePurpose } from "../../db/types";

/** How long a sign-in second step may take. */
export const CHALLENGE_MINUTES = 5;

const hashOf = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Issues a challenge for the admin; answers the token (the client's only copy). */
export async function issueChallenge(
  db: Kysely<Database>,
  adminId: number,
  purpose: MfaChallengePurpose,
  data: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  // Expired challenges of anyone go with each new one: the table stays as small as the live ones.
  await db.deleteFrom("mfaChallenges").where("expiresAt", "<=", now).execute();
  await db
    .insertInto("mfaChallenges")
    .values({ tokenHash: hashOf(token), adminId, purpose, data, expiresAt: now + CHALLENGE_MINUTES * 60_000, createdAt: now })
    .execute();
  return token;
}

/** A live challenge of this purpose (not expired, not yet redeemed), or null. */
export async function findChallenge(
  db: Kysely<Database>,
  token: string,
  purpose: MfaChallengePurpose,
): Promise<{ id: number; adminId: number; data: string | null } | null> {
  const row = await db
    .selectFrom("mfaChallenges")
    .select(["id", "adminId", "data"])
    .where("tokenHash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("expiresAt", ">", Date.now())
    .executeTakeFirst();
  return row ?? null;
}

/** Redeems a challenge: true for the one caller that deleted it. */
export async function redeemChallenge(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.deleteFrom("mfaChallenges").where("id", "=", id).returning("id").executeTakeFirst();
  return row !== undefined;
}
