/**
 * When root turns a requiring MFA policy on (issue #29 item 4), every admin it now applies to who
 * has no factor is told by e-mail, in their language, with the date their grace period ends. The
 * grace period starts right then for them (one `mfaGrace` row each); the mail goes only with a
 * newly started grace period, so turning the policy off and on again mails nobody twice.
 */
import { runTransaction } from "../../db/transaction";
import { enqueueMails } from "../../mail/outbox";
import type { ServiceContext } from "../../lib/context";

/** The policy fields of the security settings, before or after a change. */
export interface PolicyFlags {
  mfaRequiredForSuperAdmins: boolean;
  mfaRequiredForAllAdmins: boolean;
  mfaGraceDays: number;
}

/** Starts the grace period of, and mails, the admins a policy change newly applies to; answers how many were mailed. */
export async function announceMfaPolicy(ctx: ServiceContext, before: PolicyFlags, after: PolicyFlags, now = Date.now()): Promise<number> {
  const roles: ("root" | "admin")[] = [];
  if (after.mfaRequiredForAllAdmins && !before.mfaRequiredForAllAdmins) roles.push("root", "admin");
  else if (after.mfaRequiredForSuperAdmins && !before.mfaRequiredForSuperAdmins && !before.mfaRequiredForAllAdmins) roles.push("root");
  if (roles.length === 0) return 0;
  return runTransaction(ctx.db, async (trx) => {
    const admins = await trx
      .selectFrom("admins")
      .select(["id", "uid", "username", "firstName", "lang"])
      .where("status", "=", "active")
      .where("role", "in", roles)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("adminTotp")
              .select("adminTotp.id")
              .whereRef("adminTotp.adminId", "=", "admins.id")
              .where("confirmedAt", "is not", null),
          ),
        ),
      )
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("adminPasskeys").select("adminPasskeys.id").whereRef("adminPasskeys.adminId", "=", "admins.id"))),
      )
      .where((eb) => eb.not(eb.exists(eb.selectFrom("mfaGrace").select("mfaGrace.adminId").whereRef("mfaGrace.adminId", "=", "admins.id"))))
      .execute();
    if (admins.length === 0) return 0;
    await trx
      .insertInto("mfaGrace")
      .values(admins.map((admin) => ({ adminId: admin.id, startedAt: now })))
      .onConflict((oc) => oc.column("adminId").doNothing())
      .execute();
    const deadline = new Date(now + after.mfaGraceDays * 86_400_000).toISOString().slice(0, 10);
    await enqueueMails(
      trx,
      admins.map((admin) => ({
        to: admin.username,
        template: "mfaPolicy" as const,
        lang: admin.lang,
        params: {
          firstName: admin.firstName,
          link: `${ctx.config.publicUrl}/admins/profile/${encodeURIComponent(admin.uid)}#mfa`,
          deadline,
        },
      })),
      now,
    );
    return admins.length;
  });
}
