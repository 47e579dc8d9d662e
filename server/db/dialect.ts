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
export function likeContains(dialect: DatabaseDialect, column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
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

/**
 * The fewest characters (Unicode code points) a substring search needs before a trigram index
 * (SQLite FTS5 `trigram`, PostgreSQL pg_trgm; migration 0005) can narrow it: shorter terms
 * have no trigram and must be answered by {@link likeContains} alone.
 */
export const TRIGRAM_MIN_LENGTH = 3;

/** Whether a trigram index can narrow a substring search for `text` (see TRIGRAM_MIN_LENGTH). */
export function trigramSearchable(text: string): boolean {
  return [...text].length >= TRIGRAM_MIN_LENGTH;
}

/**
 * Whether PostgreSQL's index of the users search (migration 0008: "first last", a line feed,
 * the username) answers `text`: long enough for trigrams and without a line feed, which could
 * match across the two fields there (the schema refuses control characters anyway).
 */
export function postgresUserSearchable(text: string): boolean {
  return trigramSearchable(text) && !text.includes("\n");
}

/**
 * "first last", a line feed and the username of the users row `table`, written exactly as the
 * expression of PostgreSQL's `users_search_trgm_idx` (migration 0008), so `ILIKE` on it is
 * answered from that index. For terms that pass {@link postgresUserSearchable} only.
 */
export function postgresUserSearchText(table: string): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<string>`(${column("firstName")} || ' ' || ${column("lastName")} || E'\\n' || ${column("username")})`;
}

/**
 * PostgreSQL's users search for a term with a domain ("name@company.example"): the index is
 * asked for the part before the `@` only and each candidate is tested against the whole term on
 * a copy of the text the index does not cover. The domain's trigrams are in most usernames
 * (every user of a company shares it), and the GIN index reads each trigram's whole posting list
 * to intersect them: an exact username read about 800,000 entries per such trigram at 1,000,000
 * users (0.7 s, issue #28), its local part a few thousand. Any other term: the plain test.
 */
export function postgresUserSearchMatch(table: string, text: string): RawBuilder<SqlBool> {
  const at = text.indexOf("@");
  const local = at > 0 ? text.slice(0, at) : "";
  if (!postgresUserSearchable(local)) return likeContains("postgres", postgresUserSearchText(table), text);
  const unindexedText = sql<string>`(${postgresUserSearchText(table)} || '')`;
  return sql<SqlBool>`(${likeContains("postgres", postgresUserSearchText(table), local)} and ${likeContains("postgres", unindexedText, text)})`;
}

/**
 * `id = ANY (ARRAY(sub-query))`, PostgreSQL only: the sub-query runs once before the scan (an
 * InitPlan) and the test is then an index condition on `id`, which a BitmapOr joins with
 * another indexed condition on the same table, so an OR of the two reads each matching row once.
 * `id IN (sub-query)` is a semi-join that no bitmap can combine: the users search then found its
 * matches in one scan and read every one of them again by primary key (see userList.ts).
 */
export function postgresIdAmong(id: Expression<number>, ids: Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`${id} = any(array(${ids}))`;
}

/**
 * Whether the SQLite index of the users search (`user_search`, migration 0005) answers `text`:
 * long enough for trigrams, without a line feed (the separator of a user's aliases there, so
 * such a term could match across two of them) and without NUL (FTS5 ends a string there).
 */
export function sqliteUserSearchable(text: string): boolean {
  return trigramSearchable(text) && !/[\n\0]/.test(text);
}

/**
 * The ids of the users whose "first last", username or an alias contains `text` as SQLite's
 * LIKE '%text%' finds it (ASCII letters in either case, every other character as it is), from
 * the FTS5 trigram table of migration 0005: the index holds SQLite's `lower()` of each (ASCII
 * only) case-sensitively, and the term, lowered the same way, is one FTS5 string (a phrase of
 * consecutive trigrams; `"` doubled), so LIKE metacharacters are plain characters. Exactly the
 * LIKE test's rows, so nothing needs checking again. Only for `sqliteUserSearchable(text)`.
 */
