/**
 * Seats (DESIGN §11): capacity = the sum of a team's unexpired packs; used = its users plus
 * pending invitations; available = capacity − used. `reserveSeats` is the one function every
 * seat consumer calls (user creation now, invitations next): inside the consumer's transaction it
 * locks the team's row — the seat counter — and only then counts, so two transactions reserving
 * for the same team, in one process or in several on PostgreSQL, run the check one after the
 * other and each sees the rows the other committed (READ COMMITTED takes a fresh snapshot per
 * statement after the lock is granted). The consumer inserts its row before committing, in the
 * same transaction, so nothing can slip between the check and the use. On SQLite the server's
 * single connection already runs write transactions one at a time.
 */
import type { Kysely, Transaction } from "kysely";
import { teamSeats, type TeamSeats } from "../../../shared/domain/licenses";
import { lockRowsInOrder } from "../../db/locks";
import type { Database } from "../../db/types";
import { AppError } from "../../http/errors";
import { findTeamInScope } from "../teamsQuery";
import type { Scope } from "../scope";

type Db = Kysely<Database> | Transaction<Database>;

/** Capacity, users and pending invitations of a team at `now`: three aggregate reads. */
export async function seatsOf(db: Db, teamId: number, now: number): Promise<TeamSeats> {
  const [capacity, users, invites] = await Promise.all([
    db
      .selectFrom("licensePacks")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("licenseCount"), eb.lit(0)).as("n"))
      .where("teamId", "=", teamId)
      .where("status", "=", "active")
      .where("expiresAt", ">", now)
      .executeTakeFirstOrThrow(),
    db.selectFrom("users").select((eb) => eb.fn.countAll<number | string>().as("n")).where("teamId", "=", teamId).executeTakeFirstOrThrow(),
    db
      .selectFrom("inviteRecipients")
      .innerJoin("invites", "invites.id", "inviteRecipients.inviteId")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("invites.teamId", "=", teamId)
      .where("inviteRecipients.status", "=", "pending")
      .where("invites.expiresAt", ">", now)
      .executeTakeFirstOrThrow(),
  ]);
  return teamSeats(Number(capacity.n), Number(users.n), Number(invites.n));
}

/** Locks the seat counters (team rows) of the given teams, in ascending id order (no deadlock between two distributions). */
export async function lockSeatCounters(trx: Transaction<Database>, teamIds: readonly number[]): Promise<void> {
  const ids = [...new Set(teamIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await lockRowsInOrder(trx, trx.selectFrom("teams").select("id").where("id", "in", ids).orderBy("id"), "noKeyUpdate").execute();
}

/**
 * Takes `count` seats of a team for a row the caller inserts next in the same transaction;
 * 400 `notEnoughLicenses` ('Not enough available licenses - Reduce number of invites') when
 * fewer are free. `code` lets a consumer answer with its own catalogue code.
 */
export async function reserveSeats(
  trx: Transaction<Database>,
  teamId: number,
  count: number,
  now: number,
  code: "notEnoughLicenses" | "chooseCompanyWithLicenses" = "notEnoughLicenses",
): Promise<TeamSeats> {
  await lockSeatCounters(trx, [teamId]);
  const seats = await seatsOf(trx, teamId, now);
  if (seats.capacity - seats.users - seats.invites < count) throw new AppError(code, 400);
  return seats;
}

/** `GET /v2/teams/:slug/seats`: unknown and out-of-scope teams alike answer 404 `seatsRead404`. */
export async function readSeats(db: Db, scope: Scope, slug: string, now = Date.now()): Promise<TeamSeats> {
  const team = await findTeamInScope(db, scope, slug, "seatsRead404");
  return seatsOf(db, team.id, now);
}
