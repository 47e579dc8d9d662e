/**
 * Migration 0023 (last-seen summary, issue #28): the dashboard's last-seen groups from a summary
 * the housekeeping refreshes every 15 minutes instead of counting the users index per page view
 * (docs/DECISIONS.md "#28 — last-seen summary"). `last_seen_summary` holds, per team (0: every
 * team) and per 15-minute UTC slot of the last 38 days that saw someone, how many users were last
 * seen at or after that slot; every zone's local midnight falls on such a slot, so any admin's
 * today / this week / this month is three lookups. `last_seen_summary_state` says when it was
 * counted. No foreign key: team 0 is no team, and a deleted team's rows go at the next refresh.
 */
import type { Kysely, Migration } from "kysely";
import { TIME } from "./helpers";

/** Creates the two tables (empty: the first housekeeping pass fills them); `down` drops them. */
export const lastSeenSummaryMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("last_seen_summary")
      .ifNotExists()
      .addColumn("team_id", "integer", (c) => c.notNull())
      .addColumn("slot", TIME, (c) => c.notNull())
      .addColumn("seen_since", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("last_seen_summary_pk", ["team_id", "slot"])
      .execute();
    await db.schema
      .createTable("last_seen_summary_state")
      .ifNotExists()
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("refreshed_at", TIME, (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("last_seen_summary_state").ifExists().execute();
    await db.schema.dropTable("last_seen_summary").ifExists().execute();
  },
};
