/**
 * Migration 0024 (PostgreSQL only, issue #32 item 10): three indexes of `users` that no query
 * needs go. A bulk block or activate changes `status`, an indexed column, so PostgreSQL cannot
 * update the rows in place (HOT) and writes a new entry into every index of `users` for every
 * row, while holding those rows' locks: each index is paid by every status change and by every
 * other writer waiting for it (docs/DECISIONS.md "#32 — overlapping bulks, the cost").
 * - `users_status_idx` (status) and `users_team_status_idx` (team_id, status) are prefixes of
 *   `users_status_created_idx` and `users_team_status_created_idx`, which answer the same
 *   conditions; the dashboard's status counts come from the team counters (0019), not from them.
 * - `users_username_prefix_idx` (username varchar_pattern_ops) answers `username LIKE 'x%'`,
 *   which no query of the server writes (the search uses the trigram index, 0008).
 * SQLite keeps them: its planner has no statistics to choose well without the narrow ones, an
 * UPDATE there costs little per index, and its one writer never waits on row locks.
 * Re-runs find nothing to do; `down` creates them again.
 */
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import { dialectOf } from "../dialect";

/** The indexes dropped on PostgreSQL, with the definition `down` restores. */
export const DROPPED_USER_INDEXES: Readonly<Record<string, string>> = {
  users_status_idx: "(status)",
  users_team_status_idx: "(team_id, status)",
  users_username_prefix_idx: "(username varchar_pattern_ops)",
};

/** Drops the three indexes on PostgreSQL; `down` restores them. */
export const usersFewerIndexesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== "postgres") return;
    for (const name of Object.keys(DROPPED_USER_INDEXES)) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== "postgres") return;
    for (const [name, columns] of Object.entries(DROPPED_USER_INDEXES))
      await sql`create index if not exists ${sql.id(name)} on users ${sql.raw(columns)}`.execute(db);
  },
} satisfies Migration;
