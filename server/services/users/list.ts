/**
 * `GET /v2/users`: the users the caller may see, filtered, sorted and cut into keyset pages
 * (DESIGN §3: never OFFSET). At most four queries whatever the page size: the team filter's
 * slug, the count of the filtered set (with a search's few matches; reused for 2 s unless this
 * process wrote since: see cachedMatches), for a search with many matches the count without it
 * (cached the same way; it chooses the plan, see searchPlan), and the page (listPage.ts; the
 * device count is a column kept by triggers, migration 0007).
 */
import type { Kysely } from "kysely";
import type { ListResponse } from "../../../shared/schemas/list";
import type { UserListQuery } from "../../../shared/schemas/user";
import { summedCounts } from "../../db/counters";
import { aggregatedIds, dialectOf, idsWhenFewer, sqliteUserSearchCount, type AggregatedIds } from "../../db/dialect";
import { userDataGeneration } from "../../db/writes";
import type { Database } from "../../db/types";
import type { ServiceContext } from "../../lib/context";
import { decodeCursor, pageOf } from "../../lib/pagination";
import { RecentCounts } from "../../lib/recentCounts";
import { teamIdsKey, type Scope } from "../access";
import { filters, narrow, type Narrowing } from "./filter";
import { afterCursor, keyValues, pageQuery, pageShape, SORTS, type PageRow } from "./listPage";
import { indexedSearch, type SearchPlan } from "./search";

/** A user as the list reads them (the presenter turns flags and times into the API's shape). */
export type UserListRow = PageRow;

/** How long a total is reused (docs/API.md: `total` may lag writes by other processes that long). */
export const USER_TOTAL_CACHE_MS = 2_000;

/**
 * The size of a filtered set and, for a search with fewer than SEEK_BELOW matches, the ids of
 * them all: one read of the search's index answers both the count and the page (`among`).
 */
interface Matches {
  total: number;
  among: number[] | null;
}

/** Totals per filter set: at most 500 per database (older generations age out with them). */
const totals = new RecentCounts<Matches>(USER_TOTAL_CACHE_MS, 500);

/**
 * Below this many matches a search's count keeps their ids and its page reads those users by id
 * (the `among` plan), in about a millisecond: no more to ask.
 */
const SEEK_BELOW = 1_000;

/**
 * Past this many users a count that reads rows stops: the page answers `total` = the bound and
 * `totalCapped`, and the list shows "10,000+" (docs/DECISIONS.md "28 — per-company counters,
 * search at a million, the scale bench" and "#28 — bounded counts of filters, and the FTS
 * count"). An exact count read every match: ~20,000 for a surname, and on PostgreSQL 0.5–0.9 s
 * for a platform filter's ~540,000 users, at 1,000,000 users. Sets the team counters answer (the
 * scope or a company, by status at most) stay exact at any size.
 */
export const COUNT_BOUND = 10_000;

/** A page of the users list: `totalCapped` when `total` is the count's bound, not the count. */
export interface UserListPage extends ListResponse<UserListRow> {
  totalCapped: boolean;
}

/** The query keys that narrow the set but that the team counters (migration 0019) can answer. */
const NOT_FILTERS = new Set(["sort", "order", "limit", "cursor", "team", "status"]);

/** Whether the set is the scope (or its team), by status at most: then the team counters hold its size. */
function countedByCounters(query: UserListQuery): boolean {
  return Object.entries(query).every(([key, value]) => NOT_FILTERS.has(key) || value === undefined);
}

/** Whether a search is the set's only condition: every user of the installation matching it (a root's view, no filter). */
function onlySearched(query: UserListQuery, narrowing: Narrowing): boolean {
  const unfiltered = countedByCounters({ ...query, search: undefined }) && query.status === undefined;
  return query.search !== undefined && unfiltered && narrowing.teamIds === null && narrowing.teamId === null && narrowing.seen === null;
}

/**
 * The count of the filtered set, uncached: from the team counters when the set is the scope by
 * status at most (no user is read), else a count of the matching rows that stops at
 * COUNT_BOUND + 1 (the caller reports the bound), for a search with its matches' ids when they
 * are fewer than SEEK_BELOW, in the same statement (idsWhenFewer).
 */
async function countUsers(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery): Promise<Matches> {
  if (countedByCounters(query)) {
    const counts = await summedCounts(db, narrowing.teamId !== null ? [narrowing.teamId] : narrowing.teamIds);
    return { total: query.status === undefined ? counts.users : counts[query.status], among: null };
  }
  const narrowed = narrowing.teamIds !== null || narrowing.teamId !== null;
  if (onlySearched(query, narrowing) && dialectOf(db) === "sqlite" && indexedSearch("sqlite", query.search!)) {
    const { rows } = await sqliteUserSearchCount(query.search!, COUNT_BOUND + 1, SEEK_BELOW).execute(db);
    return matchesOf(rows[0]?.n ?? 0, rows[0]?.ids ?? null);
  }
  const matches = db
    .selectFrom("users")
    .select("users.id")
    .where(filters(db, narrowing, query, narrowed))
    .limit(COUNT_BOUND + 1)
    .as("m");
  if (!query.search) {
    const row = await db
      .selectFrom(matches)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
      .executeTakeFirstOrThrow();
    return { total: Number(row.n), among: null };
  }
  const row = await db
    .selectFrom(matches)
    .select((eb) => [eb.fn.countAll<number | string | bigint>().as("n"), idsWhenFewer(dialectOf(db), eb.ref("m.id"), SEEK_BELOW).as("ids")])
    .executeTakeFirstOrThrow();
  return matchesOf(row.n, row.ids);
}

