/**
 * Migration 0010: what license packs need on top of 0001.
 * - `license_packs.uid`: the pack's public id (the API names packs by id, a UUID, as users and
 *   administrators are named by uid); existing rows get one here.
 * - `license_packs.source`: how the pack was obtained (purchase, activation, distribution).
 * - `license_packs.token_id`: the activation token's id, UNIQUE, so each token activates once
 *   across every process of the installation (the insert of the second one fails).
 * - Packs without an expiration (none are written any more) become expired at their creation.
 * - `license_orders`: one row per purchase with its provider's invoice number.
 * - `license_reminders`: one row per (pack, threshold, expiration) reminder sent, UNIQUE, so the
 *   daily job e-mails each reminder once even when several processes run it.
 * - The index the list's expiration order and the seats' capacity sum read.
 * - `license_type` widened to 20: the type `subscription` has 12 characters, more than
 *   SPEC §9's licenseType 10 (PostgreSQL enforces varchar lengths; SQLite ignores them).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import { dialectOf } from "../dialect";
import { dropTables, oneOf, TIME, withId } from "./helpers";

/** Adds the columns and tables; `down` removes them. */
export const licensePacksMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === "postgres") await sql`alter table license_packs alter column license_type type varchar(20)`.execute(db);
    await db.schema.alterTable("license_packs").addColumn("uid", "varchar(36)").execute();
    await db.schema
      .alterTable("license_packs")
      .addColumn("source", "varchar(12)", (c) =>
        c
          .notNull()
          .defaultTo("purchase")
          .check(oneOf("source", ["purchase", "activation", "distribution"])),
      )
      .execute();
    await db.schema.alterTable("license_packs").addColumn("token_id", "varchar(64)").execute();
    const rows = await sql<{ id: number }>`select id from license_packs where uid is null`.execute(db);
    for (const row of rows.rows) {
      await sql`update license_packs set uid = ${randomUUID()} where id = ${row.id}`.execute(db);
    }
    await sql`update license_packs set expires_at = created_at where expires_at is null`.execute(db);
    await db.schema.createIndex("license_packs_uid_key").on("license_packs").column("uid").unique().execute();
    await db.schema.createIndex("license_packs_token_id_key").on("license_packs").column("token_id").unique().execute();
    await db.schema.createIndex("license_packs_expires_idx").on("license_packs").columns(["expires_at", "id"]).execute();
    await db.schema.createIndex("license_packs_team_expires_idx").on("license_packs").columns(["team_id", "expires_at", "id"]).execute();

    await db.schema
      .createTable("license_orders")
      .$call(withId(db))
      .addColumn("invoice_number", "varchar(40)", (c) => c.notNull().unique())
      .addColumn("provider", "varchar(20)", (c) => c.notNull())
      .addColumn("team_id", "integer", (c) => c.references("teams.id").onDelete("set null"))
      .addColumn("license_pack_id", "integer", (c) => c.references("license_packs.id").onDelete("set null"))
      .addColumn("license_type", "varchar(20)", (c) => c.notNull())
      .addColumn("license_count", "bigint", (c) => c.notNull())
      .addColumn("term_months", "integer", (c) => c.notNull())
      .addColumn("currency", "varchar(3)", (c) => c.notNull())
      .addColumn("unit_price_minor", "bigint", (c) => c.notNull())
      .addColumn("total_minor", "bigint", (c) => c.notNull())
      .addColumn("billed_to", "varchar(320)")
      .addColumn("created_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
      .addColumn("created_at", TIME, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("license_orders_pack_idx").on("license_orders").column("license_pack_id").execute();
    await db.schema.createIndex("license_orders_team_idx").on("license_orders").column("team_id").execute();

    await db.schema
      .createTable("license_reminders")
      .$call(withId(db))
      .addColumn("license_pack_id", "integer", (c) => c.notNull().references("license_packs.id").onDelete("cascade"))
      .addColumn("threshold_days", "integer", (c) => c.notNull())
      .addColumn("expires_at", TIME, (c) => c.notNull())
      .addColumn("sent_at", TIME, (c) => c.notNull())
      .addUniqueConstraint("license_reminders_pack_threshold_key", ["license_pack_id", "threshold_days", "expires_at"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await dropTables(db, ["license_reminders", "license_orders"]);
    for (const name of [
      "license_packs_team_expires_idx",
      "license_packs_expires_idx",
      "license_packs_token_id_key",
      "license_packs_uid_key",
    ]) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    await db.schema.alterTable("license_packs").dropColumn("token_id").execute();
    await db.schema.alterTable("license_packs").dropColumn("source").execute();
    await db.schema.alterTable("license_packs").dropColumn("uid").execute();
  },
};
