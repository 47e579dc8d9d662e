/**
 * Migration 0018: an admin's second factors (issue #29).
 * - `admin_totp`: at most one TOTP factor per admin; `secret` is AES-256-GCM ciphertext under a
 *   key derived from the installation's secrets (services/mfa/secretBox), never the plain base32;
 *   `last_step` the last RFC 6238 time step accepted (a code of that step or an older one is
 *   refused: no replay); `confirmed_at` null while enrolment waits for its first code.
 * - `admin_recovery_codes`: ten single-use codes per generation, SHA-256 hex only, `used_at` set
 *   when spent (a regeneration deletes the old ones).
 * - `admin_passkeys`: WebAuthn credentials, several per admin, each with a name; `credential_id`
 *   and `public_key` base64url, `counter` the signature counter, `transports` a JSON array.
 * - `mfa_challenges`: short-lived single-use challenges (sign-in second step, WebAuthn ceremonies),
 *   only the SHA-256 of the challenge token kept; `data` the WebAuthn challenge when there is one.
 * - `mfa_grace`: when a requiring policy first stopped an admin without a factor (the grace period's start).
 * Per-session verification time lives in the session's data (`verifiedAt`), not a column.
 */
import type { Kysely, Migration } from "kysely";
import { oneOf, TIME, withId } from "./helpers";

/** Creates the tables; `down` drops them. */
export const adminMfaMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("admin_totp")
      .$call(withId(db))
      .addColumn("admin_id", "integer", (c) => c.notNull().unique().references("admins.id").onDelete("cascade"))
      .addColumn("secret", "varchar(255)", (c) => c.notNull())
      .addColumn("last_step", TIME)
      .addColumn("confirmed_at", TIME)
      .addColumn("created_at", TIME, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("admin_recovery_codes")
      .$call(withId(db))
      .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
      .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
      .addColumn("used_at", TIME)
      .addColumn("created_at", TIME, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("admin_recovery_codes_admin_idx").on("admin_recovery_codes").columns(["admin_id", "code_hash"]).execute();
    await db.schema
      .createTable("admin_passkeys")
      .$call(withId(db))
      .addColumn("uid", "varchar(36)", (c) => c.notNull().unique())
      .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
      .addColumn("name", "varchar(64)", (c) => c.notNull())
      .addColumn("credential_id", "varchar(1024)", (c) => c.notNull().unique())
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("created_at", TIME, (c) => c.notNull())
      .addColumn("last_used_at", TIME)
      .execute();
    await db.schema.createIndex("admin_passkeys_admin_idx").on("admin_passkeys").column("admin_id").execute();
    await db.schema
      .createTable("mfa_challenges")
      .$call(withId(db))
      .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
      .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
      .addColumn("purpose", "varchar(16)", (c) => c.notNull().check(oneOf("purpose", ["signin", "passkeyAdd"])))
      .addColumn("data", "text")
      .addColumn("expires_at", TIME, (c) => c.notNull())
      .addColumn("created_at", TIME, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("mfa_challenges_expiry_idx").on("mfa_challenges").column("expires_at").execute();
    await db.schema
      .createTable("mfa_grace")
      .addColumn("admin_id", "integer", (c) => c.primaryKey().references("admins.id").onDelete("cascade"))
      .addColumn("started_at", TIME, (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("mfa_grace").ifExists().execute();
    await db.schema.dropTable("mfa_challenges").ifExists().execute();
    await db.schema.dropTable("admin_passkeys").ifExists().execute();
    await db.schema.dropTable("admin_recovery_codes").ifExists().execute();
    await db.schema.dropTable("admin_totp").ifExists().execute();
  },
};