export function sqliteUserSearchIds(text: string): RawBuilder<number> {
  return sql<number>`(select rowid from user_search where user_search match ${ftsPhrase(text)})`;
}

/**
 * How many users match `text` (as {@link sqliteUserSearchIds}), counted up to `bound` from the
 * FTS5 table alone, and their ids when fewer than `idsBelow` (see {@link idsWhenFewer}): it holds
 * one row per user, so when the search is the only condition the users table need not be read
 * (issue 28: 2–5 ms instead of 20–23 ms for a common last name at 1,000,000 users, whose count
 * stops at the bound). Only for `sqliteUserSearchable(text)`.
 */
export function sqliteUserSearchCount(text: string, bound: number, idsBelow: number): RawBuilder<{ n: number; ids: AggregatedIds }> {
  return sql<{
    n: number;
    ids: AggregatedIds;
  }>`select count(*) as n, ${idsWhenFewer("sqlite", sql.ref("id"), idsBelow)} as ids from (select rowid as id from user_search where user_search match ${ftsPhrase(text)} limit ${bound})`;
}

/** The ids {@link idsWhenFewer} aggregates, as each engine's driver returns them. */
export type AggregatedIds = string | number[] | null;

/**
 * An aggregate beside a `count(*)`: the counted rows' `id`s when there are fewer than `below`,
 * else NULL, so one pass answers both a count and a small result's ids (the users search's
 * `among` plan). SQLite `json_group_array` (JSON text), PostgreSQL `array_agg` (an array the
 * driver parses). Measured at 1,000,000 users beside the bounded count: within its noise on
 * PostgreSQL, +0–3 ms for a filtered common name and +0.5 ms for the FTS5 count on SQLite, where
 * fetching the ids in a statement of their own read the search's index twice (+10 ms).
 */
export function idsWhenFewer(dialect: DatabaseDialect, id: Expression<number>, below: number): RawBuilder<AggregatedIds> {
  const ids = dialect === "postgres" ? sql`array_agg(${id})` : sql`json_group_array(${id})`;
  return sql<AggregatedIds>`case when count(*) < ${sql.lit(below)} then ${ids} end`;
}

/** The ids of {@link idsWhenFewer} as numbers; null when there were too many to aggregate. */
export function aggregatedIds(value: AggregatedIds): number[] | null {
  if (value === null) return null;
  return typeof value === "string" ? (JSON.parse(value) as number[]) : value;
}

/** The FTS5 phrase of a search term: lowered as SQLite's lower() (ASCII), quoted, `"` doubled. */
function ftsPhrase(text: string): string {
  const lowered = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return `"${lowered.replaceAll('"', '""')}"`;
}

/**
 * Keeps SQLite from answering a condition through an index on that column (a unary `+`), so
 * the planner takes the access path the caller chose (walk the sort's index, or start from a
 * search's matches) rather than the one its statistics-free estimates prefer; PostgreSQL plans
 * from statistics, so the column is left as it is.
 */
export function unindexed<T>(dialect: DatabaseDialect, column: Expression<T>): Expression<T> {
  return dialect === "sqlite" ? sql<T>`+${column}` : column;
}

/**
 * `column IN (values)` for any number of values with one bound parameter, so a bulk call of
 * 10,000 ids is one statement on either engine, far from their parameter limits: PostgreSQL
 * `= any($1)` (the driver sends an array), SQLite `in (select value from json_each($1))`.
 */
export function inValues<T extends string | number>(
  dialect: DatabaseDialect,
  column: Expression<T>,
  values: readonly T[],
): RawBuilder<SqlBool> {
  return dialect === "postgres"
    ? sql<SqlBool>`${column} = any(${[...values]})`
    : sql<SqlBool>`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}
