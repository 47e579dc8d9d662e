/**
 * Migration 0019: `team_counters`, one row per team with its users (all, and by status), their
 * devices and its pending invitations, kept by triggers in the transaction of every write that
 * changes them, whoever makes it (the API, an import, a bulk action, housekeeping, the seed, SQL
 * by hand), so the dashboard, the companies list and the licence pages read a few rows instead
 * of counting a million (issue #28, docs/DECISIONS.md "#28 — per-company counters").
 * - users: a row's team, status and `device_count` (itself kept by the triggers of 0007) add to
 *   its team's counters; a change of any of them moves the row's contribution.
 * - invites: a pending invitation that still has its pending user counts for its `team_id` (a
 *   moved pending user's invitation follows it: services/users/bulk.ts).
 * - SQLite: row triggers. PostgreSQL: statement triggers with transition tables, one aggregated
 *   update per statement and team (row triggers would rewrite the same counter row once per
 *   user of a bulk action, each new version kept until the commit).
 * Existing rows are counted here. A partial index on pending invitations' expiry finds the few
 * pending ones past their expiry, which still count until housekeeping expires them but no
 * longer take a seat. Re-runs find nothing to do ("if not exists" / "or replace").
 */
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import { dialectOf } from "../dialect";

/** The counted columns, in the order of the recount below. */
const COUNTERS = ["users", "active", "pending", "blocked", "devices", "invites"] as const;

/** Every team's counters from the rows themselves (also server/db/counters.ts recountTeamCounters). */
const RECOUNT = `insert into team_counters (team_id, ${COUNTERS.join(", ")})
  select t.id, coalesce(u.users, 0), coalesce(u.active, 0), coalesce(u.pending, 0), coalesce(u.blocked, 0), coalesce(u.devices, 0), coalesce(i.invites, 0)
  from teams t
  left join (select team_id, count(*) as users,
      sum(case when status = 'active' then 1 else 0 end) as active,
      sum(case when status = 'pending' then 1 else 0 end) as pending,
      sum(case when status = 'blocked' then 1 else 0 end) as blocked,
      sum(device_count) as devices
    from users group by team_id) u on u.team_id = t.id
  left join (select team_id, count(*) as invites from invites where status = 'pending' and user_id is not null group by team_id) i on i.team_id = t.id`;

/** A users row's contribution, signed: `sign` is 1 or -1, `r` the row ("new" or "old"). */
function sqliteUserDelta(r: string, sign: "+" | "-"): string {
  return (
    `update team_counters set users = users ${sign} 1, active = active ${sign} (${r}.status = 'active'), ` +
    `pending = pending ${sign} (${r}.status = 'pending'), blocked = blocked ${sign} (${r}.status = 'blocked'), ` +
    `devices = devices ${sign} ${r}.device_count where team_id = ${r}.team_id;`
  );
}

/** Whether an invites row counts, and its contribution. */
const SQLITE_INVITE_COUNTS = (r: string) => `(${r}.status = 'pending' and ${r}.user_id is not null)`;
const sqliteInviteDelta = (r: string, sign: "+" | "-") =>
  `update team_counters set invites = invites ${sign} ${SQLITE_INVITE_COUNTS(r)} where team_id = ${r}.team_id;`;

/** SQLite triggers: name → body. */
const SQLITE_TRIGGERS: Record<string, string> = {
  team_counters_team_insert: "after insert on teams begin insert or ignore into team_counters (team_id) values (new.id); end",
  team_counters_user_insert: `after insert on users begin ${sqliteUserDelta("new", "+")} end`,
  team_counters_user_delete: `after delete on users begin ${sqliteUserDelta("old", "-")} end`,
  team_counters_user_update:
    "after update of team_id, status, device_count on users when old.team_id <> new.team_id or old.status <> new.status " +
    `or old.device_count <> new.device_count begin ${sqliteUserDelta("old", "-")} ${sqliteUserDelta("new", "+")} end`,
  team_counters_invite_insert: `after insert on invites when ${SQLITE_INVITE_COUNTS("new")} begin ${sqliteInviteDelta("new", "+")} end`,
  team_counters_invite_delete: `after delete on invites when ${SQLITE_INVITE_COUNTS("old")} begin ${sqliteInviteDelta("old", "-")} end`,
  team_counters_invite_update: `after update of team_id, status, user_id on invites begin ${sqliteInviteDelta("old", "-")} ${sqliteInviteDelta("new", "+")} end`,
};

/** PostgreSQL: the rows' contributions summed per team, from the statement's transition tables. */
const POSTGRES_USER_DELTA = (rows: string) => `update team_counters c set users = c.users + d.users, active = c.active + d.active,
      pending = c.pending + d.pending, blocked = c.blocked + d.blocked, devices = c.devices + d.devices
    from (select team_id, sum(n) as users, sum(case when status = 'active' then n else 0 end) as active,
        sum(case when status = 'pending' then n else 0 end) as pending, sum(case when status = 'blocked' then n else 0 end) as blocked,
        sum(n * device_count) as devices
      from (${rows}) x group by team_id) d
    where c.team_id = d.team_id and (d.users <> 0 or d.active <> 0 or d.pending <> 0 or d.blocked <> 0 or d.devices <> 0)`;
