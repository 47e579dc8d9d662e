/**
 * What a bulk user action would do, worked out once for both its uses: the action itself
 * (bulk.ts applies the plan in the same transaction) and its review before the admin confirms
 * (`POST /v2/users/bulk/review`, which reads the same plan and writes nothing). Keeping one
 * planner means the review cannot promise what the action then refuses.
 */
import { sql, type Transaction } from "kysely";
import type { UserFilter } from "../../../shared/schemas/user";
import { dialectOf, inValues } from "../../db/dialect";
import { lockRowsInOrder, type RowLockStrength } from "../../db/locks";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import type { Kysely } from "kysely";
import { refusedUsernames } from "../domains";
import { teamInScope, type Scope } from "../access";
import { userFilterCondition } from "./filter";

/** The users a bulk call names: a list of uids, or the list's filter ('select all matching'). */
export type UserBulkSelection = { uids: readonly string[] } | { filter: UserFilter };

/** What a bulk call does to the users it may act on. */
export type UserBulkAction = "block" | "activate" | "move" | "delete";

/** A user row as the planner reads it. */
export interface PlannedUser {
  id: number;
  teamId: number;
  username: string;
}

/** The outcome a bulk call would have: which uids change, which fail and why, and who moves team. */
export interface BulkPlan {
  /** Uids the action applies to, in answer order. */
  ok: string[];
  /** Uids refused, with their catalogue code (`userRead404`: unknown or out of scope; `usersMove502`: the target's domains). */
  failed: { id: string; code: string; username: string | null }[];
  /** The rows of `ok`. */
  rows: PlannedUser[];
  /** How many of `rows` change team (a move's seat cost). */
  moving: number;
}

/** The target team of a move: 404 `usersMove404` when unknown or outside the scope (no probing for teams). */
export async function moveTarget(db: Kysely<Database>, scope: Scope, team: string | undefined): Promise<{ id: number; slug: string }> {
  const target = await db
    .selectFrom("teams")
    .select(["id", "slug"])
    .where("slug", "=", team ?? "")
    .executeTakeFirst();
  if (!target || !teamInScope(scope, target.id)) throw new AppError("usersMove404", 404);
  return target;
}

/**
 * Resolves the selection and, when `strength` is given, locks the rows in the same statement by
 * ascending id (PostgreSQL locks after sorting), so any two callers lock shared rows in the same
 * order; a review passes null and locks nothing. For a filter, whatever matches when the
 * statement runs is selected, by ascending id.
 */
async function resolve(
  trx: Transaction<Database>,
  scope: Scope,
  selection: UserBulkSelection,
  strength: RowLockStrength | null,
): Promise<Map<string, PlannedUser>> {
  const base = trx.selectFrom("users").select(["id", "uid", "teamId", "username"]).orderBy("id");
  let query;
  if ("uids" in selection) {
    query = base.where(inValues(dialectOf(trx), sql.ref("users.uid"), selection.uids));
  } else {
    const condition = await userFilterCondition(trx, scope, selection.filter);
    if (!condition) return new Map();
    query = base.where(condition);
  }
  const rows = await (strength ? lockRowsInOrder(trx, query, strength) : query).execute();
  return new Map(rows.map((row) => [row.uid, { id: row.id, teamId: row.teamId, username: row.username }]));
}

/**
 * Plans the action: unknown and out-of-scope uids fail with `userRead404`; for a move, users whose
 * e-mail username the target's domain white-list refuses fail with `usersMove502`. For uids the
 * answer keeps the order given; for a filter it is every matching user in scope by ascending id.
 */
export async function planBulk(
  trx: Transaction<Database>,
  scope: Scope,
  selection: UserBulkSelection,
  target: { id: number } | null,
  strength: RowLockStrength | null,
): Promise<BulkPlan> {
  const found = await resolve(trx, scope, selection, strength);
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
  const failed = uids
    .filter((uid) => !allowed(uid))
    .map((id) => {
      const row = found.get(id);
      // Only a user in scope is named: an unknown or out-of-scope uid stays a bare id.
      return row ? { id, code: "usersMove502", username: row.username } : { id, code: "userRead404", username: null };
    });
  const rows = ok.map((uid) => found.get(uid)!);
  const moving = target ? rows.filter((row) => row.teamId !== target.id).length : 0;
  return { ok, failed, rows, moving };
}
