/**
 * End users' passwords (SPEC §8, §9): the history check ('user password history' setting), the
 * history record, and `POST /v2/service/users/password`, where the communications service's user
 * portal sets a password from a reset or registration link the console e-mailed (userReset.ts,
 * userAccounts.ts). Passwords arrive as SHA-512 hex and are stored as argon2id (passwords.ts).
 */
import type { Kysely } from "kysely";
import type { UserPasswordSetReq } from "../../../shared/schemas/service";
import { runTransaction } from "../../db/transaction";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { hashPassword, verifyPassword } from "../identity";
import type { ServiceCaller } from "../identity";
import { readSettings } from "../settings";
import { redeemUserToken } from "../identity";


/**
 * Whether the password equals the user's current one or any of their last `count` recorded ones.
 * The current hash is checked too because users created before the history was kept (or seeded)
 * have a password but no history row.
 */
export async function isRecentUserPassword(db: Kysely<Database>, pepper: string, userId: number, sha512Hex: string, count: number): Promise<boolean> {
  const rows = await db
    .selectFrom("userPasswordHistory")
    .select("passwordHash")
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(count)
    .execute();
  const current = await db.selectFrom("users").select("passwordHash").where("id", "=", userId).executeTakeFirst();
  const hashes = new Set(rows.map((row) => row.passwordHash));
  if (current?.passwordHash) hashes.add(current.passwordHash);
  for (const hash of hashes) if (await verifyPassword(pepper, hash, sha512Hex)) return true;
  return false;
}

/**
 * Stores a user's new password hash and records it in the history, keeping only the last `keep`
 * entries (the 'user password history' setting): older hashes serve no check, so they go.
 */
export async function recordUserPassword(db: Kysely<Database>, userId: number, passwordHash: string, keep: number, now = Date.now()): Promise<void> {
  await db.updateTable("users").set({ passwordHash, updatedAt: now }).where("id", "=", userId).execute();
  await db.insertInto("userPasswordHistory").values({ userId, passwordHash, createdAt: now }).execute();
  const kept = await db
    .selectFrom("userPasswordHistory")
    .select("id")
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(keep)
    .execute();
  await db
    .deleteFrom("userPasswordHistory")
    .where("userId", "=", userId)
    .where(
      "id",
      "not in",
      kept.map((row) => row.id),
    )
    .execute();
}

/** What the service learns about the user whose password was set. */
export interface UserPasswordSetResult {
  user: string;
  username: string;
  status: string;
}

/**
 * Redeems a `reset` or `register` token and sets the user's password: 404 `userPassword404` for
 * an unknown, used or withdrawn token, 410 `userPassword410` for an expired one, 422
 * `userPassword422` for one of the user's last N passwords (nothing is written and the token stays
 * usable, so the user can choose another). A `register` token activates a pending user. The
 * access-log entry names the service token, never the link or the password.
 */
export async function setUserPasswordByToken(
  ctx: ServiceContext,
  input: UserPasswordSetReq,
  caller: ServiceCaller,
  origin: RequestOrigin,
): Promise<UserPasswordSetResult> {
  const { db, config } = ctx;
  const pepper = config.secrets.passwordPepper;
  const { security } = await readSettings(db);
  const passwordHash = await hashPassword(pepper, input.password);
  return runTransaction(db, async (trx) => {
    const now = Date.now();
    const redeemed = await redeemUserToken(trx, input.token, ["reset", "register"], now);
    if (redeemed === "invalid") throw new AppError("userPassword404", 404);
    if (redeemed === "expired") throw new AppError("userPassword410", 410);
    if (await isRecentUserPassword(trx, pepper, redeemed.userId, input.password, security.userPasswordHistory)) {
      throw new AppError("userPassword422", 422);
    }
    await recordUserPassword(trx, redeemed.userId, passwordHash, security.userPasswordHistory, now);
    if (redeemed.purpose === "register") {
      await trx.updateTable("users").set({ status: "active" }).where("id", "=", redeemed.userId).where("status", "=", "pending").execute();
    }
    const user = await trx.selectFrom("users").select(["uid", "username", "status", "teamId"]).where("id", "=", redeemed.userId).executeTakeFirstOrThrow();
    await recordAccess(trx, { actor: null, ...origin }, {
      action: redeemed.purpose === "register" ? "user.register" : "user.password.reset",
      target: { type: "user", id: user.uid },
      teamId: user.teamId,
      details: { serviceToken: caller.name, status: user.status },
    });
    return { user: user.uid, username: user.username, status: user.status };
  });
}
