/**
 * Prepared statements reused by SQL text. Kysely's SQLite driver prepares every query anew, and
 * preparing (parsing and planning) cost more than running most of the console's queries
 * (measured: ~8 % of a `/v2/me` call; at 1,000,000 users 11–15 % of `GET /v2/users`' p50 and p95,
 * docs/DECISIONS.md "28 — speed tricks at a million"). The console issues a few hundred distinct
 * statements, so a bounded map keyed by SQL text keeps each prepared once; parameters are bound
 * at each run. Rows are better-sqlite3's own (object mode): building them from raw arrays here
 * saved under 10 % at a million users and went.
 */
import type { Database as BetterSqlite, Statement } from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { speedTricks } from "../lib/speedTricks";

/** At most this many statements stay prepared (least recently used ones are finalized by GC). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Wraps a better-sqlite3 database for Kysely's SqliteDialect, caching its prepared statements.
 * A cached statement still iterating (a streamed query) is busy: that caller gets a fresh one.
 */
export class CachedStatementDatabase implements SqliteDatabase {
  readonly #database: BetterSqlite;
  readonly #statements = new Map<string, Statement>();

  constructor(database: BetterSqlite) {
    this.#database = database;
  }

  prepare(sql: string): SqliteStatement {
    if (!speedTricks.statementCache) return this.#database.prepare(sql);
    const cached = this.#statements.get(sql);
    if (cached && !cached.busy) {
      // Map order is insertion order: move the hit to the end (most recently used).
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const prepared = this.#database.prepare(sql);
    if (cached) return prepared;
    this.#statements.set(sql, prepared);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return prepared;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}
