import type { Kysely } from "kysely";
import { NEAR_EXPIRATION_MS } from "../../../shared/domain/licenses";
import type { Database } from "../../db/types";
import { scopedTeamIds, type Scope } from "../../services/access";

/** The licenses of many companies at once, by company: it lives with the seat rule (invitations read it too). */
export { seatsByTeam } from "../../services/licenses";


/**
 * The reads the license pages add to the license service (server/services/licenses): the
 * licenses of many companies at once (the scope's gauge and the per-company summary) and the
 * dashboard's expiry counts. seatsOf() there reads one company in three queries; a root's gauge
 * over every company needs the same rule grouped by company, three queries in all.
 */

/** The companies in scope with their internal ids (root: every company), by name. */
export async function scopeTeamRows(db: Kysely<Database>, scope: Scope): Promise<{ id: number; slug: string; teamName: string }[]> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return [];
  let query = db.selectFrom("teams").select(["id", "slug", "teamName"]).orderBy("teamName").orderBy("slug");
  if (teamIds !== null) query = query.where("id", "in", teamIds);
  return query.execute();
}

/** Packs in scope that expire within the window, and that expired within the window looking back. */
export async function expiryCounts(db: Kysely<Database>, scope: Scope, now = Date.now()): Promise<{ nearExpiration: number; expired: number }> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return { nearExpiration: 0, expired: 0 };
  let base = db.selectFrom("licensePacks").where("teamId", "is not", null);
  if (teamIds !== null) base = base.where("teamId", "in", teamIds);
  const count = (q: typeof base) => q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow().then((row) => Number(row.n));
  const [nearExpiration, expired] = await Promise.all([
    count(base.where("status", "=", "active").where("expiresAt", ">", now).where("expiresAt", "<=", now + NEAR_EXPIRATION_MS)),
    count(base.where("expiresAt", ">", now - NEAR_EXPIRATION_MS).where((eb) => eb.or([eb("status", "=", "expired"), eb("expiresAt", "<=", now)]))),
  ]);
  return { nearExpiration, expired };
}
