/**
 * Per-team counters (migration 0019): reading them for a scope, counting them again from the
 * rows (the consistency tests, and after a bulk load that ran with the triggers off), and turning
 * the triggers off for such a load. Dialect-specific SQL stays here.
 */
import { sql, type Kysely } from "kysely";
import { dialectOf } from "./dialect";
import type { Database } from "./types";

/** One team's counters as numbers. */
export interface TeamCounts {
  teamId: number;
  users: number;
  active: number;
  pending: number;
  blocked: number;
  devices: number;
  invites: number;
}

const FIELDS = ["users", "active", "pending", "blocked", "devices", "invites"] as const;

/** The counters of the given teams (null: every team), by team id: one indexed read of ≤ one row per team. */
export async function teamCounts(db: Kysely<Database>, teamIds: readonly number[] | null): Promise<Map<number, TeamCounts>> {
  if (teamIds !== null && teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("teamCounters")
    .select(["teamId", ...FIELDS])
    .$if(teamIds !== null, (q) => q.where("teamId", "in", teamIds ?? []))
    .execute();
  return new Map(rows.map((row) => [Number(row.teamId), numeric(row)]));
}

/** The sum of the counters of the given teams (null: every team). */
export async function summedCounts(db: Kysely<Database>, teamIds: readonly number[] | null): Promise<Omit<TeamCounts, "teamId">> {
  const sum = { users: 0, active: 0, pending: 0, blocked: 0, devices: 0, invites: 0 };
  for (const counts of (await teamCounts(db, teamIds)).values()) for (const field of FIELDS) sum[field] += counts[field];
  return sum;
}

function numeric(row: Record<(typeof FIELDS)[number] | "teamId", number | string | bigint>): TeamCounts {
  return {
    teamId: Number(row.teamId),
    users: Number(row.users),
    active: Number(row.active),
    pending: Number(row.pending),
    blocked: Number(row.blocked),
    devices: Number(row.devices),
    invites: Number(row.invites),
  };
}

/** Every team's counters counted from the rows themselves, by the rule the triggers keep (migration 0019). */
export async function recountedTeamCounts(db: Kysely<Database>): Promise<Map<number, TeamCounts>> {
  const rows = await sql<Record<(typeof FIELDS)[number] | "teamId", number | string>>`
    select t.id as "teamId", coalesce(u.users, 0) as users, coalesce(u.active, 0) as active, coalesce(u.pending, 0) as pending,
      coalesce(u.blocked, 0) as blocked, coalesce(u.devices, 0) as devices, coalesce(i.invites, 0) as invites
    from teams t
    left join (select team_id, count(*) as users,
        sum(case when status = 'active' then 1 else 0 end) as active,
        sum(case when status = 'pending' then 1 else 0 end) as pending,
        sum(case when status = 'blocked' then 1 else 0 end) as blocked,
        sum(device_count) as devices
      from users group by team_id) u on u.team_id = t.id
    left join (select team_id, count(*) as invites from invites where status = 'pending' and user_id is not null group by team_id) i
      on i.team_id = t.id`.execute(db);
  return new Map(rows.rows.map((row) => [Number(row.teamId), numeric(row)]));
}

/** Writes every team's counters from a recount (after a bulk load with the triggers off): one transaction. */
export async function recountTeamCounters(db: Kysely<Database>): Promise<void> {
  const counts = await recountedTeamCounts(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("teamCounters").execute();
    const rows = [...counts.values()];
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("teamCounters")
        .values(rows.slice(i, i + 500))
        .execute();
  });
}

/**
 * Turns the counter triggers on users off (or back on) for a bulk load that recounts afterwards
 * (the seed): on PostgreSQL `ALTER TABLE … DISABLE TRIGGER` (the tables' owner may; each
 * statement of a load would otherwise update its teams' counter rows, which PostgreSQL keeps as
 * new row versions until the commit). SQLite's row triggers cost little and stay on.
 */
export async function setUserCounterTriggers(db: Kysely<Database>, enabled: boolean): Promise<void> {
  if (dialectOf(db) === "postgres") {
    const verb = enabled ? sql`enable` : sql`disable`;
    for (const name of ["team_counters_users_insert", "team_counters_users_update", "team_counters_users_delete"])
      await sql`alter table users ${verb} trigger ${sql.id(name)}`.execute(db);
    return;
  }
  // SQLite cannot disable a trigger; the seed's row triggers cost little there (kept on).
}
