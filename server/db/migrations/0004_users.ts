/**
 * Migration 0004: what the users API needs on top of 0001.
 * - `user_tokens`: hashed single-use tokens for end users (password reset links the console
 *   issues and the communications service redeems), like `one_time_tokens` for admins.
 * - Indexes so every filter and sort of `GET /v2/users` is answered from an index at 100,000+
 *   users: per-team variants of the sorts, the status sort, the status filter with the name,
 *   username and last-seen sorts, the last-seen sort on COALESCE(last_seen_at, 0) (never seen
 *   is the oldest, identically on both engines) and partial indexes for the rare ECS / SIP /
 *   Cellcrypt flags.
 */
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import { oneOf, TIME, withId } from "./helpers";

/** Plain column indexes on users: name → columns. */
const USER_INDEXES: Record<string, string[]> = {
  users_team_name_sort_idx: ["team_id", "last_name", "first_name", "id"],
  users_team_username_idx: ["team_id", "username"],
  users_status_created_idx: ["status", "created_at", "id"],
  users_team_status_created_idx: ["team_id", "status", "created_at", "id"],
  // The status filter with the name and username sorts (last seen: expression index below).
  users_status_name_idx: ["status", "last_name", "first_name", "id"],
  users_status_username_idx: ["status", "username"],
};

/** Partial indexes for the flag filters (`is_x = 1` is the selective side). */
const FLAG_INDEXES: Record<string, string> = {
  users_ecs_idx: "is_ecs",
  users_sip_idx: "is_sip",
  users_cellcrypt_idx: "is_cellcrypt",
};

/** Creates user_tokens and the user-list indexes; `down` removes them. */
export const usersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("user_tokens")
      .$call(withId(db))
      .addColumn("token_hash", "varchar(128)", (c) => c.notNull().unique())
      .addColumn("purpose", "varchar(20)", (c) => c.notNull().check(oneOf("purpose", ["reset", "register"])))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("expires_at", TIME, (c) => c.notNull())
      .addColumn("used_at", TIME)
      .addColumn("created_at", TIME, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("user_tokens_user_purpose_idx").on("user_tokens").columns(["user_id", "purpose"]).execute();
    await db.schema.createIndex("user_tokens_expires_idx").on("user_tokens").column("expires_at").execute();

    for (const [name, columns] of Object.entries(USER_INDEXES)) {
      await db.schema.createIndex(name).on("users").columns(columns).execute();
    }
    // Expression indexes: the same text on both engines; queries use exactly this expression.
    await sql`create index users_last_seen_sort_idx on users ((coalesce(last_seen_at, 0)), id)`.execute(db);
    await sql`create index users_team_last_seen_sort_idx on users (team_id, (coalesce(last_seen_at, 0)), id)`.execute(db);
    await sql`create index users_status_last_seen_sort_idx on users (status, (coalesce(last_seen_at, 0)), id)`.execute(db);
    for (const [name, column] of Object.entries(FLAG_INDEXES)) {
      await db.schema.createIndex(name).on("users").columns(["team_id", "id"]).where(sql.ref(column), "=", sql.lit(1)).execute();
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    const expressionIndexes = ["users_status_last_seen_sort_idx", "users_team_last_seen_sort_idx", "users_last_seen_sort_idx"];
    const names = [...Object.keys(FLAG_INDEXES), ...expressionIndexes, ...Object.keys(USER_INDEXES)];
    for (const name of names) await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.dropTable("user_tokens").ifExists().execute();
  },
};
