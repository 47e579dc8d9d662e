/**
 * Setting a password and the history that keeps an account from reusing its recent ones, for
 * either kind of account (the 'admin password history' and 'user password history' settings).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types";
import type { AccountKind } from "./accountKinds";
import { verifyPassword } from "./passwords";

/** How many old hashes are kept when the caller names no bound: the largest history setting allowed. */
const HISTORY_KEPT = 24;

/** Where each kind's history is kept, and its accounts. */
const HISTORIES = {
  admin: { table: "adminPasswordHistory", owner: "adminId" },
  user: { table: "userPasswordHistory", owner: "userId" },
} as const;

/**
 * Whether the password equals any of the account's last `count` recorded ones. For end users the
 * current hash is checked too: users created before the history was kept (or seeded) have a
 * password but no history row. Every admin password goes through setPassword, so theirs is always
 * the newest row (and a history setting of 0 turns the check off).
 */
export async function isRecentPassword(
  db: Kysely<Database>,
  kind: AccountKind,
  pepper: string,
  ownerId: number,
  sha512Hex: string,
  count: number,
): Promise<boolean> {
  const { table, owner } = HISTORIES[kind];
  const rows = await db
    .selectFrom(table)
    .select("passwordHash")
    .where(sql.ref(owner), "=", ownerId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(count)
    .execute();
  const hashes = new Set(rows.map((row) => row.passwordHash));
  if (kind === "user") {
    const current = await db.selectFrom("users").select("passwordHash").where("id", "=", ownerId).executeTakeFirst();
    if (current?.passwordHash) hashes.add(current.passwordHash);
  }
  for (const hash of hashes) if (await verifyPassword(pepper, hash, sha512Hex)) return true;
  return false;
}

/** Records a new hash in the account's history and drops what no check can ask for any more. */
async function rememberPassword(
  db: Kysely<Database>,
  kind: AccountKind,
  ownerId: number,
  passwordHash: string,
  keep: number,
  now: number,
): Promise<void> {
  const { table, owner } = HISTORIES[kind];
  if (kind === "admin") await db.insertInto("adminPasswordHistory").values({ adminId: ownerId, passwordHash, createdAt: now }).execute();
  else await db.insertInto("userPasswordHistory").values({ userId: ownerId, passwordHash, createdAt: now }).execute();
  const kept = await db
    .selectFrom(table)
    .select("id")
    .where(sql.ref(owner), "=", ownerId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(keep)
    .execute();
  await db
    .deleteFrom(table)
    .where(sql.ref(owner), "=", ownerId)
    .where(
      "id",
      "not in",
      kept.map((row) => row.id),
    )
    .execute();
}

/** How setPassword bounds the history and dates the change. */
export interface PasswordChange {
  /** How many hashes to keep: end users keep their setting's worth; admins, by default, the most any setting asks for. */
  keep?: number;
  now?: number;
}

/**
 * Stores an account's new password hash and records it in the history. For an admin it also bumps
 * the token version, so every earlier session and token ends, and lifts a lockout.
 */
export async function setPassword(
  db: Kysely<Database>,
  kind: AccountKind,
  ownerId: number,
  passwordHash: string,
  change: PasswordChange = {},
): Promise<void> {
  const now = change.now ?? Date.now();
  if (kind === "admin") {
    await db
      .updateTable("admins")
      .set((eb) => ({ passwordHash, tokenVersion: eb("tokenVersion", "+", 1), failedAttempts: 0, lockedUntil: null, updatedAt: now }))
      .where("id", "=", ownerId)
      .execute();
  } else {
    await db.updateTable("users").set({ passwordHash, updatedAt: now }).where("id", "=", ownerId).execute();
  }
  await rememberPassword(db, kind, ownerId, passwordHash, change.keep ?? HISTORY_KEPT, now);
}
