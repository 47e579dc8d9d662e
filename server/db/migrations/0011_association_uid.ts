/**
 * Migration 0011: what company associations need on top of 0001.
 * - `associations.uid`: the association's public id (the API names associations by `id`, a
 *   UUID, as license packs are named since 0010); existing rows get one here; UNIQUE.
 * - `association_teams (team_id, association_id)`: the policy lookup walks a team's
 *   associations; the primary key (association_id, team_id) serves the other direction.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";

/** Adds the column and index; `down` removes them. */
export const associationUidMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("associations").addColumn("uid", "varchar(36)").execute();
    const rows = await sql<{ id: number }>`select id from associations where uid is null`.execute(db);
    for (const row of rows.rows) {
      await sql`update associations set uid = ${randomUUID()} where id = ${row.id}`.execute(db);
    }
    await db.schema.createIndex("associations_uid_key").on("associations").column("uid").unique().execute();
    await db.schema
      .createIndex("association_teams_team_assoc_idx")
      .on("association_teams")
      .columns(["team_id", "association_id"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex("association_teams_team_assoc_idx").ifExists().execute();
    await db.schema.dropIndex("associations_uid_key").ifExists().execute();
    await db.schema.alterTable("associations").dropColumn("uid").execute();
  },
};
