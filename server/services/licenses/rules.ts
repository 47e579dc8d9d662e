/**
 * The purchase rules of issue #32 (settings group `licenses`): a free trial must not become a
 * way to give a company unlimited seats. Checked by the server on every `POST /v2/license`
 * purchase; the purchase form shows the same limits.
 */
import type { LicenseType } from "../../../shared/domain/licenses";
import type { LicensesSettings } from "../../../shared/schemas/settings";
import type { Transaction } from "kysely";
import { lockRowsInOrder } from "../../db/locks";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import type { Scope } from "../access";

/** One order as the rules see it. */
export interface OrderShape {
  licenseType: LicenseType;
  licenseCount: number;
}

/**
 * Refuses an order the rules forbid before anything is written: more seats than one order may
 * have (422 `licenseOrderTooLarge`), a trial by a company admin when trials are root-only (403
 * `licenseTrialRootOnly`), a trial larger than the maximum (422 `licenseTrialTooLarge`), and a
 * company admin's order above their limit (403 `licenseOrderNeedsRoot`: refused with a code
 * rather than queued for approval, so no half-bought state exists). `details.max` names the limit.
 */
export function checkOrder(rules: LicensesSettings, scope: Scope, order: OrderShape): void {
  const root = scope.role === "root";
  if (order.licenseCount > rules.maxSeatsPerOrder) throw new AppError("licenseOrderTooLarge", 422, { max: rules.maxSeatsPerOrder });
  if (order.licenseType === "trial") {
    if (rules.trialRootOnly && !root) throw new AppError("licenseTrialRootOnly", 403);
    if (order.licenseCount > rules.maxTrialSeats) throw new AppError("licenseTrialTooLarge", 422, { max: rules.maxTrialSeats });
  }
  if (!root && order.licenseCount > rules.adminOrderLimit) throw new AppError("licenseOrderNeedsRoot", 403, { max: rules.adminOrderLimit });
}

/**
 * Inside the purchase's transaction, after locking the team's row (PostgreSQL; SQLite has one
 * writer): when trials are not root-only, a company that already has a trial pack of any source gets
 * 409 `licenseTrialUsed`, whoever buys. Locking the team makes two simultaneous trials for one
 * company buy one.
 */
export async function checkTrialOnce(
  trx: Transaction<Database>,
  rules: LicensesSettings,
  teamId: number,
  order: OrderShape,
): Promise<void> {
  if (order.licenseType !== "trial" || rules.trialRootOnly) return;
  await lockRowsInOrder(trx, trx.selectFrom("teams").select("id").where("id", "=", teamId), "noKeyUpdate").execute();
  const earlier = await trx
    .selectFrom("licensePacks")
    .select("id")
    .where("teamId", "=", teamId)
    .where("licenseType", "=", "trial")
    .executeTakeFirst();
  if (earlier) throw new AppError("licenseTrialUsed", 409);
}
