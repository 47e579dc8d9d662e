import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, requireRoot, type Scope } from "../access";
import { loadTarget, recordPerTeam, teamIdsOf } from "./target";

/**
 * Lifts an admin's lock and clears the failed-attempt counter (root only, 403 otherwise, decided
 * before any lookup; unknown → 404). The lockout is a brute-force brake that anyone who knows a
 * username can pull, so the recovery must not wait for the lock to run out.
 */
export async function unlockAdmin(ctx: ServiceContext, scope: Scope, uid: string, origin: RequestOrigin): Promise<void> {
  requireRoot(scope, "adminUnlock403");
  await ctx.db.transaction().execute(async (trx) => {
    const target = await loadTarget(trx, scope, uid, { notFound: "adminUnlock404" });
    const before = await trx
      .selectFrom("admins")
      .select(["failedAttempts", "lockedUntil"])
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("admins")
      .set({ failedAttempts: 0, lockedUntil: null, updatedAt: Date.now() })
      .where("id", "=", target.id)
      .execute();
    await recordPerTeam(trx, { actor: actorOf(scope), ...origin }, await teamIdsOf(trx, target.id), {
      action: "admin.unlock",
      target: { type: "admin", id: target.uid },
      details: {
        failedAttempts: before.failedAttempts,
        lockedUntil: before.lockedUntil === null ? null : new Date(before.lockedUntil).toISOString(),
      },
    });
  });
}
