/**
 * Database upkeep after bulk writes, per engine (dialect-specific SQL stays in server/db/).
 */
import { sql, type Kysely } from "kysely";
import { dialectOf } from "./dialect";
import type { Database } from "./types";

/**
 * Leaves tables just filled in bulk (the demo seed) as a running server would find them once
 * autovacuum has passed. On PostgreSQL, `VACUUM (ANALYZE)`: it merges the GIN indexes' pending
 * lists (rows inserted with `fastupdate`, the default, wait there, and every trigram search reads
 * the whole list until a vacuum: 9,905 seeded aliases cost each search ~5 ms), fills the
 * visibility map and gathers statistics. Nothing on SQLite: its queries are written for no
 * statistics (see `unindexed` and `selectiveFilter` in dialect.ts), and it has no such lists.
 * Not inside a transaction (PostgreSQL refuses VACUUM there): a transaction is left alone.
 */
export async function settleAfterBulkLoad(db: Kysely<Database>, tables: ReadonlyArray<keyof Database>): Promise<void> {
  if (dialectOf(db) !== "postgres" || db.isTransaction || tables.length === 0) return;
  await sql`vacuum (analyze) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

/** SQLite's page cache while seeding: large enough to keep the users indexes in memory. */
const BULK_LOAD_CACHE_KIB = 262_144;
/** SQLite's default page cache (2 MB), restored afterwards. */
const DEFAULT_CACHE_KIB = 2_000;

/**
 * Sizes the connection for a bulk load (the demo seed) and back. On SQLite a larger page cache
 * keeps the users indexes (random uids and names) in memory, where the default (2 MB) makes every
 * batch re-read index pages; PostgreSQL sizes its own shared buffers, so nothing is done there.
 */
export async function setBulkLoadCache(db: Kysely<Database>, bulk: boolean): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`pragma cache_size = ${sql.lit(-(bulk ? BULK_LOAD_CACHE_KIB : DEFAULT_CACHE_KIB))}`.execute(db);
}

/**
 * What the database server is set to that this application's speed depends on, as warnings for
 * the start-up log. PostgreSQL with `autovacuum = off` keeps every dead row version a bulk action
 * leaves: on a test server so configured, `users` held ~100,000 of them after a few overlapping
 * 1,000-user blocks and those blocks took 2–4× longer (docs/DECISIONS.md, "#32 — overlapping
 * bulks, the cost"). SQLite has no such setting.
 */
export async function databaseWarnings(db: Kysely<Database>): Promise<string[]> {
  if (dialectOf(db) !== "postgres") return [];
  const { rows } = await sql<{ setting: string }>`select setting from pg_settings where name = 'autovacuum'`.execute(db);
  return rows[0]?.setting === "off"
    ? [
        "PostgreSQL's autovacuum is off: dead rows that bulk actions leave pile up and slow every later query; turn it on (the default) or run VACUUM on a schedule",
      ]
    : [];
}
