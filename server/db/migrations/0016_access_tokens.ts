/**
 * Migration 0016: `access_tokens`, an admin's named credentials for automation (CI pipelines).
 * - `uid` the public id; `token_hash` the SHA-256 hex of the `bwk_` secret (never stored itself);
 * - `admin_id` ON DELETE CASCADE: deleting the admin deletes their tokens;
 * - `permissions` a JSON array of token permissions; `team_ids` a JSON array of company ids the
 *   token is limited to, or null for all of its admin's (intersected with them on every call);
 * - `expires_at` null only when root allows tokens without expiry;
 * - `last_used_at`/`last_used_from` written at most once a minute; `expiry_notified_at` the
 *   reminder e-mail sent about 7 days before expiry (once). Revocation deletes the row.
 * Indexes: the admin's list and name check (admin_id, name), housekeeping's expiry scan.
 */
import type { Kysely, Migration } from "kysely";
import { TIME, withId } from "./helpers";

/** Creates the table; `down` drops it. */
export const accessTokensMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("access_tokens")
      .$call(withId(db))
      .addColumn("uid", "varchar(36)", (c) => c.notNull().unique())
      .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
      .addColumn("name", "varchar(64)", (c) => c.notNull())
      .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
      .addColumn("permissions", "text", (c) => c.notNull())
      .addColumn("team_ids", "text")
      .addColumn("created_at", TIME, (c) => c.notNull())
      .addColumn("expires_at", TIME)
      .addColumn("last_used_at", TIME)
      .addColumn("last_used_from", "varchar(45)")
      .addColumn("expiry_notified_at", TIME)
      .execute();
    await db.schema.createIndex("access_tokens_admin_name_idx").on("access_tokens").columns(["admin_id", "name"]).unique().execute();
    await db.schema.createIndex("access_tokens_expiry_idx").on("access_tokens").column("expires_at").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("access_tokens").ifExists().execute();
  },
};
