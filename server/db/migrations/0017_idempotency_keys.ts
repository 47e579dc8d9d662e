/**
 * Migration 0017: `idempotency_keys`, the answers of writes sent with an `Idempotency-Key`
 * header (docs/API.md "Idempotency and rate limits"), kept 24 hours per principal and key
 * (DESIGN §4). The primary key (principal, key) is the lock: the first request inserts its row
 * as running, so a concurrent repeat on any process finds it and does not run the write again.
 * `expires_at` is the end of the lease while running and of the 24 hours once answered; the
 * housekeeping pass deletes rows past it through its index.
 */
import type { Kysely, Migration } from "kysely";
import { dropTables, TIME } from "./helpers";

/** Creates idempotency_keys with its expiry index; `down` drops it. */
export const idempotencyKeysMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("idempotency_keys")
      .ifNotExists()
      // "admin:<id>", "token:<id>" or "service:<id>".
      .addColumn("principal", "varchar(64)", (c) => c.notNull())
      .addColumn("key", "varchar(255)", (c) => c.notNull())
      // SHA-256 (hex) of the method, the path and the SHA-256 of the raw body.
      .addColumn("fingerprint", "varchar(64)", (c) => c.notNull())
      // Null while the first request runs; its answer's status once stored.
      .addColumn("status", "integer")
      // JSON object of the answer's kept headers (Location, Retry-After, Content-Type), or null.
      .addColumn("headers", "text")
      // The JSON answer, or null while running.
      .addColumn("body", "text")
      .addColumn("created_at", TIME, (c) => c.notNull())
      .addColumn("expires_at", TIME, (c) => c.notNull())
      .addPrimaryKeyConstraint("idempotency_keys_pk", ["principal", "key"])
      .execute();
    await db.schema.createIndex("idempotency_keys_expires_at_idx").ifNotExists().on("idempotency_keys").column("expires_at").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await dropTables(db, ["idempotency_keys"]);
  },
};
