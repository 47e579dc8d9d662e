/**
 * Bulk user actions (DESIGN §3, docs/API.md): block, activate, move to a team, delete. The ids
 * that are unknown or outside the caller's scope fail with `userRead404` and are left alone; all
 * the others change together in one transaction, with set-based statements (one SELECT to
 * resolve the ids, one UPDATE or DELETE for all of them, one access-log entry), so 10,000 users
 * cost a few statements rather than 10,000 round trips.
 */
import type { Transaction } from "kysely";
import type { BulkResponse } from "../../shared/schemas/list";
import type { Database } from "../db/types";
import { AppError } from "../http/errors";
import { recordAccess } from "./accessLog";
import type { RequestOrigin, ServiceContext } from "./context";
import { actorOf, teamInScope, type Scope } from "./scope";

/** What a bulk call does to the users it may act on. */
export type UserBulkAction = "block" | "activate" | "move" | "delete";

/** How many uids an access-log entry lists (the counts are always complete). */
const LOGGED_UIDS = 100;

/** Ids per statement: far below both engines' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535). */
const CHUNK = 5_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The statement of one action over the given user ids. */
async function apply(trx: Transaction<Database>, action: UserBulkAction, ids: number[], targetTeamId: number | null, now: number): Promise<void> {
  for (const part of chunks(ids)) {
    if (action === "delete") {
      // Devices (and their locations), aliases, password history and tokens go by ON DELETE CASCADE.
      await trx.deleteFrom("users").where("id", "in", part).execute();
    } else if (action === "move") {
      await trx.updateTable("users").set({ teamId: targetTeamId!, updatedAt: now }).where("id", "in", part).execute();
    } else {
      // A blocked user's devices stop being served: the service API refuses blocked users.
      await trx.updateTable("users").set({ status: action === "block" ? "blocked" : "active", updatedAt: now }).where("id", "in", part).execute();
    }
  }
}

/**
 * Runs a bulk action on `uids` within the scope and answers `{ ok, failed }` in the order given.
 * For `move`, `team` is the target's slug: 404 `usersMove404` when it does not exist, 403
 * `usersMove403` when it is outside the scope (checked before anything changes).
 */
export async function bulkUserAction(
  ctx: ServiceContext,
  scope: Scope,
  action: UserBulkAction,
  uids: readonly string[],
  origin: RequestOrigin,
  team?: string,
): Promise<BulkResponse> {
  const { db } = ctx;
  let target: { id: number; slug: string } | null = null;
  if (action === "move") {
    target = (await db.selectFrom("teams").select(["id", "slug"]).where("slug", "=", team ?? "").executeTakeFirst()) ?? null;
    // Outside the scope is answered as unknown (not usersMove403), so it cannot probe for teams.
    if (!target || !teamInScope(scope, target.id)) throw new AppError("usersMove404", 404);
  }
  return db.transaction().execute(async (trx) => {
    const found = new Map<string, { id: number; teamId: number }>();
    for (const part of chunks(uids)) {
      const rows = await trx.selectFrom("users").select(["id", "uid", "teamId"]).where("uid", "in", part).execute();
      for (const row of rows) if (teamInScope(scope, row.teamId)) found.set(row.uid, row);
    }
    const ok = uids.filter((uid) => found.has(uid));
    const failed = uids.filter((uid) => !found.has(uid)).map((id) => ({ id, code: "userRead404" }));
    const rows = ok.map((uid) => found.get(uid)!);
    await apply(trx, action, rows.map((row) => row.id), target?.id ?? null, Date.now());
    const teams = new Set(rows.map((row) => row.teamId));
    const sharedTeam = teams.size === 1 ? [...teams][0]! : null;
    await recordAccess(trx, { actor: actorOf(scope), ...origin }, {
      action: `users.${action}`,
      outcome: ok.length > 0 ? "success" : "failure",
      // A move is filed under its target team; the others under the one team all users shared.
      teamId: target ? target.id : sharedTeam,
      details: {
        ok: ok.length,
        failed: failed.length,
        ...(target ? { team: target.slug } : {}),
        uids: ok.slice(0, LOGGED_UIDS),
        ...(ok.length > LOGGED_UIDS ? { more: ok.length - LOGGED_UIDS } : {}),
      },
    });
    return { ok, failed };
  });
}
