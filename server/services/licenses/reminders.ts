/**
 * Expiry reminders: a team's finance contact is e-mailed 30, 7 and 1 days
 * before a pack expires. Each reminder is a row of `license_reminders`, UNIQUE per (pack,
 * threshold, expiration), inserted with ON CONFLICT DO NOTHING in the same transaction as its
 * outbox mail: however many processes run the pass, and however often, only the insert that
 * wins sends the mail. Extending a pack changes its expiration, so the new date is reminded of
 * again. A pack first seen with 5 days left gets the 7-day reminder only (the nearest threshold).
 */
import type { Kysely } from "kysely";
import { licenseReminderDays } from "../../../shared/limits";
import type { Database } from "../../db/types";
import { runTransaction } from "../../db/transaction";
import { enqueueMail } from "../../mail/outbox";

const DAY_MS = 86_400_000;

/** The reminder due for a pack `remainingMs` before its expiration: the smallest threshold it is within, or null. */
export function dueThreshold(remainingMs: number): number | null {
  if (remainingMs <= 0) return null;
  const within = licenseReminderDays.filter((days) => remainingMs <= days * DAY_MS);
  return within.length ? Math.min(...within) : null;
}

/** Sends the reminders due at `now`; returns how many this call queued. */
export async function sendExpiryReminders(db: Kysely<Database>, publicUrl: string, now = Date.now()): Promise<number> {
  const horizon = now + Math.max(...licenseReminderDays) * DAY_MS;
  const packs = await db
    .selectFrom("licensePacks")
    .innerJoin("teams", "teams.id", "licensePacks.teamId")
    .select([
      "licensePacks.id",
      "licensePacks.licenseCount",
      "licensePacks.expiresAt",
      "teams.teamName",
      "teams.language",
      "teams.contactEmailFinance",
    ])
    .where("licensePacks.status", "=", "active")
    .where("licensePacks.expiresAt", ">", now)
    .where("licensePacks.expiresAt", "<=", horizon)
    .where("teams.contactEmailFinance", "is not", null)
    .execute();
  let sent = 0;
  for (const pack of packs) {
    const expiresAt = Number(pack.expiresAt);
    const threshold = dueThreshold(expiresAt - now);
    if (threshold === null || !pack.contactEmailFinance) continue;
    const queued = await runTransaction(db, async (trx) => {
      const row = await trx
        .insertInto("licenseReminders")
        .values({ licensePackId: pack.id, thresholdDays: threshold, expiresAt, sentAt: now })
        .onConflict((oc) => oc.columns(["licensePackId", "thresholdDays", "expiresAt"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      const queued = await enqueueMail(
        trx,
        {
          to: pack.contactEmailFinance!,
          template: "licenseExpiry",
          lang: pack.language,
          params: {
            firstName: pack.teamName,
            link: `${publicUrl}/licenses`,
            days: String(Math.ceil((expiresAt - now) / DAY_MS)),
            licenseCount: String(Number(pack.licenseCount)),
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
