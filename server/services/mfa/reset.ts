/**
 * Root resets another admin's second factors (issue #29 item 4): the admin lost their phone and
 * their recovery codes. Everything goes (app, recovery codes, passkeys, pending challenges, the
 * grace start, so a requiring policy gives them a fresh grace period), logged with root as the
 * actor and e-mailed to the admin. A root resets their own factors from their profile instead.
 */
import { AppError } from "../../errors";
import { runTransaction } from "../../db/transaction";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, requireRoot, type Scope } from "../access";
import { recordMfaChange } from "./notify";

/** Removes every factor of the admin `uid` (root only: 403; unknown: 404; oneself: 409). */
export async function resetFactors(ctx: ServiceContext, scope: Scope, uid: string, origin: RequestOrigin): Promise<void> {
  requireRoot(scope, "mfaReset403");
  await runTransaction(ctx.db, async (trx) => {
    const target = await trx
      .selectFrom("admins")
      .select(["id", "uid", "username", "firstName", "lang"])
      .where("uid", "=", uid)
      .executeTakeFirst();
    if (!target) throw new AppError("mfaReset404");
    if (target.id === scope.adminId) throw new AppError("mfaReset409");
    for (const table of ["adminTotp", "adminRecoveryCodes", "adminPasskeys", "mfaChallenges", "mfaGrace"] as const) {
      await trx.deleteFrom(table).where("adminId", "=", target.id).execute();
    }
    await recordMfaChange(trx, ctx.config.publicUrl, "factorsReset", target, origin, { actor: actorOf(scope) });
  });
}
