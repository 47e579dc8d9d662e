/**
 * Migration 0007: `users.device_count`, the number of the user's devices, kept by triggers.
 * The users list shows it on every row; counted per row it cost one probe of the devices index
 * per user listed (about a tenth of a `GET /v2/users` call at 100,000 users: docs/DECISIONS.md,
 * "List throughput"). Triggers on devices (insert, delete, a change of owner) keep it exact
 * whoever writes, including the cascade when a user is deleted; existing users are counted here.
 * Everything is created "if not exists" or "or replace", so a re-run finds nothing to do.
 */
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import { dialectOf } from "../dialect";

const COUNT_OF = (userId: string) => `(select count(*) from devices where devices.user_id = ${userId})`;

/** SQLite triggers: name → body. A change of owner recounts both users. */
const SQLITE_TRIGGERS: Record<string, string> = {
  users_device_count_insert: "after insert on devices begin update users set device_count = device_count + 1 where id = new.user_id; end",
  users_device_count_delete: "after delete on devices begin update users set device_count = device_count - 1 where id = old.user_id; end",
  users_device_count_move:
    "after update of user_id on devices when new.user_id <> old.user_id begin " +
    "update users set device_count = device_count - 1 where id = old.user_id; " +
    "update users set device_count = device_count + 1 where id = new.user_id; end",
};

/** PostgreSQL: one trigger function for the three events (row-level, after the change). */
const POSTGRES_FUNCTION = `create or replace function users_device_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.user_id = old.user_id then
    return null;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update users set device_count = device_count - 1 where id = old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update users set device_count = device_count + 1 where id = new.user_id;
  end if;
  return null;
end $$`;

/** Adds the column, counts every user's devices and installs the triggers; `down` removes them. */
export const userDeviceCountMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const columns = await sql<{ n: number | string }>`select count(*) as n from ${
      dialectOf(db) === "postgres"
        ? sql`information_schema.columns where table_name = 'users' and column_name = 'device_count' and table_schema = current_schema()`
        : sql`pragma_table_info('users') where name = 'device_count'`
    }`.execute(db);
    if (Number(columns.rows[0]?.n ?? 0) === 0) {
      await db.schema
        .alterTable("users")
        .addColumn("device_count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set device_count = ${sql.raw(COUNT_OF("users.id"))} where exists (select 1 from devices where devices.user_id = users.id)`.execute(
        db,
      );
    }
    if (dialectOf(db) === "postgres") {
      await sql.raw(POSTGRES_FUNCTION).execute(db);
      await sql`drop trigger if exists users_device_count on devices`.execute(db);
      await sql`create trigger users_device_count after insert or delete or update of user_id on devices for each row execute function users_device_count()`.execute(
        db,
      );
      return;
    }
    for (const [name, body] of Object.entries(SQLITE_TRIGGERS)) {
      await sql`create trigger if not exists ${sql.id(name)} ${sql.raw(body)}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === "postgres") {
      await sql`drop trigger if exists users_device_count on devices`.execute(db);
      await sql`drop function if exists users_device_count()`.execute(db);
    } else {
      for (const name of Object.keys(SQLITE_TRIGGERS)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    await db.schema.alterTable("users").dropColumn("device_count").execute();
  },
};
