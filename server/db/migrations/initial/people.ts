/** Initial schema, part 2: admins, end users, their devices and locations (SPEC §3). */
import type { Kysely } from "kysely";
import { createPrefixIndex, oneOf, TIME, withFlag, withId } from "../helpers";

/** Tables created here, dependents first (the drop order). */
export const peopleTables = [
  "locations",
  "devices",
  "user_password_history",
  "user_aliases",
  "users",
  "admin_teams",
  "admin_password_history",
  "admins",
] as const;

/**
 * IP addresses are varchar(45), the longest textual IPv6 form (IPv4-mapped), for admins,
 * users and device locations alike: SPEC §9's "ip 15" only fits IPv4, and a client behind
 * IPv6 must not make a write fail at the database. Validation may stay stricter.
 */
const IP = "varchar(45)";

/** Creates admins and their password history and team memberships. */
async function createAdminTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admins")
    .$call(withId(db))
    .addColumn("uid", "varchar(36)", (c) => c.notNull().unique())
    // Stored lowercase by the services, so equality and uniqueness are case-insensitive.
    .addColumn("username", "varchar(320)", (c) => c.notNull().unique())
    .addColumn("first_name", "varchar(100)", (c) => c.notNull())
    .addColumn("last_name", "varchar(100)", (c) => c.notNull())
    .addColumn("role", "varchar(10)", (c) => c.notNull().check(oneOf("role", ["root", "admin"])))
    .addColumn("status", "varchar(20)", (c) => c.notNull().check(oneOf("status", ["registered", "invited", "active", "blocked"])))
    .addColumn("lang", "varchar(2)", (c) => c.notNull().defaultTo("en"))
    .addColumn("timezone", "varchar(100)", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("password_hash", "text")
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", TIME)
    .addColumn("token_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("suid", "varchar(36)")
    .addColumn("guid", "varchar(64)")
    .addColumn("access_level", "varchar(20)")
    .addColumn("ip_address", IP)
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .addColumn("last_seen_at", TIME)
    .addColumn("verified_at", TIME)
    .execute();
  await db.schema.createIndex("admins_status_idx").on("admins").column("status").execute();
  await db.schema.createIndex("admins_role_idx").on("admins").column("role").execute();
  await db.schema.createIndex("admins_last_name_idx").on("admins").columns(["last_name", "first_name", "id"]).execute();

  await db.schema
    .createTable("admin_password_history")
    .$call(withId(db))
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("admin_password_history_admin_idx")
    .on("admin_password_history")
    .columns(["admin_id", "created_at"])
    .execute();

  await db.schema
    .createTable("admin_teams")
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("admin_teams_pkey", ["admin_id", "team_id"])
    .execute();
  await db.schema.createIndex("admin_teams_team_id_idx").on("admin_teams").column("team_id").execute();
}

/** Creates end users, their aliases and password history; indexes sized for 100,000+ users. */
async function createUserTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .$call(withId(db))
    .addColumn("uid", "varchar(36)", (c) => c.notNull().unique())
    // Stored lowercase (see admins.username); the unique index also serves equality lookups.
    .addColumn("username", "varchar(320)", (c) => c.notNull().unique())
    // NOT NULL (empty when unknown) so sorting and keyset cursors behave the same on both engines.
    .addColumn("first_name", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "varchar(100)", (c) => c.notNull().defaultTo(""))
    // RESTRICT: a team that still has users cannot be deleted.
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("restrict"))
    .addColumn("role", "varchar(20)", (c) => c.notNull().defaultTo("user"))
    .addColumn("access_level", "varchar(20)")
    .addColumn("status", "varchar(10)", (c) => c.notNull().check(oneOf("status", ["active", "pending", "blocked"])))
    .$call(withFlag("is_ecs"))
    .$call(withFlag("is_sip"))
    .$call(withFlag("is_cellcrypt"))
    .addColumn("ip_address", IP)
    .addColumn("password_hash", "text")
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .addColumn("last_seen_at", TIME)
    .execute();
  const userIndexes: Record<string, string[]> = {
    users_team_status_idx: ["team_id", "status"],
    users_status_idx: ["status"],
    users_team_created_idx: ["team_id", "created_at", "id"],
    users_created_idx: ["created_at", "id"],
    users_last_seen_idx: ["last_seen_at", "id"],
    users_team_last_seen_idx: ["team_id", "last_seen_at"],
    users_name_idx: ["last_name", "first_name", "id"],
  };
  for (const [name, columns] of Object.entries(userIndexes)) {
    await db.schema.createIndex(name).on("users").columns(columns).execute();
  }
  await createPrefixIndex(db, "users", "username");

  await db.schema
    .createTable("user_aliases")
    .$call(withId(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("alias", "varchar(320)", (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex("user_aliases_user_id_idx").on("user_aliases").column("user_id").execute();

  await db.schema
    .createTable("user_password_history")
    .$call(withId(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("user_password_history_user_idx").on("user_password_history").columns(["user_id", "created_at"]).execute();
}

/** Creates devices and their locations. */
async function createDeviceTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("devices")
    .$call(withId(db))
    .addColumn("uid", "varchar(36)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("platform", "integer", (c) => c.notNull().check(oneOf("platform", [1, 2, 7, 8, 9, 10, 11, 12, 13])))
    .addColumn("app_version", "varchar(30)")
    .addColumn("device_name", "varchar(30)")
    .addColumn("device_token", "varchar(300)")
    .addColumn("os_version", "varchar(30)")
    .addColumn("browser", "varchar(50)")
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("last_seen_at", TIME, (c) => c.notNull())
    .addColumn("wipe_requested_at", TIME)
    .addColumn("wipe_requested_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("wiped_at", TIME)
    .execute();
  await db.schema.createIndex("devices_user_id_idx").on("devices").column("user_id").execute();
  await db.schema.createIndex("devices_platform_user_idx").on("devices").columns(["platform", "user_id"]).execute();

  await db.schema
    .createTable("locations")
    .$call(withId(db, { big: true }))
    .addColumn("device_id", "integer", (c) => c.notNull().references("devices.id").onDelete("cascade"))
    .addColumn("city", "varchar(128)")
    .addColumn("country", "varchar(3)")
    .addColumn("geocountry", "varchar(20)")
    .addColumn("ip", IP)
    .addColumn("recorded_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("locations_device_idx").on("locations").columns(["device_id", "recorded_at"]).execute();
}

/** Creates every table of this part, in dependency order. */
export async function createPeopleTables(db: Kysely<unknown>): Promise<void> {
  await createAdminTables(db);
  await createUserTables(db);
  await createDeviceTables(db);
}
