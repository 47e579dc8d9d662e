import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { runTransaction } from "../../db/transaction";
import { enqueueMail } from "../../mail/outbox";

const DAY_MS = 86_400_000;

/** A token is reminded about this long before it expires (once). */
export const TOKEN_EXPIRY_NOTICE_DAYS = 7;

/** Expired tokens stay listed this long (so their owner sees why a pipeline stopped), then housekeeping removes them. */
export const EXPIRED_TOKEN_RETENTION_DAYS = 30;

/**
 * Queues the e-mail to each token's admin (an active one) about 7 days before the token expires,
 * once per token (`expiry_notified_at`, set in the same transaction as the queued mail, with a
 * conditional update so two instances never queue it twice). In the admin's language; the link
 * is the console's tokens page. Answers how many were queued.
 */
export async function sendTokenExpiryReminders(db: Kysely<Database>, publicUrl: string, now = Date.now()): Promise<number> {
  const due = await db
    .selectFrom("accessTokens as t")
    .innerJoin("admins as a", "a.id", "t.adminId")
    .select(["t.id", "t.name", "t.expiresAt", "a.username", "a.firstName", "a.lang"])
    .where("t.expiryNotifiedAt", "is", null)
    .where("t.expiresAt", ">", now)
    .where("t.expiresAt", "<=", now + TOKEN_EXPIRY_NOTICE_DAYS * DAY_MS)
    .where("a.status", "=", "active")
    .execute();
  let sent = 0;
  for (const token of due) {
    const expiresAt = Number(token.expiresAt);
    const queued = await runTransaction(db, async (trx) => {
      const claimed = await trx
        .updateTable("accessTokens")
        .set({ expiryNotifiedAt: now })
        .where("id", "=", token.id)
        .where("expiryNotifiedAt", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return false;
      const queued = await enqueueMail(
        trx,
        {
          to: token.username,
          template: "accessTokenExpiry",
          lang: token.lang,
          params: {
            firstName: token.firstName,
            link: `${publicUrl}/tokens`,
            name: token.name,
            days: String(Math.max(1, Math.ceil((expiresAt - now) / DAY_MS))),
            expiration: new Date(expiresAt).toISOString().slice(0, 10),
          },
        },
        now,
      );
      // null: e-mail notifications are off; the reminder stays recorded as done (server/mail/switch.ts).
      return queued !== null;
    });
    if (queued) sent++;
  }
  return sent;
}

/** Removes tokens expired longer ago than the retention (revoked ones are deleted at once); answers how many. */
export async function pruneExpiredTokens(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom("accessTokens")
    .where("expiresAt", "<=", now - EXPIRED_TOKEN_RETENTION_DAYS * DAY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
