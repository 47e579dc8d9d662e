/**
 * How the users list meets a search: the plans (seek or walk) and the search condition, answered
 * from the trigram indexes of migration 0005 for a term of three characters or more.
 */
import { expressionBuilder, sql, type Expression, type SqlBool } from "kysely";
import type { UserListQuery } from "../../../shared/schemas/user";
import {
  likeContains,
  postgresIdAmong,
  postgresUserSearchMatch,
  postgresUserSearchable,
  postgresUserSearchText,
  selectiveFilter,
  sqliteUserSearchable,
  sqliteUserSearchIds,
  unindexed,
  type DatabaseDialect,
} from "../../db/dialect";
import type { Database } from "../../db/types";

/**
 * How the page query meets a search (searchPlan decides):
 * - `among`: the count found every match already (fewer than a thousand, their ids kept with
 *   the count): read those users by id, test each again, sort them. Right for a first and last
 *   name or a username, whose index lookup otherwise ran twice (the count's, the page's).
 * - `seek`: find every match first (a trigram index; on SQLite, for a term too short for
 *   trigrams, a scan of every user), then sort them; right when the matches are few.
 * - `walk`: walk the sort's index and test each row until the page is full; right when the
 *   matches are many, since the walk stops early and sorts nothing.
 */
export type SearchPlan = "among" | "seek" | "walk";

/** Whether the search `text` is answered from a trigram index on this engine (migration 0005). */
export function indexedSearch(dialect: DatabaseDialect, text: string): boolean {
  return dialect === "postgres" ? postgresUserSearchable(text) : sqliteUserSearchable(text);
}

/**
 * Whether the page or count starts from a search's matches rather than the sort's index: a seek
 * of a long term through its index, or the matches the count found (`among`).
 */
export function startsFromMatches(dialect: DatabaseDialect, query: UserListQuery, plan: SearchPlan): boolean {
  if (query.search === undefined) return false;
  return plan === "among" || (plan === "seek" && indexedSearch(dialect, query.search));
}

/**
 * The search condition: a case-insensitive substring of "first last", the username or any
 * alias (LIKE on SQLite, folding ASCII letters only; ILIKE on PostgreSQL, folding every
 * letter), a user listed once however many aliases match. A term long enough for trigrams is
 * answered from the indexes of migration 0005, with exactly the same rows:
 * - SQLite: `id IN (user_search matches)` (server/db/dialect.ts: the same rows as LIKE); a seek
 *   starts from them (rowid lookups), a walk tests each row of the sort's index against them
 *   (materialized once) and stops when the page is full.
 * - PostgreSQL, seek: `"first last\nusername" ILIKE … OR id = ANY (ARRAY(alias owners that
 *   match))`, a BitmapOr of the GIN trigram index (migration 0008) and the primary key, the
 *   owners found first through the aliases' trigram index (0005): each match is read once, with
 *   the columns the filters and the sort need (an `id IN (… UNION ALL …)` read every match a
 *   second time by primary key). A walk tests the same joined text on each row.
 * Otherwise, and for `among` (the users read by id, each tested again so one renamed since the
 * count drops out), the plain test on each row. Exported for the query-plan tests.
 */
export function searchCondition(dialect: DatabaseDialect, text: string, plan: SearchPlan): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "users">();
  const fullName = sql<string>`${sql.ref("users.firstName")} || ' ' || ${sql.ref("users.lastName")}`;
  const aliasMatches = likeContains(dialect, sql<string>`${sql.ref("userAliases.alias")}`, text);
  const indexed = indexedSearch(dialect, text);
  if (indexed && dialect === "sqlite" && plan !== "among") {
    const id = plan === "seek" ? eb.ref("users.id") : unindexed(dialect, eb.ref("users.id"));
    return eb(id, "in", sqliteUserSearchIds(text));
  }
  if (indexed && plan === "seek") {
    const aliasOwners = eb.selectFrom("userAliases").select("userAliases.userId").where(aliasMatches);
    return eb.or([postgresUserSearchMatch("users", text), postgresIdAmong(eb.ref("users.id"), aliasOwners)]);
  }
  const ownFields =
    indexed && dialect === "postgres"
      ? likeContains(dialect, postgresUserSearchText("users"), text)
      : eb.or([likeContains(dialect, fullName, text), likeContains(dialect, eb.ref("users.username"), text)]);
  // Testing each row read (a walk on SQLite, or the users the count found): one probe of
  // user_aliases_user_id_idx per row.
  if ((plan === "walk" && dialect === "sqlite") || plan === "among")
    return eb.or([
      ownFields,
      eb.exists(
        eb.selectFrom("userAliases").select(eb.lit(1).as("one")).whereRef("userAliases.userId", "=", "users.id").where(aliasMatches),
      ),
    ]);
  // A semi-join (IN), never a plain join: a user with several matching aliases is one row.
  // One pass over the aliases rather than one probe per user (measured faster than EXISTS).
  const tested = eb.or([ownFields, eb("users.id", "in", eb.selectFrom("userAliases").select("userAliases.userId").where(aliasMatches))]);
  // SQLite seeking a short term: no index can serve it; scan once and sort the matches.
  return plan === "seek" ? selectiveFilter(dialect, tested) : tested;
}
