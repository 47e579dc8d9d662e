/**
 * Team membership of administrators (`PUT /v2/admin/teams`) and the rule SPEC §5 states: a
 * company must be managed by at least one administrator ('companyNotManaged').
 */
import type { Transaction } from "kysely";
import type { AdminTeamsReq } from "../../../shared/schemas/admin";
import { V } from "../../../shared/schemas/messages";
import { lockRowsInOrder } from "../../db/locks";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import { loadTarget } from "./target";
import { detailOf, type AdminRecord } from "./directory";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, type Scope } from "../access";
import { runTransaction } from "../../db/transaction";

type Trx = Transaction<Database>;

/**
 * Refuses ('companyNotManaged', 400) when taking `adminId` off any of `teamIds` would leave that
 * team without an administrator. On PostgreSQL the team rows are locked first, so two concurrent
 * removals of a team's last two admins cannot both pass; SQLite serializes writers anyway.
 */
export async function assertTeamsKeepAdmin(trx: Trx, adminId: number, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await lockRowsInOrder(trx, trx.selectFrom("teams").select("id").where("id", "in", teamIds).orderBy("id"), "update").execute();
  const rows = await trx
    .selectFrom("adminTeams")
    .select("teamId")
    .where("teamId", "in", teamIds)
    .where("adminId", "!=", adminId)
    .groupBy("teamId")
    .execute();
  const managed = new Set(rows.map((r) => r.teamId));
  if (teamIds.some((id) => !managed.has(id))) throw new AppError("companyNotManaged", 400);
}

/**
 * Replaces the teams an admin manages, within the caller's scope: teams the target has outside
 * it are kept untouched. A root target has no teams (409); a slug outside a company admin's
 * scope is 403 (known or not), an unknown slug named by root 400; a non-root admin keeps at least one team; no removed team may be
 * left without an administrator. One access-log entry per team added or removed.
 */
export async function setAdminTeams(ctx: ServiceContext, scope: Scope, input: AdminTeamsReq, origin: RequestOrigin): Promise<AdminRecord> {
  const { db } = ctx;
  // The answer is read inside the transaction (see runTransaction).
  return runTransaction(db, async (trx) => {
    const target = await loadTarget(trx, scope, input.uid, { notFound: "adminTeams404" });
    if (target.role === "root") throw new AppError("adminTeams409");
    const inScope = (teamId: number) => scope.role === "root" || scope.teamIds.has(teamId);
    // For a company admin, a team outside their scope is SPEC's adminTeams403 whether it exists or
    // the target has it, so the answer tells nothing about teams they cannot see; for root an
    // unknown slug is an invalid list (adminTeams400).
    const found =
      input.teams.length === 0 ? [] : await trx.selectFrom("teams").select(["id", "slug"]).where("slug", "in", input.teams).execute();
    const requested = found.filter((t) => inScope(t.id));
    if (requested.length !== input.teams.length) throw new AppError(scope.role === "root" ? "adminTeams400" : "adminTeams403");
    const current = new Set(
      (await trx.selectFrom("adminTeams").select("teamId").where("adminId", "=", target.id).execute()).map((r) => r.teamId),
    );
    const wanted = new Set(requested.map((t) => t.id));
    const final = new Set([...current].filter((id) => !inScope(id)));
    for (const id of wanted) final.add(id);
    if (final.size === 0) throw new AppError("badParameters", 400, [{ path: ["teams"], message: V.adminTeamsRequired }]);
    const added = [...final].filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !final.has(id));
    await assertTeamsKeepAdmin(trx, target.id, removed);
    if (removed.length > 0) await trx.deleteFrom("adminTeams").where("adminId", "=", target.id).where("teamId", "in", removed).execute();
    if (added.length > 0)
      await trx
        .insertInto("adminTeams")
        .values(added.map((teamId) => ({ adminId: target.id, teamId })))
        .execute();
    if (added.length + removed.length > 0)
      await trx.updateTable("admins").set({ updatedAt: Date.now() }).where("id", "=", target.id).execute();
    const slugs = await slugsOf(trx, [...added, ...removed]);
    const details = { added: added.map((id) => slugs.get(id)), removed: removed.map((id) => slugs.get(id)) };
    for (const teamId of [...added, ...removed]) {
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        { action: "admin.teams", target: { type: "admin", id: target.uid }, teamId, details },
      );
    }
    return detailOf(trx, scope, target.id);
  });
}

async function slugsOf(trx: Trx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom("teams").select(["id", "slug"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.slug]));
}
