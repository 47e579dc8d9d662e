/**
 * Migration 0022 (issue #32): the `licenses` settings group (the purchase rules: trial policy,
 * trial size, order size, a company admin's order limit). `system_settings.group_name` has a
 * CHECK listing the groups, so it learns the new name: PostgreSQL replaces the constraint,
 * SQLite (which cannot alter a CHECK) rebuilds the small table.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect";
import { oneOf, TIME } from "./helpers";

const BEFORE = ["general", "messaging", "attachments", "calling", "security", "tls", "apps", "certs"];
const AFTER = [...BEFORE, "licenses"];

/** Rebuilds (SQLite) or re-constrains (PostgreSQL) system_settings so `group_name` accepts exactly `groups`. */
async function allowGroups(db: Kysely<unknown>, groups: readonly string[]): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`alter table system_settings drop constraint if exists system_settings_group_name_check`.execute(db);
    await sql`alter table system_settings add constraint system_settings_group_name_check check (${oneOf("group_name", groups)})`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable("system_settings_next")
    .addColumn("group_name", "varchar(20)", (c) => c.primaryKey().check(oneOf("group_name", groups)))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .execute();
  await sql`insert into system_settings_next (group_name, value, updated_at, updated_by)
    select group_name, value, updated_at, updated_by from system_settings where ${oneOf("group_name", groups)}`.execute(db);
  await db.schema.dropTable("system_settings").execute();
  await db.schema.alterTable("system_settings_next").renameTo("system_settings").execute();
}

/** Allows the `licenses` group; `down` removes its row and the name. */
export const licenseSettingsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await allowGroups(db, AFTER);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`delete from system_settings where group_name = 'licenses'`.execute(db);
    await allowGroups(db, BEFORE);
  },
};
