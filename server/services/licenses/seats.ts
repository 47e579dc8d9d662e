/**
 * Seats (DESIGN §11): capacity = the sum of a team's unexpired packs; used = its users plus
 * pending invitations; available = capacity − used. `reserveSeats` is the one function every
 * seat consumer calls (user creation, invitations): inside the consumer's transaction it
 * locks the team's row — the seat counter — and only then counts, so two transactions reserving
 * for the same team, in one process or in several on PostgreSQL, run the check one after the
 * other and each sees the rows the other committed (READ COMMITTED takes a fresh snapshot per
 * statement after the lock is granted). The consumer inserts its row before committing, in the
 * same transaction, so nothing can slip between the check and the use. On SQLite the server's
 * single connection already runs write transactions one at a time.
 */
import type { Kysely, Transaction } from "kysely";
import { teamSeats, type TeamSeats } from "../../../shared/domain/licenses";
import { teamCounts } from "../../db/counters";
import { lockRowsInOrder } from "../../db/locks";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { slug as slugRule } from "../../../shared/schemas/primitives";
import { findTeamInScope } from "../teams";
import type { Scope } from "../access";
import type { ServiceContext } from "../../lib/context";

/**
 * Capacity, users and pending invitations of a team at `now`: the sum of its unexpired packs,
 * its counters (migration 0019, kept by triggers in every write's transaction) and the few
 * pending invitations already past their expiry. A pending invitation is a pending user row
 * (docs/DECISIONS.md "Invitations are pending users"), so the users counter holds every row of
 * the team: `users` = rows − pending invitations, `invites` = pending invitations not yet past
 * their expiry. One past its expiry frees its seat at once, before housekeeping removes its user.
 */
export async function seatsOf(db: Kysely<Database>, teamId: number, now: number): Promise<TeamSeats> {
  const [capacity, counters, lapsed] = await Promise.all([
    db
      .selectFrom("licensePacks")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("licenseCount"), eb.lit(0)).as("n"))
      .where("teamId", "=", teamId)
      .where("status", "=", "active")
      .where("expiresAt", ">", now)
      .executeTakeFirstOrThrow(),
    teamCounts(db, [teamId]),
    lapsedInvites(db, [teamId], now),
  ]);
  const counts = counters.get(teamId);
  const pending = counts?.invites ?? 0;
  return teamSeats(Number(capacity.n), (counts?.users ?? 0) - pending, pending - (lapsed.get(teamId) ?? 0));
}

/**
 * Pending invitations (with their pending user) already past their expiry, per team: a range of
 * the partial index of migration 0019, a handful between two housekeeping runs.
 */
async function lapsedInvites(db: Kysely<Database>, teamIds: readonly number[] | null, now: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("invites")
    .select(["teamId", (eb) => eb.fn.countAll<number | string>().as("n")])
    .$if(teamIds !== null, (q) => q.where("teamId", "in", teamIds ?? []))
    .where("status", "=", "pending")
    .where("expiresAt", "<=", now)
    .where("userId", "is not", null)
    .groupBy("teamId")
    .execute();
  return new Map(rows.map((row) => [row.teamId, Number(row.n)]));
}

/** Locks the seat counters (team rows) of the given teams, in ascending id order (no deadlock between two distributions). */
export async function lockSeatCounters(trx: Transaction<Database>, teamIds: readonly number[]): Promise<void> {
  const ids = [...new Set(teamIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await lockRowsInOrder(trx, trx.selectFrom("teams").select("id").where("id", "in", ids).orderBy("id"), "noKeyUpdate").execute();
}

/**
 * Takes `count` seats of a team for a row the caller inserts next in the same transaction;
 * 400 `notEnoughLicenses` ('Not enough available licenses. Reduce number of invites') when
 * fewer are free. `code` lets a consumer answer with its own catalogue code.
 */
export async function reserveSeats(
  trx: Transaction<Database>,
  teamId: number,
  count: number,
  now: number,
  code: SeatRefusal = "notEnoughLicenses",
): Promise<TeamSeats> {
  await lockSeatCounters(trx, [teamId]);
  return requireFreeSeats(trx, teamId, count, now, code);
}

/** The catalogue codes a seat consumer may refuse with. */
export type SeatRefusal = "notEnoughLicenses" | "chooseCompanyWithLicenses" | "inviteCreate400" | "inviteResend400";

/**
 * The check half of {@link reserveSeats}, for a consumer that must lock the seat counter before
 * it knows how many seats it needs (a bulk move locks the team, then the users, then counts the
 * ones that change team): the caller has already called {@link lockSeatCounters} for `teamId`.
 */
export async function requireFreeSeats(
  trx: Transaction<Database>,
  teamId: number,
  count: number,
  now: number,
  code: SeatRefusal = "notEnoughLicenses",
): Promise<TeamSeats> {
  const seats = await seatsOf(trx, teamId, now);
  if (count > 0 && seats.capacity - seats.users - seats.invites < count) throw new AppError(code, 400);
  return seats;
}

/** `GET /v2/teams/:slug/seats`: unknown and out-of-scope teams alike answer 404 `seatsRead404`. */
export async function readSeats(ctx: ServiceContext, scope: Scope, slug: string, now = Date.now()): Promise<TeamSeats> {
  // Not a slug (a path may hold anything, NUL included): no such team, without asking the database.
  if (!slugRule.safeParse(slug).success) throw new AppError("seatsRead404", 404);
  const team = await findTeamInScope(ctx.db, scope, slug, "seatsRead404");
  return seatsOf(ctx.db, team.id, now);
}

/**
 * Licenses of each given company (by internal id; null: every company, without an id list), by
 * the rule of seatsOf(): capacity = the sum of unexpired packs, used = users + pending
 * invitations not past their expiry (each one a pending user row, counted once), from the team
 * counters (migration 0019). Companies with nothing are absent when `teamIds` is null.
 * The license pages (the gauge, the per-company summary) and the invitation companies read it.
 */
export async function seatsByTeam(
  { db }: ServiceContext,
  teamIds: readonly number[] | null,
  now = Date.now(),
): Promise<Map<number, TeamSeats>> {
  const out = new Map<number, TeamSeats>();
  if (teamIds !== null && teamIds.length === 0) return out;
  const ids = teamIds ?? [];
  const [capacity, counters, lapsed] = await Promise.all([
    db
      .selectFrom("licensePacks")
      .select(["teamId", (eb) => eb.fn.sum<number>("licenseCount").as("n")])
      .$if(teamIds !== null, (q) => q.where("teamId", "in", ids))
      .where("teamId", "is not", null)
      .where("status", "=", "active")
      .where("expiresAt", ">", now)
      .groupBy("teamId")
      .execute(),
    teamCounts(db, teamIds),
    lapsedInvites(db, teamIds, now),
  ]);
  const cap = new Map(capacity.map((row) => [row.teamId, Number(row.n)]));
  const withRows = [...counters.values()].filter((c) => c.users > 0 || c.invites > 0).map((c) => c.teamId);
  for (const id of teamIds ?? new Set([...cap.keys(), ...withRows])) {
    if (id === null) continue;
    const counts = counters.get(id);
    const pending = counts?.invites ?? 0;
    // A pending invitation is a pending user row: counted once, as an invitation, not as a user too.
    out.set(id, teamSeats(cap.get(id) ?? 0, (counts?.users ?? 0) - pending, pending - (lapsed.get(id) ?? 0)));
  }
  return out;
}
