/** Initial schema, part 1: teams and their domains, and company associations (SPEC §3). */
import type { Kysely } from "kysely";
import { oneOf, TIME, withFlag, withId } from "../helpers";

/** Tables created here, dependents first (the drop order). */
export const teamTables = ["association_teams", "associations", "team_domains", "teams"] as const;

/** Creates teams, team_domains, associations and association_teams. */
export async function createTeamTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("teams")
    .$call(withId(db))
    .addColumn("slug", "varchar(320)", (c) => c.notNull().unique())
    .addColumn("team_name", "varchar(320)", (c) => c.notNull())
    .addColumn("institution", "varchar(128)")
    .addColumn("notes", "varchar(1000)")
    .addColumn("contact_email_finance", "varchar(320)")
    .addColumn("contact_email_operations", "varchar(320)")
    .addColumn("contact_email_support", "varchar(320)")
    .addColumn("city", "varchar(128)")
    .addColumn("country", "varchar(3)")
    .addColumn("language", "varchar(2)", (c) => c.notNull().defaultTo("en"))
    .addColumn("timezone", "varchar(100)")
    // JSON overrides; SPEC §9 caps customSettings at 2000 characters, checked by the schema layer.
    .addColumn("custom_settings", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("email_theme", "varchar(50)")
    .addColumn("auth_oauth_client_id", "varchar(300)")
    .addColumn("auth_authority", "varchar(300)")
    .addColumn("auth_discovery", "varchar(300)")
    .addColumn("auth_version", "varchar(20)")
    .addColumn("auth_tenant_id", "varchar(100)")
    .$call(withFlag("auth_azure_ad_sync"))
    .addColumn("auth_cert_revocation", "varchar(10)", (c) =>
      c
        .notNull()
        .defaultTo("ocsp")
        .check(oneOf("auth_cert_revocation", ["ocsp", "ocsp_crl", "disabled"])),
    )
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("teams_team_name_idx").on("teams").columns(["team_name", "id"]).execute();
  await db.schema.createIndex("teams_created_at_idx").on("teams").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("team_domains")
    .$call(withId(db))
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("domain", "varchar(100)", (c) => c.notNull().unique())
    .addColumn("created_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("team_domains_team_id_idx").on("team_domains").column("team_id").execute();

  await db.schema
    .createTable("associations")
    .$call(withId(db))
    .addColumn("name", "varchar(320)", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) => c.notNull().check(oneOf("status", ["open", "closed"])))
    .$call(withFlag("closed_communications"))
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("association_teams")
    .addColumn("association_id", "integer", (c) => c.notNull().references("associations.id").onDelete("cascade"))
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("association_teams_pkey", ["association_id", "team_id"])
    .execute();
  await db.schema.createIndex("association_teams_team_id_idx").on("association_teams").column("team_id").execute();
}
