/**
 * Single-use tokens for e-mailed links, for either kind of account: 256 random bits (base64url) in
 * the link, only a SHA-256 hash stored, so a database leak yields no usable link. A new token
 * withdraws the account's earlier unused ones of the same purpose, so only the newest link works.
 */
import { createHash, randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types";
import type { AccountKind, TokenPurposes } from "./accountKinds";

/** Where each kind's tokens are kept: the table and the column naming the account. */
const STORES = {
  admin: { table: "oneTimeTokens", owner: "adminId" },
  user: { table: "userTokens", owner: "userId" },
} as const;

/** Why a token could not be redeemed: unknown (or used, or of another purpose), or expired. */
export type TokenProblem = "invalid" | "expired";

/** A redeemed token: the account it was issued to and what for. */
export interface RedeemedToken<K extends AccountKind> {
  ownerId: number;
  purpose: TokenPurposes[K];
}

/** The stored form of a token. */
function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

interface StoredToken<K extends AccountKind> {
  id: number;
  ownerId: number;
  purpose: TokenPurposes[K];
  expiresAt: number;
  usedAt: number | null;
}

async function findToken<K extends AccountKind>(db: Kysely<Database>, kind: K, token: string): Promise<StoredToken<K> | undefined> {
  const { table, owner } = STORES[kind];
  const row = await db
    .selectFrom(table)
    .select(["id", "purpose", "expiresAt", "usedAt", sql<number>`${sql.ref(owner)}`.as("ownerId")])
    .where("tokenHash", "=", tokenHash(token))
    .executeTakeFirst();
  return row as StoredToken<K> | undefined;
}

/** Issues a token for the account valid `ttlMinutes`; returns the token itself (for the link only). */
export async function issueToken<K extends AccountKind>(
  db: Kysely<Database>,
  kind: K,
  ownerId: number,
  purpose: TokenPurposes[K],
  ttlMinutes: number,
  now = Date.now(),
): Promise<string> {
  const { table, owner } = STORES[kind];
  const token = randomBytes(32).toString("base64url");
  await db
    .updateTable(table)
    .set({ usedAt: now })
    .where(db.dynamic.ref(owner), "=", ownerId)
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .execute();
  const row = { tokenHash: tokenHash(token), purpose, expiresAt: now + ttlMinutes * 60_000, createdAt: now };
  if (kind === "admin")
    await db
      .insertInto("oneTimeTokens")
      .values({ ...row, purpose: purpose as TokenPurposes["admin"], adminId: ownerId })
      .execute();
  else
    await db
      .insertInto("userTokens")
      .values({ ...row, purpose: purpose as TokenPurposes["user"], userId: ownerId })
      .execute();
  return token;
}

/**
 * Redeems a token of one of the given purposes exactly once: the row is marked used by a
 * conditional update, so two concurrent redemptions cannot both succeed.
 */
export async function redeemToken<K extends AccountKind>(
  db: Kysely<Database>,
  kind: K,
  token: string,
  purposes: readonly TokenPurposes[K][],
  now = Date.now(),
): Promise<RedeemedToken<K> | TokenProblem> {
  const row = await findToken(db, kind, token);
  if (!row || row.usedAt !== null || !purposes.includes(row.purpose)) return "invalid";
  if (row.expiresAt <= now) return "expired";
  const claimed = await db
    .updateTable(STORES[kind].table)
    .set({ usedAt: now })
    .where("id", "=", row.id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { ownerId: row.ownerId, purpose: row.purpose } : "invalid";
}

/**
 * Whether a token of one of the given purposes could be redeemed now, without redeeming it: the
 * page a link opens says at once that it is used or expired, instead of failing on submit. Same
 * rules as redeemToken; redeeming still decides.
 */
export async function tokenState<K extends AccountKind>(
  db: Kysely<Database>,
  kind: K,
  token: string,
  purposes: readonly TokenPurposes[K][],
  now = Date.now(),
): Promise<"valid" | TokenProblem> {
  const row = await findToken(db, kind, token);
  if (!row || row.usedAt !== null || !purposes.includes(row.purpose)) return "invalid";
  return row.expiresAt <= now ? "expired" : "valid";
}

/**
 * The purpose of a token without redeeming it, so a page can word itself for the flow the link
 * belongs to (an invitation's /reset link is an account activation). Used, expired and unknown
 * tokens still answer what they were issued for (or null); redeeming decides validity.
 */
export async function tokenPurpose<K extends AccountKind>(db: Kysely<Database>, kind: K, token: string): Promise<TokenPurposes[K] | null> {
  return (await findToken(db, kind, token))?.purpose ?? null;
}

/**
 * The username of the administrator a usable token (unused, unexpired, of one of `purposes`) was
 * issued to, or null: the activation and new-password pages name the account the link acts on,
 * so whoever holds the link sees which account they are about to activate.
 */
export async function tokenAdminUsername(
  db: Kysely<Database>,
  token: string,
  purposes: readonly TokenPurposes["admin"][],
  now = Date.now(),
): Promise<string | null> {
  const row = await findToken(db, "admin", token);
  if (!row || row.usedAt !== null || row.expiresAt <= now || !purposes.includes(row.purpose)) return null;
  const admin = await db.selectFrom("admins").select("username").where("id", "=", row.ownerId).executeTakeFirst();
  return admin?.username ?? null;
}
