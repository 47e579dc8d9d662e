/**
 * Dialect awareness. Everything that must differ between SQLite and PostgreSQL is decided
 * here (or in migrations/helpers.ts), so that the rest of the server writes one query for both.
 */
import { PostgresAdapter, sql, SqliteAdapter } from "kysely";
import type { Expression, QueryExecutor, RawBuilder, SqlBool } from "kysely";

/** The two supported database engines. */
export type DatabaseDialect = "sqlite" | "postgres";

/** Tells which engine a Kysely instance (or transaction) talks to, from its adapter. */
export function dialectOf(db: { getExecutor(): QueryExecutor }): DatabaseDialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return "postgres";
  if (adapter instanceof SqliteAdapter) return "sqlite";
  throw new Error(`Unsupported database adapter: ${adapter.constructor.name}`);
}

/**
 * Escapes `%`, `_` and the escape character itself, so user input can be embedded in a LIKE
 * pattern; pair it with {@link likeMatch}, which declares `\` as the escape character.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Prefix search on a column stored lowercase (usernames): lowercases the input and uses LIKE,
 * which both engines answer from the username prefix indexes (migrations/helpers.ts).
 */
export function likePrefix(column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/**
 * Case-insensitive substring search on any column: SQLite LIKE is case-insensitive (ASCII),
 * PostgreSQL needs ILIKE. It cannot use an index; keep it behind a narrowing filter or a limit.
 */
export function likeContains(
  dialect: DatabaseDialect,
  column: Expression<string | null>,
  text: string,
): RawBuilder<SqlBool> {
  const operator = dialect === "postgres" ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${column} ${operator} ${`%${escapeLike(text)}%`} escape '\\'`;
}

/** Case-sensitive prefix match with LIKE metacharacters escaped (e.g. access-log action names). */
export function likeStartsWith(column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`${escapeLike(text)}%`} escape '\\'`;
}

/**
 * Marks a filter as selective for the planner: SQLite's `likelihood(x, 0.01)` (a no-op for the
 * result) makes it scan and sort the few matches rather than walk a sort index row by row and
 * test each; PostgreSQL estimates selectivity itself, so the expression is left as it is.
 */
export function selectiveFilter(dialect: DatabaseDialect, filter: Expression<SqlBool>): Expression<SqlBool> {
  return dialect === "sqlite" ? sql<SqlBool>`likelihood(${filter}, 0.01)` : filter;
}
