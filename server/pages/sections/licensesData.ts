import type { Kysely } from "kysely";
import { NEAR_EXPIRATION_MS, teamSeats, type TeamSeats } from "../../../shared/domain/licenses";
import type { Database } from "../../db/types";
import { scopedTeamIds, type Scope } from "../../services/scope";

type Db = Kysely<Database>;

/**
 * The reads the license pages add to the license service (server/services/licenses): the
 * licenses of many companies at once (the scope's gauge and the per-company summary) and the
 * dashboard's expiry counts. seatsOf() there reads one company in three queries; a root's gauge
 * over every company needs the same rule grouped by company, three queries in all.
 */

/**
 * Licenses of each given company (by internal id; null: every company, without an id list), by
 * the rule of seatsOf(): capacity = the sum of unexpired packs, used = users + pending
 * invitations not past their expiry (each one a pending user row, counted once). Companies with nothing are absent when `teamIds` is null.
 */
export async function seatsByTeam(db: Db, teamIds: readonly number[] | null, now = Date.now()): Promise<Map<number, TeamSeats>> {
  const out = new Map<number, TeamSeats>();
  if (teamIds !== null && teamIds.length === 0) return out;
  const ids = teamIds ?? [];
  const [capacity, users, invites] = await Promise.all([
    db
      .selectFrom("licensePacks")
      .select(["teamId", (eb) => eb.fn.sum<number>("licenseCount").as("n")])
      .$if(teamIds !== null, (q) => q.where("teamId", "in", ids))
      .where("teamId", "is not", null)
      .where("status", "=", "active")
      .where("expiresAt", ">", now)
      .groupBy("teamId")
      .execute(),
    db.selectFrom("users").select(["teamId", (eb) => eb.fn.countAll<number>().as("n")]).$if(teamIds !== null, (q) => q.where("teamId", "in", ids)).groupBy("teamId").execute(),
    db
      .selectFrom("invites")
      .innerJoin("users", "users.id", "invites.userId")
      .select((eb) => [
        "users.teamId",
        eb.fn.countAll<number>().as("all"),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when("invites.expiresAt", ">", now).then(1).else(0).end()), eb.lit(0)).as("live"),
      ])
      .$if(teamIds !== null, (q) => q.where("users.teamId", "in", ids))
      .where("invites.status", "=", "pending")
      .groupBy("users.teamId")
      .execute(),
  ]);
  const cap = new Map(capacity.map((row) => [row.teamId, Number(row.n)]));
  const used = new Map(users.map((row) => [row.teamId, Number(row.n)]));
  const pending = new Map(invites.map((row) => [row.teamId, Number(row.live)]));
  // A pending invitation is a pending user row: counted once, as an invitation, not as a user too.
  const pendingUsers = new Map(invites.map((row) => [row.teamId, Number(row.all)]));
  for (const id of teamIds ?? new Set([...cap.keys(), ...used.keys(), ...pending.keys()])) {
    if (id !== null) out.set(id, teamSeats(cap.get(id) ?? 0, (used.get(id) ?? 0) - (pendingUsers.get(id) ?? 0), pending.get(id) ?? 0));
  }
  return out;
}

/** The companies in scope with their internal ids (root: every company), by name. */
export async function scopeTeamRows(db: Db, scope: Scope): Promise<{ id: number; slug: string; teamName: string }[]> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return [];
  let query = db.selectFrom("teams").select(["id", "slug", "teamName"]).orderBy("teamName").orderBy("slug");
  if (teamIds !== null) query = query.where("id", "in", teamIds);
  return query.execute();
}

/** Packs in scope that expire within the window, and that expired within the window looking back. */
export async function expiryCounts(db: Db, scope: Scope, now = Date.now()): Promise<{ nearExpiration: number; expired: number }> {
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
