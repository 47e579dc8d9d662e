/**
 * Backups of the embedded database (`npm run backup` / `npm run restore`): the SQLite-specific
 * statements live here with the rest of the dialect code. PostgreSQL backups are pg_dump's job
 * (scripts/backupCli.ts), so nothing here speaks PostgreSQL.
 */
import SqliteDatabase from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import type { Database } from "./types";

/**
 * Writes a consistent copy of the open SQLite database to `target` (which must not exist) with
 * `VACUUM INTO`: one read transaction, so the running server keeps writing (WAL) and the copy is
 * the database as of one commit, compacted, without a -wal file to carry along.
 */
export async function snapshotSqlite(db: Kysely<Database>, target: string): Promise<void> {
  await sql`vacuum into ${target}`.execute(db);
}

/** What a SQLite file holds, checked before it replaces a live database. */
export interface SqliteFileCheck {
  /** `PRAGMA integrity_check` said ok. */
  intact: boolean;
  /** The migrations applied in it, in order (empty when it has none). */
  migrations: string[];
}

/** Opens a SQLite file read-only and checks it: its integrity, and the migrations it has applied. */
export function inspectSqliteFile(file: string): SqliteFileCheck {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = database.pragma("integrity_check", { simple: true });
    const hasMigrations = database.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    const migrations = hasMigrations
      ? (database.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map((r) => r.name)
      : [];
    return { intact: integrity === "ok", migrations };
  } finally {
    database.close();
  }
}

/** Whether the database holds no tables yet (a restore goes only into an empty one). */
export async function isEmptyDatabase(db: Kysely<Database>): Promise<boolean> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.length === 0;
}