const POSTGRES_INVITE_DELTA = (rows: string) => `update team_counters c set invites = c.invites + d.n
    from (select team_id, sum(n) as n from (${rows}) x where status = 'pending' and user_id is not null group by team_id) d
    where c.team_id = d.team_id and d.n <> 0`;

const POSTGRES_FUNCTIONS = [
  `create or replace function team_counters_team() returns trigger language plpgsql as $$
begin
  insert into team_counters (team_id) values (new.id) on conflict do nothing;
  return null;
end $$`,
  `create or replace function team_counters_users() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${POSTGRES_USER_DELTA("select team_id, status, device_count, 1 as n from new_rows")};
  elsif tg_op = 'DELETE' then
    ${POSTGRES_USER_DELTA("select team_id, status, device_count, -1 as n from old_rows")};
  else
    ${POSTGRES_USER_DELTA("select team_id, status, device_count, 1 as n from new_rows union all select team_id, status, device_count, -1 from old_rows")};
  end if;
  return null;
end $$`,
  `create or replace function team_counters_invites() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${POSTGRES_INVITE_DELTA("select team_id, status, user_id, 1 as n from new_rows")};
  elsif tg_op = 'DELETE' then
    ${POSTGRES_INVITE_DELTA("select team_id, status, user_id, -1 as n from old_rows")};
  else
    ${POSTGRES_INVITE_DELTA("select team_id, status, user_id, 1 as n from new_rows union all select team_id, status, user_id, -1 from old_rows")};
  end if;
  return null;
end $$`,
];

/** PostgreSQL triggers: name → (table, definition). Transition tables allow one event per trigger. */
const POSTGRES_TRIGGERS: Record<string, [string, string]> = {
  team_counters_team: ["teams", "after insert on teams for each row execute function team_counters_team()"],
  team_counters_users_insert: [
    "users",
    "after insert on users referencing new table as new_rows for each statement execute function team_counters_users()",
  ],
  team_counters_users_update: [
    "users",
    "after update on users referencing old table as old_rows new table as new_rows for each statement execute function team_counters_users()",
  ],
  team_counters_users_delete: [
    "users",
    "after delete on users referencing old table as old_rows for each statement execute function team_counters_users()",
  ],
  team_counters_invites_insert: [
    "invites",
    "after insert on invites referencing new table as new_rows for each statement execute function team_counters_invites()",
  ],
  team_counters_invites_update: [
    "invites",
    "after update on invites referencing old table as old_rows new table as new_rows for each statement execute function team_counters_invites()",
  ],
  team_counters_invites_delete: [
    "invites",
    "after delete on invites referencing old table as old_rows for each statement execute function team_counters_invites()",
  ],
};

/** Creates the table and its triggers, counts every team, adds the expiry index; `down` removes them. */
export const teamCountersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    let table = db.schema
      .createTable("team_counters")
      .ifNotExists()
      .addColumn("team_id", "integer", (c) => c.primaryKey().references("teams.id").onDelete("cascade"));
    for (const column of COUNTERS) table = table.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
    await table.execute();
    await db.schema
      .createIndex("invites_pending_expiry_idx")
      .ifNotExists()
      .on("invites")
      .columns(["team_id", "expires_at"])
      .where(sql.ref("status"), "=", sql.lit("pending"))
      .execute();
    if (dialectOf(db) === "postgres") {
      for (const body of POSTGRES_FUNCTIONS) await sql.raw(body).execute(db);
      for (const [name, [on, definition]] of Object.entries(POSTGRES_TRIGGERS)) {
        await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(on)}`.execute(db);
        await sql`create trigger ${sql.id(name)} ${sql.raw(definition)}`.execute(db);
      }
    } else {
      for (const [name, body] of Object.entries(SQLITE_TRIGGERS)) {
        await sql`create trigger if not exists ${sql.id(name)} ${sql.raw(body)}`.execute(db);
      }
    }
    await sql`delete from team_counters`.execute(db);
    await sql.raw(RECOUNT).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === "postgres") {
      for (const [name, [on]] of Object.entries(POSTGRES_TRIGGERS))
        await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(on)}`.execute(db);
      for (const fn of ["team_counters_team", "team_counters_users", "team_counters_invites"])
        await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
    } else {
      for (const name of Object.keys(SQLITE_TRIGGERS)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    await db.schema.dropIndex("invites_pending_expiry_idx").ifExists().execute();
    await db.schema.dropTable("team_counters").ifExists().execute();
  },
};
