/**
 * The review of a bulk user action (`POST /v2/users/bulk/review`): the plan the action itself
 * would apply (bulkPlan.ts), read in a transaction that locks and writes nothing, summed up for
 * the confirmation: how many users change, how many are refused by code with a few usernames,
 * and for a move the target's seats before and after.
 */
import { REVIEW_EXAMPLES, type BulkReview } from "../../../shared/schemas/userBulk";
import { runTransaction } from "../../db/transaction";
import type { ServiceContext } from "../../lib/context";
import { seatsOf } from "../licenses";
import type { Scope } from "../access";
import { moveTarget, planBulk, type UserBulkAction, type UserBulkSelection } from "./bulkPlan";

/**
 * What `action` would do to the selection now. A move's unknown or out-of-scope target answers
 * 404 `usersMove404` as the move would; a move the target has too few seats for is not refused
 * here: `seats.after > seats.limit` says the move would be (400 `notEnoughLicenses`).
 */
export async function reviewBulkUserAction(
  ctx: ServiceContext,
  scope: Scope,
  action: UserBulkAction,
  selection: UserBulkSelection,
  team?: string,
): Promise<BulkReview> {
  const target = action === "move" ? await moveTarget(ctx.db, scope, team) : null;
  return runTransaction(ctx.db, async (trx) => {
    const plan = await planBulk(trx, scope, selection, target, null);
    const groups = new Map<string, { count: number; examples: string[] }>();
    for (const failure of plan.failed) {
      const group = groups.get(failure.code) ?? { count: 0, examples: [] };
      group.count += 1;
      if (failure.username !== null && group.examples.length < REVIEW_EXAMPLES) group.examples.push(failure.username);
      groups.set(failure.code, group);
    }
    const refused = [...groups].map(([code, group]) => ({ code, ...group })).sort((a, b) => b.count - a.count);
    if (!target) return { changing: plan.ok.length, refused };
    const seats = await seatsOf(trx, target.id, Date.now());
    const before = seats.users + seats.invites;
    return { changing: plan.ok.length, refused, seats: { before, after: before + plan.moving, limit: seats.capacity } };
  });
}
