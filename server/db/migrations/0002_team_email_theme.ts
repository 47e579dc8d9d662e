/**
 * Migration 0002: `teams.email_theme` becomes text. The shared schema defines the e-mail theme as
 * a JSON object (name, primary colour, logo URL up to 300, footer up to 500), which does not fit
 * the varchar(50) of 0001. SQLite never enforced the length, so only PostgreSQL changes.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect";

/** Widens teams.email_theme to text; `down` narrows it back, dropping themes that no longer fit. */
export const teamEmailThemeMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== "postgres") return;
    await sql`alter table teams alter column email_theme type text`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== "postgres") return;
    await sql`alter table teams alter column email_theme type varchar(50) using (case when length(email_theme) <= 50 then email_theme end)`.execute(
      db,
    );
  },
};
