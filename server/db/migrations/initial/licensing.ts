/** Initial schema, part 3: license packs and invites (SPEC §3, §4). */
import type { Kysely } from "kysely";
import { oneOf, TIME, withFlag, withId } from "../helpers";

/** Tables created here, dependents first (the drop order). */
export const licensingTables = ["invite_recipients", "invites", "license_packs"] as const;

/** Creates license_packs, invites and invite_recipients. */
export async function createLicensingTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("license_packs")
    .$call(withId(db))
    // NULL = undistributed. SET NULL: the packs of a deleted team return to the undistributed pool.
    .addColumn("team_id", "integer", (c) => c.references("teams.id").onDelete("set null"))
    // The pack this one was distributed from.
    .addColumn("parent_id", "integer", (c) => c.references("license_packs.id").onDelete("set null"))
    .addColumn("license_type", "varchar(10)", (c) => c.notNull())
    // bigint: SPEC §9 allows 10 digits, beyond a 32-bit integer.
    .addColumn("license_count", "bigint", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) => c.notNull().check(oneOf("status", ["active", "expired"])))
    .addColumn("expires_at", TIME)
    .addColumn("activation_token_hash", "varchar(128)", (c) => c.unique())
    .addColumn("created_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("created_at", TIME, (c) => c.notNull())
    .addColumn("updated_at", TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("license_packs_team_status_idx").on("license_packs").columns(["team_id", "status"]).execute();
  await db.schema.createIndex("license_packs_parent_id_idx").on("license_packs").column("parent_id").execute();

  await db.schema
    .createTable("invites")
    .$call(withId(db))
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("license_pack_id", "integer", (c) => c.references("license_packs.id").onDelete("set null"))
    .addColumn("type", "varchar(10)", (c) => c.notNull().check(oneOf("type", ["email", "handle"])))
    .addColumn("lang", "varchar(2)", (c) => c.notNull().defaultTo("en"))
    .$call(withFlag("match_user"))
    .$call(withFlag("direct_signin"))
    .addColumn("invite_code", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("status", "varchar(10)", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(oneOf("status", ["pending", "accepted"])),
    )
    .addColumn("expires_at", TIME, (c) => c.notNull())
    .addColumn("issued_at", TIME, (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("invites_team_status_idx").on("invites").columns(["team_id", "status"]).execute();
  await db.schema.createIndex("invites_issued_idx").on("invites").columns(["issued_at", "id"]).execute();
  await db.schema.createIndex("invites_license_pack_idx").on("invites").column("license_pack_id").execute();

  await db.schema
    .createTable("invite_recipients")
    .$call(withId(db))
    .addColumn("invite_id", "integer", (c) => c.notNull().references("invites.id").onDelete("cascade"))
    // An e-mail address or a handle, stored lowercase.
    .addColumn("address", "varchar(320)", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(oneOf("status", ["pending", "accepted"])),
    )
    .addColumn("accepted_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    // NULL until the invitation has been sent.
    .addColumn("last_sent_at", TIME)
    .addUniqueConstraint("invite_recipients_invite_address_key", ["invite_id", "address"])
    .execute();
  // "Is this address already invited?" across invites.
  await db.schema.createIndex("invite_recipients_address_idx").on("invite_recipients").column("address").execute();
  await db.schema.createIndex("invite_recipients_user_idx").on("invite_recipients").column("accepted_user_id").execute();
}
