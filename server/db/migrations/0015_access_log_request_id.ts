/**
 * Migration 0015: `access_log.request_id`, the id of the HTTP request that wrote the entry (the
 * `X-Request-Id` of the response and the server log), so an auditor reading an entry on /logs
 * can find the request's log lines. Older entries keep null.
 */
import type { Kysely, Migration } from "kysely";

/** Adds the column; `down` removes it. */
export const accessLogRequestIdMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("access_log").addColumn("request_id", "varchar(64)").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("access_log").dropColumn("request_id").execute();
  },
};
