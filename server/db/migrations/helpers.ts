/**
 * Schema-building helpers shared by the migrations. The column conventions live here:
 * - times: epoch milliseconds in `bigint` (portable, indexable);
 * - booleans: `integer` 0/1 with a CHECK (better-sqlite3 cannot bind JS booleans);
 * - enumerations: `varchar` with a CHECK listing the values;
 * - JSON: `text`; bounded strings: `varchar(n)` with SPEC §9's maximum (PostgreSQL enforces
 *   it, SQLite ignores it; the zod schemas enforce it on both).
 * Migrations are frozen history: they spell lengths out instead of importing shared/limits,
 * which may change later together with a new migration.
 */
import { sql } from "kysely";
import type { CreateTableBuilder, Expression, Kysely, SqlBool } from "kysely";
import { dialectOf } from "../dialect";

/** The SQL type of every time column: epoch milliseconds. */
export const TIME = "bigint";

/** Adds the internal integer primary key `id` in each engine's own auto-increment form. */
export function withId(db: Kysely<unknown>, options: { big?: boolean } = {}) {
  const postgres = dialectOf(db) === "postgres";
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    postgres
      ? // Identity "by default" still accepts explicit ids (imports, fixtures).
        table.addColumn("id", options.big ? "bigint" : "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : // SQLite: only `integer primary key` aliases the rowid; AUTOINCREMENT never reuses ids.
        table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** A CHECK that `column` holds one of `values`. */
export function oneOf(column: string, values: readonly (string | number)[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

/** Adds a NOT NULL 0/1 flag column with a default. */
export function withFlag(column: string, defaultValue: 0 | 1 = 0) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn(column, "integer", (c) =>
      c
        .notNull()
        .defaultTo(defaultValue)
        .check(oneOf(column, [0, 1])),
    );
}

/**
 * An index answering `username LIKE 'prefix%'` (dialect.ts likePrefix) on a lowercase column:
 * PostgreSQL needs `varchar_pattern_ops` unless the database collation is C; SQLite's
 * case-insensitive LIKE needs a NOCASE index.
 */
export async function createPrefixIndex(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const name = sql.id(`${table}_${column}_prefix_idx`);
  const opclass = dialectOf(db) === "postgres" ? sql`varchar_pattern_ops` : sql`collate nocase`;
  await sql`create index ${name} on ${sql.table(table)} (${sql.ref(column)} ${opclass})`.execute(db);
}

/** Drops tables in the given order (dependents first), tolerating ones already gone. */
export async function dropTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
