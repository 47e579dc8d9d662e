/**
 * What every change to an admin's factors leaves behind (issue #29 item 6): an access-log entry
 * and an e-mail to the admin, queued in the change's transaction so both exist only if it commits.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import { enqueueMail } from "../../mail/outbox";
import { recordAccess } from "../accessLog";
import type { RequestOrigin } from "../../lib/context";

/** The changes an admin is told about; each has its own access-log action and mail paragraph. */
export type MfaChange =
  "totpAdded" | "totpRemoved" | "recoveryCodesRenewed" | "recoveryCodeUsed" | "factorsReset" | "passkeyAdded" | "passkeyRemoved";

const ACTIONS: Record<MfaChange, string> = {
  totpAdded: "admin.mfa.totp.add",
  totpRemoved: "admin.mfa.totp.remove",
  recoveryCodesRenewed: "admin.mfa.recovery.renew",
  recoveryCodeUsed: "admin.mfa.recovery.use",
  factorsReset: "admin.mfa.reset",
  passkeyAdded: "admin.mfa.passkey.add",
  passkeyRemoved: "admin.mfa.passkey.remove",
};

/** The admin whose factors changed, as the mail and the log name them. */
export interface MfaSubject {
  id: number;
  uid: string;
  username: string;
  firstName: string;
  lang: string;
}

/** Logs the change (by `actor`, the admin themself unless root reset them) and mails the admin. */
export async function recordMfaChange(
  db: Kysely<Database> | Transaction<Database>,
  publicUrl: string,
  change: MfaChange,
  subject: MfaSubject,
  origin: RequestOrigin,
  extra: { actor?: { id: number; username: string }; left?: number } = {},
): Promise<void> {
  await recordAccess(
    db,
    { actor: extra.actor ?? { id: subject.id, username: subject.username }, ...origin },
    {
      action: ACTIONS[change],
      target: { type: "admin", id: subject.uid },
      ...(extra.left === undefined ? {} : { details: { left: extra.left } }),
    },
  );
  await enqueueMail(db, {
    to: subject.username,
    template: "mfaChange",
    lang: subject.lang,
    params: {
      firstName: subject.firstName,
      link: `${publicUrl}/admins/profile/${encodeURIComponent(subject.uid)}`,
      change,
      // Every template parameter must be non-empty; "-" stands for "not about recovery codes".
      left: extra.left === undefined ? "-" : String(extra.left),
    },
  });
}
