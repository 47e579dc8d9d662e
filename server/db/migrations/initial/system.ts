/** Initial schema, part 4: settings, tokens, sessions, audit log, mail outbox (DESIGN §2, §4). */
import type { Kysely } from "kysely";
import { oneOf, TIME, withId } from "../helpers";

/** Tables created here, dependents first (the drop order). */
export const systemTables = [
  "service_tokens",
  "mail_outbox",
  "access_log",
  "sessions",
  "one_time_tokens",
  "system_settings",
  "app_settings",
] as const;

const SETTINGS_GROUPS = ["general", "messaging", "attachments", "calling", "security", "tls", "apps", "certs"];

/** Creates app_settings, system_settings, one_time_tokens and sessions. */
async function createSettingsAndAuthTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_settings")
    .addColumn("platform", "varchar(10)", (c) => c.primaryKey().check(oneOf("platform", ["android", "ios", "windows", "ecs"])))
    .addColumn("min_version", "varchar(30)")
    .addColumn("last_version", "varchar(30)")
    .addColumn("download_url", "varchar(300)")
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("system_settings")
    .addColumn("group_name", "varchar(20)", (c) => c.primaryKey().check(oneOf("group_name", SETTINGS_GROUPS)))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("one_time_tokens")
    .$call(withId(db))
    .addColumn("token_hash", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("purpose", "varchar(20)", (c) => c.notNull().check(oneOf("purpose", ["verify", "reset", "admin_invite", "setup"])))
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("expires_at", TIME, (c) => c.notNull())
    .addColumn("used_at", TIME)
    .addColumn("created_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("one_time_tokens_admin_purpose_idx").on("one_time_tokens").columns(["admin_id", "purpose"]).execute();
  await db.schema.createIndex("one_time_tokens_expires_idx").on("one_time_tokens").column("expires_at").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("sid", "varchar(255)", (c) => c.primaryKey())
    .addColumn("sess", "text", (c) => c.notNull())
    .addColumn("expires_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();
}

/** Creates access_log, mail_outbox and service_tokens. */
async function createOperationsTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("access_log")
    .$call(withId(db, { big: true }))
    .addColumn("created_at", TIME, (c) => c.notNull())
    // The actor's id and username are both kept: the username survives the admin's deletion.
    .addColumn("actor_admin_id", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("actor_username", "varchar(320)")
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    .addColumn("target_type", "varchar(32)")
    .addColumn("target_id", "varchar(320)")
    .addColumn("team_id", "integer", (c) => c.references("teams.id").onDelete("set null"))
    .addColumn("ip", "varchar(45)")
    .addColumn("user_agent", "varchar(500)")
    .addColumn("outcome", "varchar(10)", (c) => c.notNull().check(oneOf("outcome", ["success", "failure"])))
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("access_log_created_idx").on("access_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("access_log_team_created_idx").on("access_log").columns(["team_id", "created_at", "id"]).execute();
  await db.schema.createIndex("access_log_actor_created_idx").on("access_log").columns(["actor_admin_id", "created_at"]).execute();

  await db.schema
    .createTable("mail_outbox")
    .$call(withId(db, { big: true }))
    .addColumn("message_id", "varchar(255)", (c) => c.notNull().unique())
    .addColumn("to_address", "varchar(320)", (c) => c.notNull())
    .addColumn("template", "varchar(64)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(oneOf("status", ["pending", "sent", "failed"])),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", TIME, (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("sent_at", TIME)
    .execute();
  await db.schema.createIndex("mail_outbox_status_next_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("service_tokens")
    .$call(withId(db))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("created_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("last_used_at", TIME)
    .addColumn("revoked_at", TIME)
    .execute();
}

/** Creates every table of this part. */
export async function createSystemTables(db: Kysely<unknown>): Promise<void> {
  await createSettingsAndAuthTables(db);
  await createOperationsTables(db);
}
