/**
 * Migration 0009: `installation_secrets`, the generated secrets of a PostgreSQL installation
 * (JWT key, session secret, password pepper). Each process used to generate its own
 * into its data directory, so with N processes an admin could sign in on only one of them. The
 * first process to start inserts them (insert-if-absent under the bootstrap lock) and every
 * process reads the same rows (server/services/secrets). `name` is the environment variable
 * that overrides the row. SQLite installations keep using `$BULWARK_DATA_DIR/secrets.json`; the
 * table exists there too, empty, so both engines have one schema.
 */
import type { Kysely, Migration } from "kysely";
import { dropTables, TIME } from "./helpers";

/** Creates installation_secrets; `down` drops it. */
export const installationSecretsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("installation_secrets")
      .ifNotExists()
      .addColumn("name", "varchar(64)", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", TIME, (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await dropTables(db, ["installation_secrets"]);
  },
};
