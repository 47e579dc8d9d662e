/**
 * `GET /v2/users`: the users the caller may see, filtered, sorted and cut into keyset pages
 * (DESIGN §3: never OFFSET). At most four queries whatever the page size: the team filter's
 * slug, the count of the filtered set (reused for 2 s unless this process wrote since: see
 * cachedTotal), for a search with many matches the count without it (cached the same way; it
 * chooses the plan, see searchPlan), and the page. The page is a deferred join: a derived
 * table picks the `limit + 1` user ids from the sort's index alone (joining teams only for the
 * team sort), and only those rows are joined to users and teams (the device count is a column
 * kept by triggers, migration 0007). Every sort ends with the row id, which makes the order total; the
 * cursor holds the last row's sort values and id, compared as a row value `(k1, …, id) > (v1,
 * …, id)` that both engines answer as a range of the matching index (migrations 0001, 0004).
 * A search of three characters or more is answered from trigram indexes (migration 0005).
 */
import { expressionBuilder, sql, type CompiledQuery, type Compilable, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { UserListItem } from "../../../shared/api/users";
import type { ListResponse } from "../../../shared/schemas/list";
import type { UserFilter, UserListQuery } from "../../../shared/schemas/user";
import { dialectOf, likeContains, postgresIdAmong, postgresUserSearchable, postgresUserSearchText, selectiveFilter, sqliteUserSearchable, sqliteUserSearchIds, unindexed, type DatabaseDialect } from "../../db/dialect";
import { userDataGeneration } from "../../db/writes";
import { fromFlag } from "../../db/flags";
import { ShapeCache, slot } from "../../db/prepared";
import type { Database, UserStatus } from "../../db/types";
import { decodeCursor, pageOf, type CursorKey } from "../../lib/pagination";
import { scopedTeamIds, teamIdsKey, teamInScope, type Scope } from "../access";
import { isoUtc } from "../../lib/isoTime";
import { RecentCounts } from "../../lib/recentCounts";
import { appMinimums, type AppMinimum } from "../settings";
import { isoOrNull } from "./shared";

type SortValue = string | number;

/** The page row's fields a sort can read (aliases of the derived table). */
type KeyField = "lastName" | "firstName" | "username" | "teamName" | "teamId" | "status" | "createdAt" | "lastSeenAt";

/**
 * One sort key: the column in the inner query (`inner`, table-qualified), its alias in the
 * derived table (`field`), its JSON type in the cursor, and `zeroNull` for the nullable last
 * seen (sorted as COALESCE(x, 0): never seen is the oldest, on both engines alike).
 */
interface SortKey {
  inner: string;
  field: KeyField;
  kind: CursorKey;
  zeroNull?: boolean;
}

const NAME: SortKey[] = [
  { inner: "users.lastName", field: "lastName", kind: "text" },
  { inner: "users.firstName", field: "firstName", kind: "text" },
];

/** Sort keys per sort (before the id). Team sorts by team name, then by user name within a team. */
const SORTS: Record<UserListQuery["sort"], SortKey[]> = {
  name: NAME,
  username: [{ inner: "users.username", field: "username", kind: "text" }],
  // teams.id rather than users.team_id, so SQLite sees the order the teams index delivers.
  team: [{ inner: "teams.teamName", field: "teamName", kind: "text" }, { inner: "teams.id", field: "teamId", kind: "int" }, ...NAME],
  status: [{ inner: "users.status", field: "status", kind: "text" }, { inner: "users.createdAt", field: "createdAt", kind: "bigint" }],
  createdOn: [{ inner: "users.createdAt", field: "createdAt", kind: "bigint" }],
  lastSeen: [{ inner: "users.lastSeenAt", field: "lastSeenAt", kind: "bigint", zeroNull: true }],
};

/** A key as an SQL expression. */
function keyExpression(key: SortKey): RawBuilder<SortValue> {
  // Literally `coalesce(col, 0)`: the text of the expression indexes of migration 0004.
  return key.zeroNull ? sql<SortValue>`coalesce(${sql.ref(key.inner)}, 0)` : sql<SortValue>`${sql.ref(key.inner)}`;
}

type KeyRow = Record<KeyField, SortValue | null> & { id: number };

function keyValues(keys: SortKey[], row: KeyRow): SortValue[] {
  return keys.map((key) => row[key.field] ?? 0);
}

/** `(a, b, …) op (x, y, …)`: a row-value comparison both engines answer as an index range. */
function rowCompare(columns: RawBuilder<unknown>[], op: string, values: unknown[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(columns)}) ${sql.raw(op)} (${sql.join(values.map((value) => sql`${value}`))})`;
}

/**
 * The rows strictly after the cursor: `(k1, …, id) > (v1, …, id)` (`<` descending). When the
 * sort starts with team keys, it is split so the teams index seeks to the cursor's team:
 * `(team keys) >= (their values) AND ((team keys) > (their values) OR (user keys, id) > (…))`.
 */
function afterCursor(keys: SortKey[], values: SortValue[], id: number, order: "asc" | "desc"): RawBuilder<SqlBool> {
  const [strict, loose] = order === "asc" ? [">", ">="] : ["<", "<="];
  const columns = [...keys.map(keyExpression), sql.ref("users.id")];
  const bound = [...values, id];
  const split = keys.filter((key) => key.inner.startsWith("teams.")).length;
  if (split === 0) return rowCompare(columns, strict, bound);
  const [teamColumns, teamValues] = [columns.slice(0, split), bound.slice(0, split)];
  return sql<SqlBool>`(${rowCompare(teamColumns, loose, teamValues)} and (${rowCompare(teamColumns, strict, teamValues)} or ${rowCompare(columns.slice(split), strict, bound.slice(split))}))`;
}

/** Everything the list filters on, resolved: the scope's teams, the team filter's id, the app minimums. */
interface Narrowing {
  teamIds: number[] | null;
  teamId: number | null;
  /** Each app platform's minimum version key (the `outdated` filter and the rows' marker). */
  minimums: AppMinimum[];
}

/**
 * A device below its platform's minimum: `(platform = 1 AND version_key < k1) OR …`, each a
 * range of devices (platform, version_key, user_id) (migration 0014). Platforms are literals (a fixed
 * set), the keys values, so the SQL text never changes with the settings.
 */
function belowMinimum(minimums: AppMinimum[]): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "devices">();
  return eb.or(minimums.map((m) => eb.and([eb("devices.platform", "=", eb.lit(m.platform)), eb("devices.versionKey", "<", m.key)])));
}

/**
 * How the page query meets a search (searchPlan decides):
 * - `seek`: find every match first (a trigram index; on SQLite, for a term too short for
 *   trigrams, a scan of every user), then sort them; right when the matches are few.
 * - `walk`: walk the sort's index and test each row until the page is full; right when the
 *   matches are many, since the walk stops early and sorts nothing.
 */
export type SearchPlan = "seek" | "walk";

/** Whether the search `text` is answered from a trigram index on this engine (migration 0005). */
function indexedSearch(dialect: DatabaseDialect, text: string): boolean {
  return dialect === "postgres" ? postgresUserSearchable(text) : sqliteUserSearchable(text);
}

/** Whether the page or count starts from an indexed search's matches (a seek of a long term). */
function seeksIndexedSearch(dialect: DatabaseDialect, query: UserListQuery, plan: SearchPlan): boolean {
  return plan === "seek" && query.search !== undefined && indexedSearch(dialect, query.search);
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
 * Otherwise, the plain test on each row. Exported for the query-plan tests.
 */
export function searchCondition(dialect: DatabaseDialect, text: string, plan: SearchPlan): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "users">();
  const fullName = sql<string>`${sql.ref("users.firstName")} || ' ' || ${sql.ref("users.lastName")}`;
  const aliasMatches = likeContains(dialect, sql<string>`${sql.ref("userAliases.alias")}`, text);
  const indexed = indexedSearch(dialect, text);
  if (indexed && dialect === "sqlite") {
    const id = plan === "seek" ? eb.ref("users.id") : unindexed(dialect, eb.ref("users.id"));
    return eb(id, "in", sqliteUserSearchIds(text));
  }
  if (indexed && plan === "seek") {
    const aliasOwners = eb.selectFrom("userAliases").select("userAliases.userId").where(aliasMatches);
    return eb.or([likeContains(dialect, postgresUserSearchText("users"), text), postgresIdAmong(eb.ref("users.id"), aliasOwners)]);
  }
  const ownFields = indexed && dialect === "postgres"
    ? likeContains(dialect, postgresUserSearchText("users"), text)
    : eb.or([likeContains(dialect, fullName, text), likeContains(dialect, eb.ref("users.username"), text)]);
  // SQLite walking a short term: one probe of user_aliases_user_id_idx per row read.
  if (plan === "walk" && dialect === "sqlite") return eb.or([ownFields, eb.exists(eb.selectFrom("userAliases").select(eb.lit(1).as("one")).whereRef("userAliases.userId", "=", "users.id").where(aliasMatches))]);
  // A semi-join (IN), never a plain join: a user with several matching aliases is one row.
  // One pass over the aliases rather than one probe per user (measured faster than EXISTS).
  const tested = eb.or([ownFields, eb("users.id", "in", eb.selectFrom("userAliases").select("userAliases.userId").where(aliasMatches))]);
  // SQLite seeking a short term: no index can serve it; scan once and sort the matches.
  return plan === "seek" ? selectiveFilter(dialect, tested) : tested;
}

/**
 * The filters of the query (everything but the cursor) as one condition on users. The platform
 * filter is a semi-join either way; `platformProbe` writes it as EXISTS, one probe of the
 * devices (platform, user_id) index per user read, for a walk that stops early (the page) or a
 * team's users (measured at 100,000 users: page 5.8 → 0.2 ms, a team's count 9 → 4 ms), and
 * otherwise as IN, one pass over that platform's devices (root's count: 18 ms, EXISTS 33 ms).
 * `plan` is how a search is met (a count reads every match: seek). A SQLite seek through the
 * trigram index must start from the matches, so the other filters' columns are then marked
 * unindexed: without statistics SQLite takes any equality on an index for a few rows and would
 * rather walk, say, every active user in name order (6 ms instead of 0.3 ms for 14 matches).
 */
function filters(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery, platformProbe: boolean, plan: SearchPlan = "seek"): Expression<SqlBool> {
  const dialect = dialectOf(db);
  const eb = expressionBuilder<Database, "users">();
  const seeking = seeksIndexedSearch(dialect, query, plan);
  const column = <C extends "users.teamId" | "users.status" | "users.isEcs" | "users.isSip" | "users.isCellcrypt" | "users.id">(name: C) =>
    seeking ? unindexed(dialect, eb.ref(name)) : eb.ref(name);
  const parts: Expression<SqlBool>[] = [];
  if (narrowing.teamIds !== null) parts.push(eb(column("users.teamId"), "in", narrowing.teamIds));
  if (narrowing.teamId !== null) parts.push(eb(column("users.teamId"), "=", narrowing.teamId));
  if (query.status) parts.push(eb(column("users.status"), "=", query.status));
  if (query.platform !== undefined) {
    const platform = query.platform;
    parts.push(
      platformProbe
        ? eb.exists(eb.selectFrom("devices").select(eb.lit(1).as("one")).whereRef("devices.userId", "=", "users.id").where("devices.platform", "=", platform))
        : eb(column("users.id"), "in", eb.selectFrom("devices").select("devices.userId").where("devices.platform", "=", platform)),
    );
  }
  // Literal 0/1 (never a parameter), so the partial flag indexes of 0004 apply.
  if (query.ecs !== undefined) parts.push(eb(column("users.isEcs"), "=", eb.lit(query.ecs ? 1 : 0)));
  if (query.sip !== undefined) parts.push(eb(column("users.isSip"), "=", eb.lit(query.sip ? 1 : 0)));
  if (query.cellcrypt !== undefined) parts.push(eb(column("users.isCellcrypt"), "=", eb.lit(query.cellcrypt ? 1 : 0)));
  if (query.outdated !== undefined) {
    // One pass over the (few) devices below a minimum, through the index of migration 0014.
    const owners = eb.selectFrom("devices").select("devices.userId").where(belowMinimum(narrowing.minimums));
    parts.push(eb(column("users.id"), query.outdated ? "in" : "not in", owners));
  }
  if (query.search) parts.push(searchCondition(dialect, query.search, plan));
  return eb.and(parts);
}

/** The scope's teams and the team filter; null when the filter names a team the caller cannot see. */
async function narrow(db: Kysely<Database>, scope: Scope, query: UserListQuery): Promise<Narrowing | null> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return null;
  const minimums = appMinimums(db);
  if (!query.team) return { teamIds, teamId: null, minimums: await minimums };
  const team = await db.selectFrom("teams").select("id").where("slug", "=", query.team).executeTakeFirst();
  if (!team || !teamInScope(scope, team.id)) return null;
  return { teamIds: null, teamId: team.id, minimums: await minimums };
}

/**
 * The condition that picks every user a bulk call's `filter` matches within the scope: the
 * list's own filter SQL (scope, team, status, platform, flags, search), so 'select all matching'
 * changes exactly the users the list counted. Null when nothing can match (a team outside the
 * scope, or a scope without teams).
 */
export async function userFilterCondition(db: Kysely<Database>, scope: Scope, filter: UserFilter): Promise<Expression<SqlBool> | null> {
  const query: UserListQuery = { ...filter, sort: "name", order: "asc", limit: 1 };
  const narrowing = await narrow(db, scope, query);
  return narrowing ? filters(db, narrowing, query, false) : null;
}

/**
 * The page's rows (limit + 1) as a derived table `p`: each row's id and sort keys (aliased by
 * field), read from the sort's index; teams are joined only to sort by team.
 */
function pageKeys(db: Kysely<Database>, keys: SortKey[], where: Expression<SqlBool>, after: RawBuilder<SqlBool> | null, order: "asc" | "desc", limit: number, fenced: boolean) {
  const conditions = after ? [where, after] : [where];
  const columns = keys.map((key) => keyExpression(key).as(key.field));
  const orderBy = [...keys.map(keyExpression), sql<number>`${sql.ref("users.id")}`];
  // A fenced seek: the matching users as a sub-query with `OFFSET 0`, which PostgreSQL plans on
  // its own (never pulled up into the outer query), so it finds them through the search's
  // indexes; the outer query sorts them. Unfenced, PostgreSQL may walk the sort's index and
  // test each row, expecting the matches spread evenly through it: `silva` by name read 74,909
  // rows (~160 ms) before its first match, the surnames in S being together.
  // The cursor's condition stays outside the fence: for the team sort it names the teams joined there.
  const users = fenced
    ? db.selectFrom(db.selectFrom("users").selectAll().where(where).offset(sql.lit(0)).as("users"))
    : db.selectFrom("users");
  const outer = fenced ? (after ? [after] : []) : conditions;
  if (keys.some((key) => key.inner.startsWith("teams."))) {
    let q = users.innerJoin("teams", "teams.id", "users.teamId").select("users.id").select(columns).$if(outer.length > 0, (qb) => qb.where((eb) => eb.and(outer)));
    for (const expression of orderBy) q = q.orderBy(expression, order);
    return q.limit(limit).as("p");
  }
  let q = users.select("users.id").select(columns).$if(outer.length > 0, (qb) => qb.where((eb) => eb.and(outer)));
  for (const expression of orderBy) q = q.orderBy(expression, order);
  return q.limit(limit).as("p");
}

/** How long a total is reused (docs/API.md: `total` may lag writes by other processes that long). */
export const USER_TOTAL_CACHE_MS = 2_000;

/** Totals per filter set: at most 500 per database (older generations age out with them). */
const totals = new RecentCounts<number>(USER_TOTAL_CACHE_MS, 500);

/** The count of the filtered set, uncached. */
async function countUsers(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery): Promise<number> {
  const narrowed = narrowing.teamIds !== null || narrowing.teamId !== null;
  const where = filters(db, narrowing, query, narrowed);
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).where(where).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The total of the filtered set behind a short in-process cache (USER_TOTAL_CACHE_MS), keyed by
 * the resolved scope and team, the filters (not the sort, order, cursor or limit: paging
 * through a list counts once) and the write generation (db/writes.ts): any write to users,
 * devices, aliases or teams through this process starts a new generation, so it is counted
 * again at once; only writes by other processes may go unseen, for at most that long. The
 * count is the dominant cost of a page (a search of one or two characters scans every user).
 */
function cachedTotal(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery, now = Date.now()): Promise<number> {
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
  ]);
  return totals.get(db, key, () => countUsers(db, narrowing, query), now);
}

/** Below this many matches a seek reads them all in about a millisecond: no more to ask. */
const SEEK_BELOW = 1_000;

/**
 * The plan for a search page (see SearchPlan), decided from the count `total` needs anyway
 * (cached, so usually free). Measured at 100,000 users on SQLite: a seek costs about 0.5 µs per
 * match (a users lookup and a sorter entry), a walk about 0.05 µs per row of the sort's index (a
 * membership test in the materialized matches), and matches may cluster anywhere in the sort
 * order (`silva` sorted by name: the walk reads 73,000 rows, 3.7–7.6 ms; the seek 2,120
 * matches, 1.4 ms; time sorts cluster too: a team's users, imported together, share its
 * domain). So an indexed search walks only when the matches are at least a tenth of the
 * unsearched list (its total, cached too), where even a walk through every row costs no more
 * than the seek (`mar`, 12,368 matches: SQLite 3.3 ms → 1.9 ms, PostgreSQL 48 → 9 ms, whose
 * planner alone seeks). A shorter term has no index to seek with on SQLite: the seek is a scan
 * of every user, which a walk beats as soon as a page's worth of matches is likely found well
 * before the end (`a`: 97,725 matches, 33 → 0.3 ms); PostgreSQL estimates that case itself.
 */
async function searchPlan(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery, counting: Promise<number>): Promise<SearchPlan> {
  if (!query.search) return "seek";
  const dialect = dialectOf(db);
  const indexed = indexedSearch(dialect, query.search);
  if (!indexed && dialect === "postgres") return "seek";
  const matches = await counting;
  if (!indexed) return matches >= 4 * (query.limit + 1) ? "walk" : "seek";
  if (matches < SEEK_BELOW) return "seek";
  const unsearched = await cachedTotal(db, narrowing, { ...query, search: undefined });
  return matches * 10 >= unsearched ? "walk" : "seek";
}

/**
 * Whether the page's keys are read through a fence (see pageKeys): PostgreSQL seeking an indexed
 * search. SQLite needs none: a seek there marks the other columns unindexed (see filters).
 */
function fencedSeek(db: Kysely<Database>, query: UserListQuery, plan: SearchPlan): boolean {
  const dialect = dialectOf(db);
  return dialect === "postgres" && seeksIndexedSearch(dialect, query, plan);
}

/**
 * The page query: the derived table of pageKeys joined to the users and their teams. `narrowing`,
 * `query`, `after` and `limit` may hold placeholders (see pageShape).
 */
function pageQuery(db: Kysely<Database>, keys: SortKey[], narrowing: Narrowing, query: UserListQuery, after: RawBuilder<SqlBool> | null, plan: SearchPlan, limit: number) {
  const order = query.order;
  let page = db
    .selectFrom(pageKeys(db, keys, filters(db, narrowing, query, true, plan), after, order, limit, fencedSeek(db, query, plan)))
    .innerJoin("users", "users.id", "p.id")
    .innerJoin("teams", "teams.id", "users.teamId")
    .select([
      "users.id",
      "users.uid",
      "users.username",
      "users.firstName",
      "users.lastName",
      "users.teamId",
      "teams.slug as teamSlug",
      "teams.teamName",
      "users.status",
      "users.isEcs",
      "users.isSip",
      "users.isCellcrypt",
      "users.createdAt",
      "users.lastSeenAt",
      "users.deviceCount",
    ])
    // The marker: one probe of devices (user_id) per row of the page.
    .select((eb) => eb.exists(eb.selectFrom("devices").select(eb.lit(1).as("one")).whereRef("devices.userId", "=", "users.id").where(belowMinimum(narrowing.minimums))).as("appOutdated"));
  // The derived table's order does not survive the join: sort its ≤ limit + 1 rows again, by
  // its own columns (so the planner starts from p rather than walking a users index).
  for (const key of keys) page = page.orderBy(sql.ref(`p.${key.field}`), order);
  return page.orderBy("p.id", order);
}

/** A root caller's search page as listUsers builds it (first page): for the query-plan tests. */
export function rootSearchPage(db: Kysely<Database>, query: UserListQuery, plan: SearchPlan): CompiledQuery {
  return pageQuery(db, SORTS[query.sort], { teamIds: null, teamId: null, minimums: [] }, query, null, plan, query.limit + 1).compile();
}

type PageRow = ReturnType<typeof pageQuery> extends Compilable<infer Row> ? Row : never;

/** Page queries compiled once per shape (a search is built each time: its SQL depends on the term). */
const pageShapes = new ShapeCache<PageRow>();

/**
 * The page query without a search, from pageShapes: its SQL depends on the sort, the order, the
 * engine, whether there is a cursor, how many teams the scope has, which filters are present and
 * the flags' values (literals, for the partial indexes of 0004); every other value is bound.
 */
function pageShape(db: Kysely<Database>, keys: SortKey[], narrowing: Narrowing, query: UserListQuery, cursor: { values: SortValue[]; id: number } | null): CompiledQuery<PageRow> {
  const { teamIds, teamId, minimums } = narrowing;
  const shape = JSON.stringify([dialectOf(db), query.sort, query.order, cursor !== null, teamIds?.length ?? null, teamId !== null, query.status !== undefined, query.platform !== undefined, query.ecs, query.sip, query.cellcrypt, query.outdated, minimums.map((m) => m.platform)]);
  const values: Record<string, unknown> = { limit: query.limit + 1, teamId, status: query.status, platform: query.platform, cursorId: cursor?.id };
  minimums.forEach((m, i) => (values[`min${i}`] = m.key));
  teamIds?.forEach((id, i) => (values[`team${i}`] = id));
  cursor?.values.forEach((value, i) => (values[`cursor${i}`] = value));
  return pageShapes.bind(
    shape,
    () => {
      const slotted: Narrowing = {
        teamIds: teamIds?.map((_, i) => slot<number>(`team${i}`)) ?? null,
        teamId: teamId === null ? null : slot<number>("teamId"),
        minimums: minimums.map((m, i) => ({ platform: m.platform, key: slot<string>(`min${i}`) })),
      };
      const options: UserListQuery = { ...query, status: query.status && slot<UserStatus>("status"), platform: query.platform === undefined ? undefined : slot<UserListQuery["platform"]>("platform") };
      const after = cursor ? afterCursor(keys, cursor.values.map((_, i) => slot<SortValue>(`cursor${i}`)), slot<number>("cursorId"), query.order) : null;
      return pageQuery(db, keys, slotted, options, after, "seek", slot<number>("limit"));
    },
    values,
  );
}

/** One page of the users the caller may see, with the total of the filtered set. */
export async function listUsers(db: Kysely<Database>, scope: Scope, query: UserListQuery): Promise<ListResponse<UserListItem>> {
  const keys = SORTS[query.sort];
  const cursor = decodeCursor(query.cursor, keys.map((key) => key.kind));
  const narrowing = await narrow(db, scope, query);
  if (!narrowing) return { items: [], total: 0, nextCursor: null };
  const counting = cachedTotal(db, narrowing, query);
  // Settled below; a failed page must not leave the count's rejection unhandled.
  counting.catch(() => undefined);

  let rows: PageRow[];
  if (query.search) {
    const plan = await searchPlan(db, narrowing, query, counting);
    const after = cursor ? afterCursor(keys, cursor.values, cursor.id, query.order) : null;
    rows = await pageQuery(db, keys, narrowing, query, after, plan, query.limit + 1).execute();
  } else {
    rows = (await db.executeQuery(pageShape(db, keys, narrowing, query, cursor))).rows;
  }

  const { items, nextCursor } = pageOf(rows, query.limit, (row) => keyValues(keys, row));
  return {
    total: await counting,
    nextCursor,
    items: items.map((row) => ({
      uid: row.uid,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      team: { slug: row.teamSlug, teamName: row.teamName },
      status: row.status,
      ecs: fromFlag(row.isEcs),
      sip: fromFlag(row.isSip),
      cellcrypt: fromFlag(row.isCellcrypt),
      createdOn: isoUtc(row.createdAt),
      lastSeen: isoOrNull(row.lastSeenAt),
      deviceCount: row.deviceCount,
      appOutdated: row.appOutdated === true || Number(row.appOutdated) === 1,
    })),
  };
}