/** A search's count and ids as Matches (PostgreSQL aggregates no rows into NULL, not an empty array). */
function matchesOf(n: number | string | bigint, ids: AggregatedIds): Matches {
  const total = Number(n);
  return { total, among: total < SEEK_BELOW ? (aggregatedIds(ids) ?? []) : null };
}

/**
 * The count of the filtered set (and a search's few matches) behind a short in-process cache
 * (USER_TOTAL_CACHE_MS), keyed by the resolved scope and team, the filters (not the sort, order,
 * cursor or limit: paging through a list counts once) and the write generation (db/writes.ts): any
 * write to users, devices, aliases or teams through this process starts a new generation, so it is
 * counted again at once; only writes by other processes may go unseen, for at most that long. The
 * count is the dominant cost of a page (a search of one or two characters scans every user).
 */
function cachedMatches(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery, now = Date.now()): Promise<Matches> {
  const key = JSON.stringify([
    userDataGeneration(),
    teamIdsKey(narrowing.teamIds),
    narrowing.teamId,
    query.status,
    query.platform,
    query.ecs,
    query.sip,
    query.cellcrypt,
    query.search,
    query.outdated === undefined ? null : [query.outdated, narrowing.minimums.map((m) => m.key)],
    narrowing.seen,
  ]);
  return totals.get(db, key, () => countUsers(db, narrowing, query), now);
}

/** The total of the filtered set, as cachedMatches has it. */
async function cachedTotal(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery): Promise<number> {
  return (await cachedMatches(db, narrowing, query)).total;
}

/**
 * The plan for a search page (see SearchPlan), decided from the count `total` needs anyway
 * (cached, so usually free). Below SEEK_BELOW matches the count holds their ids: `among`. A seek
 * costs about ten times a walk per row read, and matches may cluster anywhere in the sort order,
 * so an indexed search walks only when its matches are at least a tenth of the unsearched list; a
 * short term on SQLite (no index to seek with) walks once a page's worth of matches is likely
 * found early. PostgreSQL plans the short-term case itself. An unsearched list counted from rows
 * stops at COUNT_BOUND + 1, which says nothing of how dense the matches are: past it the scope's
 * size from the counters stands in, an upper bound, so a walk is chosen only where the matches are
 * surely dense (walking a clustered term through half a million filtered users is the plan's worst
 * case).
 */
async function searchPlan(
  db: Kysely<Database>,
  narrowing: Narrowing,
  query: UserListQuery,
  counting: Promise<Matches>,
): Promise<SearchPlan> {
  if (!query.search) return "seek";
  const { total: matches, among } = await counting;
  if (among) return "among";
  const dialect = dialectOf(db);
  const indexed = indexedSearch(dialect, query.search);
  if (!indexed && dialect === "postgres") return "seek";
  if (!indexed) return matches >= 4 * (query.limit + 1) ? "walk" : "seek";
  const unsearchedQuery: UserListQuery = { ...query, search: undefined };
  let unsearched = await cachedTotal(db, narrowing, unsearchedQuery);
  if (unsearched > COUNT_BOUND && !countedByCounters(unsearchedQuery))
    unsearched = await cachedTotal(db, narrowing, countersPart(unsearchedQuery));
  return matches * 10 >= unsearched ? "walk" : "seek";
}

/** The query without the filters the counters cannot answer: the scope, or its company, by status at most. */
function countersPart(query: UserListQuery): UserListQuery {
  return Object.fromEntries(Object.entries(query).filter(([key]) => NOT_FILTERS.has(key))) as UserListQuery;
}

/** The plan a search page of `query` takes: for the plan tests. */
export function searchPlanOf(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery): Promise<SearchPlan> {
  return searchPlan(db, narrowing, query, cachedMatches(db, narrowing, query));
}

/**
 * One page of the users the caller may see, with the total of the filtered set (a search's
 * total stops at COUNT_BOUND: `totalCapped`).
 */
export async function listUsers(ctx: ServiceContext, scope: Scope, query: UserListQuery): Promise<UserListPage> {
  const { db } = ctx;
  const keys = SORTS[query.sort];
  const cursor = decodeCursor(
    query.cursor,
    keys.map((key) => key.kind),
  );
  const narrowing = await narrow(db, scope, query);
  if (!narrowing) return { items: [], total: 0, nextCursor: null, totalCapped: false };
  const counting = cachedMatches(db, narrowing, query);
  // Settled below; a failed page must not leave the count's rejection unhandled.
  counting.catch(() => undefined);

  let rows: PageRow[];
  if (query.search) {
    const plan = await searchPlan(db, narrowing, query, counting);
    const after = cursor ? afterCursor(keys, cursor.values, cursor.id, query.order) : null;
    const { among } = await counting;
    rows = await pageQuery(db, keys, narrowing, query, after, plan, query.limit + 1, among ?? []).execute();
  } else {
    rows = (await db.executeQuery(pageShape(db, keys, narrowing, query, cursor))).rows;
  }

  const { items, nextCursor } = pageOf(rows, query.limit, (row) => keyValues(keys, row));
  const { total } = await counting;
  // Counted from rows, the total stops at the bound + 1; the counters' totals are exact at any size.
  const totalCapped = !countedByCounters(query) && total > COUNT_BOUND;
  return { items, total: totalCapped ? COUNT_BOUND : total, nextCursor, totalCapped };
}
