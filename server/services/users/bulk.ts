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
import type { UserFilter } from "../../../shared/schemas/user";
import { dialectOf, inValues } from "../../db/dialect";
import { lockRowsInOrder, type RowLockStrength } from "../../db/locks";
import { runTransaction } from "../../db/transaction";
import { refusedUsernames } from "../domains";
import { invitePackOf } from "../licenses";
import { lockSeatCounters, requireFreeSeats } from "../licenses";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, teamInScope, type Scope } from "../access";
import { userFilterCondition } from "./filter";

/** The users a bulk call names: a list of uids, or the list's filter ('select all matching'). */
export type UserBulkSelection = { uids: readonly string[] } | { filter: UserFilter };

/** What a bulk call does to the users it may act on. */
export type UserBulkAction = "block" | "activate" | "move" | "delete";

/** How many uids an access-log entry lists (the counts are always complete). */
const LOGGED_UIDS = 100;

/**
 * Resolves the uids and locks their rows in one statement, by ascending id (PostgreSQL locks
 * after sorting), so any two callers lock shared rows in the same order. Returns the rows as
 * locked: a user moved or deleted meanwhile shows its new team, or is missing.
 */
async function lockUsers(
  trx: Transaction<Database>,
  uids: readonly string[],
  strength: RowLockStrength,
): Promise<Map<string, { id: number; teamId: number; username: string }>> {
  const query = trx
    .selectFrom("users")
    .select(["id", "uid", "teamId", "username"])
    .where(inValues(dialectOf(trx), sql.ref("users.uid"), uids))
    .orderBy("id");
  const rows = await lockRowsInOrder(trx, query, strength).execute();
  return new Map(rows.map((row) => [row.uid, row]));
}

/**
 * Resolves a filter to the users it matches in the scope and locks them in the same statement,
 * by ascending id like lockUsers: whatever matches when the transaction runs is what changes,
 * and a user who stops matching before the lock is taken is left alone (PostgreSQL re-checks the
 * condition on a row changed meanwhile).
 */
async function lockMatching(
  trx: Transaction<Database>,
  scope: Scope,
  filter: UserFilter,
  strength: RowLockStrength,
): Promise<Map<string, { id: number; teamId: number; username: string }>> {
  const condition = await userFilterCondition(trx, scope, filter);
  if (!condition) return new Map();
  const query = trx.selectFrom("users").select(["id", "uid", "teamId", "username"]).where(condition).orderBy("id");
  const rows = await lockRowsInOrder(trx, query, strength).execute();
  return new Map(rows.map((row) => [row.uid, row]));
}

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
    await trx
      .updateTable("users")
      .set({ status: action === "block" ? "blocked" : "active", updatedAt: now })
      .where(among)
      .execute();
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
  let target: { id: number; slug: string } | null = null;
  if (action === "move") {
    target =
      (await db
        .selectFrom("teams")
        .select(["id", "slug"])
        .where("slug", "=", team ?? "")
        .executeTakeFirst()) ?? null;
    // Outside the scope is answered as unknown (not usersMove403), so it cannot probe for teams.
    if (!target || !teamInScope(scope, target.id)) throw new AppError("usersMove404", 404);
  }
  return runTransaction(db, async (trx) => {
    const now = Date.now();
    // A move spends seats of the target team: its seat counter first, then the users (DESIGN §11).
    if (target) await lockSeatCounters(trx, [target.id]);
    const strength = action === "delete" ? "update" : "noKeyUpdate";
    const found =
      "uids" in selection ? await lockUsers(trx, selection.uids, strength) : await lockMatching(trx, scope, selection.filter, strength);
    const uids = "uids" in selection ? selection.uids : [...found.keys()];
    for (const [uid, row] of found) if (!teamInScope(scope, row.teamId)) found.delete(uid);
    // A move into a team with a white-list leaves out the e-mail usernames outside it.
    const refused = target
      ? await refusedUsernames(
          trx,
          target.id,
          [...found.values()].filter((row) => row.teamId !== target.id).map((row) => row.username),
        )
      : new Set<string>();
    const allowed = (uid: string): boolean => found.has(uid) && !refused.has(found.get(uid)!.username);
    const ok = uids.filter(allowed);
    const failed = uids.filter((uid) => !allowed(uid)).map((id) => ({ id, code: found.has(id) ? "usersMove502" : "userRead404" }));
    const rows = ok.map((uid) => found.get(uid)!);
    if (target) await requireFreeSeats(trx, target.id, rows.filter((row) => row.teamId !== target.id).length, now);
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
}
