/**
 * Migration 0012: invitations as the console builds them. 0001's `invites` (one code per batch) and
 * `invite_recipients` (the batch's addresses) could not give every address its own hashed code,
 * expiry and state, and no code path ever wrote them, so they are replaced by one `invites` row
 * per invited address:
 * - `uid` the public id; `code_hash` the SHA-256 of the code (the code itself is never stored);
 * - `user_id` the pending user created with the invitation (docs/DECISIONS.md "Invitations are
 *   pending users"): ON DELETE CASCADE, so deleting that user from the users list deletes the
 *   invitation and its seat goes with the row; expiry first clears the link, then removes the user;
 * - `status` pending → accepted, or expired (housekeeping).
 * Indexes: the list's sort (expires_at, id) alone and per team, housekeeping's (status,
 * expires_at), the seat count's join on user_id, the pack and the address lookup.
 */
import type { Kysely, Migration } from "kysely";
import { oneOf, TIME, withFlag, withId } from "./helpers";

/** Replaces the two 0001 tables with one row per invitation; `down` restores 0001's shape. */
export const invitationsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("invite_recipients").ifExists().execute();
    await db.schema.dropTable("invites").ifExists().execute();
    await db.schema
      .createTable("invites")
      .$call(withId(db))
      .addColumn("uid", "varchar(36)", (c) => c.notNull().unique())
      .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
      .addColumn("license_pack_id", "integer", (c) => c.references("license_packs.id").onDelete("set null"))
      .addColumn("type", "varchar(10)", (c) => c.notNull().check(oneOf("type", ["email", "handle"])))
      // An e-mail address or a handle, stored lowercase.
      .addColumn("address", "varchar(320)", (c) => c.notNull())
      .addColumn("lang", "varchar(2)", (c) => c.notNull().defaultTo("en"))
      .$call(withFlag("match_user"))
      .$call(withFlag("direct_signin"))
      .addColumn("code_hash", "varchar(64)", (c) => c.notNull().unique())
      .addColumn("status", "varchar(10)", (c) =>
        c
          .notNull()
          .defaultTo("pending")
          .check(oneOf("status", ["pending", "accepted", "expired"])),
      )
      .addColumn("expires_at", TIME, (c) => c.notNull())
      .addColumn("issued_at", TIME, (c) => c.notNull())
      .addColumn("last_sent_at", TIME)
      .addColumn("accepted_at", TIME)
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
      .addColumn("created_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex("invites_expiry_idx").on("invites").columns(["expires_at", "id"]).execute();
    await db.schema.createIndex("invites_team_expiry_idx").on("invites").columns(["team_id", "expires_at", "id"]).execute();
    await db.schema.createIndex("invites_status_expiry_idx").on("invites").columns(["status", "expires_at"]).execute();
    await db.schema.createIndex("invites_user_idx").on("invites").column("user_id").execute();
    await db.schema.createIndex("invites_license_pack_idx").on("invites").column("license_pack_id").execute();
    await db.schema.createIndex("invites_address_idx").on("invites").column("address").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("invites").ifExists().execute();
    await db.schema
      .createTable("invites")
      .$call(withId(db))
      .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
      .addColumn("license_pack_id", "integer", (c) => c.references("license_packs.id").onDelete("set null"))
      .addColumn("type", "varchar(10)", (c) => c.notNull().check(oneOf("type", ["email", "handle"])))
      .addColumn("lang", "varchar(2)", (c) => c.notNull().defaultTo("en"))
      .$call(withFlag("match_user"))
      .$call(withFlag("direct_signin"))
      .addColumn("invite_code", "varchar(20)", (c) => c.notNull().unique())
      .addColumn("status", "varchar(10)", (c) =>
        c
          .notNull()
          .defaultTo("pending")
          .check(oneOf("status", ["pending", "accepted"])),
      )
      .addColumn("expires_at", TIME, (c) => c.notNull())
      .addColumn("issued_at", TIME, (c) => c.notNull())
      .addColumn("created_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex("invites_team_status_idx").on("invites").columns(["team_id", "status"]).execute();
    await db.schema.createIndex("invites_issued_idx").on("invites").columns(["issued_at", "id"]).execute();
    await db.schema.createIndex("invites_license_pack_idx").on("invites").column("license_pack_id").execute();
    await db.schema
      .createTable("invite_recipients")
      .$call(withId(db))
      .addColumn("invite_id", "integer", (c) => c.notNull().references("invites.id").onDelete("cascade"))
      .addColumn("address", "varchar(320)", (c) => c.notNull())
      .addColumn("status", "varchar(10)", (c) =>
        c
          .notNull()
          .defaultTo("pending")
          .check(oneOf("status", ["pending", "accepted"])),
      )
      .addColumn("accepted_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("last_sent_at", TIME)
      .addUniqueConstraint("invite_recipients_invite_address_key", ["invite_id", "address"])
      .execute();
    await db.schema.createIndex("invite_recipients_address_idx").on("invite_recipients").column("address").execute();
    await db.schema.createIndex("invite_recipients_user_idx").on("invite_recipients").column("accepted_user_id").execute();
  },
};
