/**
 * Issue #32 item 8a: how far a company admin reaches over another admin's account. Sharing one
 * company makes the other admin visible (DESIGN §5), but blocking, activating or deleting an
 * account acts on every company it manages, so a company admin may do it only when they manage
 * all of that admin's companies; otherwise the call's 403 (SPEC §8 lists these refusals).
 */
import type { Kysely } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import type { Scope } from "../access";
import type { AdminTarget } from "./target";

/**
 * Refuses with `forbidden` (403) when a non-root caller would act on another admin who also
 * manages a company outside the caller's scope. Roots, and an admin acting on themself, pass.
 */
export async function assertReachesAllTeams(
  db: Kysely<Database>,
  scope: Scope,
  target: AdminTarget,
  forbidden: CatalogueCode,
): Promise<void> {
  if (scope.role === "root" || target.id === scope.adminId) return;
  const rows = await db.selectFrom("adminTeams").select("teamId").where("adminId", "=", target.id).execute();
  if (rows.some((row) => !scope.teamIds.has(row.teamId))) throw new AppError(forbidden, 403);
}
