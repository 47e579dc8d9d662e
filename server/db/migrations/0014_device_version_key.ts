/**
 * Migration 0014: `devices.version_key`, the app version as a key that sorts like the version
 * (devices below their platform's minimum version). `app_version` is free-form
 * text ("5.10.0", "5.2.1-beta"); compared as text "5.10.0" < "5.9.0". The key is the first three
 * numeric parts, each zero-padded to six digits (capped at 999999): "000005000010000000". It is
 * NULL when the version does not start with `digits.digits.digits` (never marked outdated).
 * Triggers keep it on both engines whoever writes (the service API, the seed, tests, SQL by
 * hand), as `users.device_count` (0007); `shared/appVersions.ts` computes the same key in
 * JavaScript for the minimums, and a test compares the three on odd versions. The index
 * `devices (platform, version_key, user_id)` answers "owners of devices of platform P below key
 * K" as a range of the index alone (without user_id each match read its devices row: 5× slower
 * at 20,000 users, docs/DECISIONS.md).
 * Everything is "if not exists" / "or replace", so a re-run finds nothing to do.
 */
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import { dialectOf } from "../dialect";

/**
 * SQLite has no regular expressions: the parts are cut at the first two dots; the major and
 * minor must be all digits, the patch must start with one (CAST reads its leading digits).
 * `v` is an SQL expression of the version; the result is a scalar sub-query (NULL when no row).
 */
export function sqliteVersionKey(v: string): string {
  return `(select case when p.major <> '' and p.major not glob '*[^0-9]*' and p.minor <> '' and p.minor not glob '*[^0-9]*' and substr(p.patch, 1, 1) between '0' and '9'
    then printf('%06d%06d%06d', min(cast(p.major as integer), 999999), min(cast(p.minor as integer), 999999), min(cast(p.patch as integer), 999999)) end
    from (select substr(q.v, 1, q.d1 - 1) as major, substr(q.r, 1, instr(q.r, '.') - 1) as minor, substr(q.r, instr(q.r, '.') + 1) as patch
      from (select s.v as v, instr(s.v, '.') as d1, substr(s.v, instr(s.v, '.') + 1) as r from (select ${v} as v) s) q
      where q.d1 > 0 and instr(q.r, '.') > 0) p)`;
}

const SQLITE_TRIGGERS: Record<string, string> = {
  devices_version_key_insert: `after insert on devices begin update devices set version_key = ${sqliteVersionKey("new.app_version")} where id = new.id; end`,
  devices_version_key_update: `after update of app_version on devices begin update devices set version_key = ${sqliteVersionKey("new.app_version")} where id = new.id; end`,
};

/** PostgreSQL: the key as an immutable function (no match: no row, so NULL; `least` would skip NULLs), set by a BEFORE trigger on the row itself. */
const POSTGRES_FUNCTIONS = [
  `create or replace function app_version_key(v text) returns text language sql immutable as $$
    select lpad(least(m[1]::numeric, 999999)::text, 6, '0') || lpad(least(m[2]::numeric, 999999)::text, 6, '0') || lpad(least(m[3]::numeric, 999999)::text, 6, '0')
    from regexp_match(v, '^([0-9]+)\\.([0-9]+)\\.([0-9]+)') as m
    where m is not null
  $$`,
  `create or replace function devices_version_key() returns trigger language plpgsql as $$
  begin
    new.version_key := app_version_key(new.app_version);
    return new;
  end $$`,
];

async function hasColumn(db: Kysely<unknown>): Promise<boolean> {
  const columns = await sql<{ n: number | string }>`select count(*) as n from ${
    dialectOf(db) === "postgres"
      ? sql`information_schema.columns where table_name = 'devices' and column_name = 'version_key' and table_schema = current_schema()`
      : sql`pragma_table_info('devices') where name = 'version_key'`
  }`.execute(db);
  return Number(columns.rows[0]?.n ?? 0) > 0;
}

/** Adds the column, its triggers and index, and fills it for existing devices; `down` removes them. */
export const deviceVersionKeyMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const fresh = !(await hasColumn(db));
    if (fresh) await db.schema.alterTable("devices").addColumn("version_key", "varchar(18)").execute();
    if (dialectOf(db) === "postgres") {
      for (const fn of POSTGRES_FUNCTIONS) await sql.raw(fn).execute(db);
      await sql`drop trigger if exists devices_version_key on devices`.execute(db);
      await sql`create trigger devices_version_key before insert or update of app_version on devices for each row execute function devices_version_key()`.execute(
        db,
      );
      if (fresh) await sql`update devices set version_key = app_version_key(app_version) where app_version is not null`.execute(db);
    } else {
      for (const [name, body] of Object.entries(SQLITE_TRIGGERS))
        await sql`create trigger if not exists ${sql.id(name)} ${sql.raw(body)}`.execute(db);
      if (fresh)
        await sql
          .raw(`update devices set version_key = ${sqliteVersionKey("devices.app_version")} where app_version is not null`)
          .execute(db);
    }
    await db.schema
      .createIndex("devices_platform_version_key_user_idx")
      .ifNotExists()
      .on("devices")
      .columns(["platform", "version_key", "user_id"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex("devices_platform_version_key_user_idx").ifExists().execute();
    if (dialectOf(db) === "postgres") {
      await sql`drop trigger if exists devices_version_key on devices`.execute(db);
      await sql`drop function if exists devices_version_key()`.execute(db);
      await sql`drop function if exists app_version_key(text)`.execute(db);
    } else {
      for (const name of Object.keys(SQLITE_TRIGGERS)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    await db.schema.alterTable("devices").dropColumn("version_key").execute();
  },
};
