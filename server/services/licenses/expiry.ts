import { NEAR_EXPIRATION_MS } from "../../../shared/domain/licenses";
import type { ServiceContext } from "../../lib/context";
import { scopedTeamIds, type Scope } from "../access";

/** The dashboard's expiry warnings: packs in scope that expire within the window, and that expired within it looking back. */
export async function expiryCounts(
  ctx: ServiceContext,
  scope: Scope,
  now = Date.now(),
): Promise<{ nearExpiration: number; expired: number }> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return { nearExpiration: 0, expired: 0 };
  let base = ctx.db.selectFrom("licensePacks").where("teamId", "is not", null);
  if (teamIds !== null) base = base.where("teamId", "in", teamIds);
  const count = (q: typeof base) =>
    q
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [nearExpiration, expired] = await Promise.all([
    count(
      base
        .where("status", "=", "active")
        .where("expiresAt", ">", now)
        .where("expiresAt", "<=", now + NEAR_EXPIRATION_MS),
    ),
    count(
      base
        .where("expiresAt", ">", now - NEAR_EXPIRATION_MS)
        .where((eb) => eb.or([eb("status", "=", "expired"), eb("expiresAt", "<=", now)])),
    ),
  ]);
  return { nearExpiration, expired };
}
