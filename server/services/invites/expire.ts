/**
 * Expiry: housekeeping marks pending invitations past their expiry `expired` and
 * removes their pending users, which frees their seats (they stopped counting at the expiry
 * instant already, see seatsOf). The conditional update claims each row once, so with several
 * processes running the pass a row is expired by exactly one of them.
 */
import type { Kysely } from "kysely";
import { runTransaction } from "../../db/transaction";
import type { Database } from "../../db/types";

/** Rows per pass step: bounded transactions even after a long outage. */
const BATCH = 500;

/** Expires the invitations due at `now`; returns how many this call expired. */
export async function expireInvitations(db: Kysely<Database>, now = Date.now()): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await runTransaction(db, async (trx) => {
      const due = await trx
        .selectFrom("invites")
        .select(["id", "userId"])
        .where("status", "=", "pending")
        .where("expiresAt", "<=", now)
        .orderBy("expiresAt")
        .limit(BATCH)
        .execute();
      if (due.length === 0) return { due: 0, claimed: 0 };
      const ids = due.map((r) => r.id);
      // Claim first (clearing the link, so deleting the user does not cascade to the invitation).
      const claimed = await trx
        .updateTable("invites")
        .set({ status: "expired", userId: null })
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .returning("id")
        .execute();
      const claimedIds = new Set(claimed.map((r) => r.id));
      const userIds = due.flatMap((r) => (claimedIds.has(r.id) && r.userId !== null ? [r.userId] : []));
      if (userIds.length > 0) await trx.deleteFrom("users").where("id", "in", userIds).where("status", "=", "pending").execute();
      return { due: due.length, claimed: claimed.length };
    });
    total += done.claimed;
    if (done.due < BATCH) return total;
  }
}
