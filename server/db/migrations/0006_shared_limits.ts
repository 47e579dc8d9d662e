/**
 * Migration 0006: the abuse guards' state moves from each process's memory into the database,
 * so N processes behind a load balancer enforce one budget (DESIGN §2, docs/DECISIONS.md).
 * - `rate_limits`: one fixed-window counter per limiter and client address (`key` is
 *   "<limiter>:<address>"); `reset_at` ends the window. The store increments it with a single
 *   UPSERT, so concurrent hits on any number of processes are counted exactly once each.
 * - `captcha_redemptions`: the SHA-256 of each redeemed ALTCHA signature until its challenge has
 *   expired; the primary key makes a second redemption fail, on whichever process it arrives.
 * Both are pruned on a timer through their expiry indexes (server/services/housekeeping.ts).
 * Everything is created "if not exists", so a re-run finds nothing to do.
 */
import type { Kysely, Migration } from "kysely";
import { dropTables, TIME } from "./helpers";

/** Creates rate_limits and captcha_redemptions with their expiry indexes; `down` drops them. */
export const sharedLimitsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("rate_limits")
      .ifNotExists()
      .addColumn("key", "varchar(128)", (c) => c.primaryKey())
      .addColumn("hits", "integer", (c) => c.notNull())
      .addColumn("reset_at", TIME, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("rate_limits_reset_at_idx").ifNotExists().on("rate_limits").column("reset_at").execute();

    await db.schema
      .createTable("captcha_redemptions")
      .ifNotExists()
      .addColumn("signature_hash", "varchar(64)", (c) => c.primaryKey())
      .addColumn("expires_at", TIME, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("captcha_redemptions_expires_at_idx")
      .ifNotExists()
      .on("captcha_redemptions")
      .column("expires_at")
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await dropTables(db, ["captcha_redemptions", "rate_limits"]);
  },
};
