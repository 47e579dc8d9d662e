/**
 * Migration 0013: users imports.
 * - `user_imports`: one row per import id (`uid`, chosen by the client so a retry names the same
 *   import): its owner, the SHA-256 of the CSV it was started with (a resume must send the same
 *   file), its progress and counts, and a lease (`lease_token`, `lease_until`) that the running process extends
 *   batch by batch, so a second process cannot run it at the same time but can take it over once
 *   the first one died.
 * - `user_import_rows`: the outcome of every processed row, written in the same transaction as the
 *   row's effect; UNIQUE (import_id, row_number), so a resumed import can never apply a row twice;
 *   (import_id, code, row_number) serves the status call's first rows of each problem code.
 */
import type { Kysely, Migration } from "kysely";
import { dropTables, oneOf, TIME, withFlag, withId } from "./helpers";

/** Creates the two tables; `down` drops them. */
export const userImportsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("user_imports")
      .$call(withId(db))
      .addColumn("uid", "varchar(36)", (c) => c.notNull().unique())
      .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
      .addColumn("file_sha256", "varchar(64)", (c) => c.notNull())
      .$call(withFlag("all_or_nothing"))
      .addColumn("status", "varchar(10)", (c) => c.notNull().check(oneOf("status", ["running", "done", "failed", "rejected"])))
      .addColumn("error_code", "varchar(40)")
      .addColumn("total_rows", "integer", (c) => c.notNull())
      .addColumn("processed_rows", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("changed_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("unchanged_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("invalid_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("duplicate_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("failed_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("lease_token", "varchar(36)", (c) => c.notNull())
      .addColumn("lease_until", TIME, (c) => c.notNull())
      .addColumn("created_at", TIME, (c) => c.notNull())
      .addColumn("updated_at", TIME, (c) => c.notNull())
      .addColumn("finished_at", TIME)
      .execute();
    await db.schema.createIndex("user_imports_admin_idx").on("user_imports").columns(["admin_id", "created_at"]).execute();

    await db.schema
      .createTable("user_import_rows")
      .$call(withId(db, { big: true }))
      .addColumn("import_id", "integer", (c) => c.notNull().references("user_imports.id").onDelete("cascade"))
      .addColumn("row_number", "integer", (c) => c.notNull())
      .addColumn("username", "varchar(320)")
      .addColumn("team", "varchar(100)")
      .addColumn("outcome", "varchar(10)", (c) =>
        c.notNull().check(oneOf("outcome", ["created", "changed", "unchanged", "invalid", "duplicate", "failed", "skipped"])),
      )
      .addColumn("code", "varchar(40)")
      .addColumn("field", "varchar(40)")
      .addUniqueConstraint("user_import_rows_import_row_key", ["import_id", "row_number"])
      .execute();
    // The status call's first rows per problem code: a seek per code, not a scan of the import's rows.
    await db.schema.createIndex("user_import_rows_code_idx").on("user_import_rows").columns(["import_id", "code", "row_number"]).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await dropTables(db, ["user_import_rows", "user_imports"]);
  },
};
