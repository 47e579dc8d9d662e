/** The initial schema: every table of SPEC §3 plus sessions, audit log, outbox and tokens. */
import type { Kysely, Migration } from "kysely";
import { dropTables } from "./helpers";
import { createLicensingTables, licensingTables } from "./initial/licensing";
import { createPeopleTables, peopleTables } from "./initial/people";
import { createSystemTables, systemTables } from "./initial/system";
import { createTeamTables, teamTables } from "./initial/teams";

/** Migration 0001: creates the schema; `down` drops it, dependents first. */
export const initialMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await createTeamTables(db);
    await createPeopleTables(db);
    await createLicensingTables(db);
    await createSystemTables(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await dropTables(db, [...systemTables, ...licensingTables, ...peopleTables, ...teamTables]);
  },
};
