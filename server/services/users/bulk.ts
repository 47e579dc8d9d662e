/**
 * Bulk user actions (DESIGN §3, docs/API.md): block, activate, move to a team, delete. The ids
 * that are unknown or outside the caller's scope fail with `userRead404` and are left alone; all
 * the others change together in one transaction of three statements (resolve and lock the rows,
 * one UPDATE or DELETE, one access-log entry; the ids travel as one array parameter, see
 * inValues), so 10,000 users cost three round trips rather than 10,000.
 *
 * Two bulk calls on the same users (from any process) must not deadlock: the rows are locked
 * by ascending id, whatever the order of the uids given, before anything is written, and the
 * transaction is retried on contention (runTransaction). See docs/DECISIONS.md, "Concurrency".
 */
import { sql, type Transaction } from "kysely";
import type { BulkResponse } from "../../../shared/schemas/list";
import { dialectOf, inValues } from "../../db/dialect";
import { runTransaction } from "../../db/transaction";
import { invitePackOf } from "../licenses";
import { lockSeatCounters, requireFreeSeats } from "../licenses";
import type { Database } from "../../db/types";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, type Scope } from "../access";
import { bulkActionSize } from "../../lib/metrics";
import { moveTarget, planBulk, type UserBulkAction, type UserBulkSelection } from "./bulkPlan";

export type { UserBulkAction, UserBulkSelection } from "./bulkPlan";

/** How many uids an access-log entry lists (the counts are always complete). */
const LOGGED_UIDS = 100;

/** The one statement of an action over the given user ids (already locked). */
async function apply(
  trx: Transaction<Database>,
  action: UserBulkAction,
  ids: number[],
  targetTeamId: number | null,
  now: number,
): Promise<void> {
  if (ids.length === 0) return;
  const among = inValues(dialectOf(trx), sql.ref("id"), ids);
  if (action === "block" || action === "move") {
    // Issue #32: a blocked or moved user's open reset and registration links end with the change,
    // as an admin's do (a deleted user's go with the row).
    await trx
      .updateTable("userTokens")
      .set({ usedAt: now })
      .where(inValues(dialectOf(trx), sql.ref("userId"), ids))
      .where("usedAt", "is", null)
      .execute();
  }
  if (action === "delete") {
    // Devices (and their locations), aliases, password history and tokens go by ON DELETE CASCADE.
    await trx.deleteFrom("users").where(among).execute();
  } else if (action === "move") {
    await trx.updateTable("users").set({ teamId: targetTeamId!, updatedAt: now }).where(among).execute();
    // A moved pending user's invitation follows it, so the target's admins list it, and
    // draws on the target's pack as a new invitation there would (else resend and delete answer
    // 404: the pack is not the team's). The move has taken a target seat for each moved user, so
    // the target has such a pack whenever a user changes team.
    const pack = await invitePackOf(trx, targetTeamId!, now);
    await trx
      .updateTable("invites")
      .set({ teamId: targetTeamId!, licensePackId: pack?.id ?? null })
      .where(inValues(dialectOf(trx), sql.ref("userId"), ids))
      .where("teamId", "!=", targetTeamId!)
      .execute();
  } else {
    // A blocked user's devices stop being served: the service API refuses blocked users.
    // Users already in the target status are left as they are: `status` is indexed, so every row
    // written costs an entry in each index of users while its lock is held, and a second bulk
    // call on the same users (two admins, a retry) then writes nothing (issue #32 item 10).
    const status = action === "block" ? "blocked" : "active";
    await trx.updateTable("users").set({ status, updatedAt: now }).where(among).where("status", "!=", status).execute();
  }
}

/**
 * Runs a bulk action on the selection within the scope and answers `{ ok, failed }`: for uids in
 * the order given, for a filter every matching user by ascending id (nothing fails: what does
 * not match is not selected; a filter that matches nobody answers `{ ok: [], failed: [] }`).
 * For `move`, `team` is the target's slug: 404 `usersMove404` when it does not exist, 403
 * `usersMove403` when it is outside the scope (checked before anything changes), 400
 * `notEnoughLicenses` when the target team has fewer free seats than the users that change team
 * (the whole call is refused: bulk calls are atomic). Users whose e-mail username the target's
 * domain white-list refuses fail with `usersMove502` and stay where they are.
 */
export async function bulkUserAction(
  ctx: ServiceContext,
  scope: Scope,
  action: UserBulkAction,
  selection: UserBulkSelection,
  origin: RequestOrigin,
  team?: string,
): Promise<BulkResponse> {
  const { db } = ctx;
  const target = action === "move" ? await moveTarget(db, scope, team) : null;
  const answer = await runTransaction(db, async (trx) => {
    const now = Date.now();
    // A move spends seats of the target team: its seat counter first, then the users (DESIGN §11).
    if (target) await lockSeatCounters(trx, [target.id]);
    const plan = await planBulk(trx, scope, selection, target, action === "delete" ? "update" : "noKeyUpdate");
    const { ok, rows } = plan;
    const failed = plan.failed.map(({ id, code }) => ({ id, code }));
    if (target) await requireFreeSeats(trx, target.id, plan.moving, now);
    await apply(
      trx,
      action,
      rows.map((row) => row.id),
      target?.id ?? null,
      now,
    );
    const teams = new Set(rows.map((row) => row.teamId));
    const sharedTeam = teams.size === 1 ? [...teams][0]! : null;
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: `users.${action}`,
        outcome: ok.length > 0 ? "success" : "failure",
        // A move is filed under its target team; the others under the one team all users shared.
        teamId: target ? target.id : sharedTeam,
        details: {
          ok: ok.length,
          failed: failed.length,
          ...(target ? { team: target.slug } : {}),
          ...("filter" in selection ? { filter: selection.filter } : {}),
          uids: ok.slice(0, LOGGED_UIDS),
          ...(ok.length > LOGGED_UIDS ? { more: ok.length - LOGGED_UIDS } : {}),
        },
      },
    );
    return { ok, failed };
  });
  bulkActionSize.observe({ action }, answer.ok.length + answer.failed.length);
  return answer;
}
