/**
 * `GET /v2/users`: the users the caller may see, filtered, sorted and cut into keyset pages
 * (DESIGN §3: never OFFSET). At most three queries whatever the page size: the team filter's
 * slug, the count of the filtered set (reused for 2 s unless this process wrote since: see
 * cachedTotal), and the page. The page is a deferred join: a derived
 * table picks the `limit + 1` user ids from the sort's index alone (joining teams only for the
 * team sort), and only those rows are joined to users and teams and get their device count
 * (devices(user_id) index). Every sort ends with the row id, which makes the order total; the
 * cursor holds the last row's sort values and id, compared as a row value `(k1, …, id) > (v1,
 * …, id)` that both engines answer as a range of the matching index (migrations 0001, 0004).
 */
import { expressionBuilder, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { ListResponse } from "../../shared/schemas/list";
import type { UserListQuery } from "../../shared/schemas/user";
import { dialectOf, likeContains, selectiveFilter } from "../db/dialect";
import { userDataGeneration } from "../db/writes";
import { fromFlag } from "../db/flags";
import type { Database, UserStatus } from "../db/types";
import { AppError } from "../http/errors";
import { decodeCursor, pageOf } from "./pagination";
import { scopedTeamIds, teamInScope, type Scope } from "./scope";
import { isoOrNull } from "./userShared";

/** One row of the user list (docs/API.md). */
export interface UserListItem {
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  team: { slug: string; teamName: string };
  status: UserStatus;
  ecs: boolean;
  sip: boolean;
  cellcrypt: boolean;
  createdOn: string;
  lastSeen: string | null;
  deviceCount: number;
}

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
  kind: "string" | "number";
  zeroNull?: boolean;
}

const NAME: SortKey[] = [
  { inner: "users.lastName", field: "lastName", kind: "string" },
  { inner: "users.firstName", field: "firstName", kind: "string" },
];

/** Sort keys per sort (before the id). Team sorts by team name, then by user name within a team. */
const SORTS: Record<UserListQuery["sort"], SortKey[]> = {
  name: NAME,
  username: [{ inner: "users.username", field: "username", kind: "string" }],
  // teams.id rather than users.team_id, so SQLite sees the order the teams index delivers.
  team: [{ inner: "teams.teamName", field: "teamName", kind: "string" }, { inner: "teams.id", field: "teamId", kind: "number" }, ...NAME],
  status: [{ inner: "users.status", field: "status", kind: "string" }, { inner: "users.createdAt", field: "createdAt", kind: "number" }],
  createdOn: [{ inner: "users.createdAt", field: "createdAt", kind: "number" }],
  lastSeen: [{ inner: "users.lastSeenAt", field: "lastSeenAt", kind: "number", zeroNull: true }],
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

/** The sort values a cursor carries: one value, or a JSON array for multi-key sorts. */
function cursorValues(keys: SortKey[], v: string | number | null): SortValue[] {
  const bad = () => new AppError("badParameters", 400, [{ path: ["cursor"], message: "validation.cursor" }]);
  let values: unknown;
  try {
    values = keys.length === 1 ? [v] : typeof v === "string" ? JSON.parse(v) : null;
  } catch {
    throw bad();
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw bad();
  if (!values.every((value, i) => typeof value === keys[i]!.kind)) throw bad();
  return values as SortValue[];
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

/** Everything the list filters on, resolved: the scope's teams and the team filter's id. */
interface Narrowing {
  teamIds: number[] | null;
  teamId: number | null;
}

/**
 * The filters of the query (everything but the cursor) as one condition on users. The platform
 * filter is a semi-join either way; `platformProbe` writes it as EXISTS, one probe of the
 * devices (platform, user_id) index per user read, for a walk that stops early (the page) or a
 * team's users (measured at 100,000 users: page 5.8 → 0.2 ms, a team's count 9 → 4 ms), and
 * otherwise as IN, one pass over that platform's devices (root's count: 18 ms, EXISTS 33 ms).
 */
function filters(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery, platformProbe: boolean): Expression<SqlBool> {
  const dialect = dialectOf(db);
  const eb = expressionBuilder<Database, "users">();
  const parts: Expression<SqlBool>[] = [];
  if (narrowing.teamIds !== null) parts.push(eb("users.teamId", "in", narrowing.teamIds));
  if (narrowing.teamId !== null) parts.push(eb("users.teamId", "=", narrowing.teamId));
  if (query.status) parts.push(eb("users.status", "=", query.status));
  if (query.platform !== undefined) {
    const platform = query.platform;
    parts.push(
      platformProbe
        ? eb.exists(eb.selectFrom("devices").select(eb.lit(1).as("one")).whereRef("devices.userId", "=", "users.id").where("devices.platform", "=", platform))
        : eb("users.id", "in", eb.selectFrom("devices").select("devices.userId").where("devices.platform", "=", platform)),
    );
  }
  // Literal 0/1 (never a parameter), so the partial flag indexes of 0004 apply.
  if (query.ecs !== undefined) parts.push(eb("users.isEcs", "=", eb.lit(query.ecs ? 1 : 0)));
  if (query.sip !== undefined) parts.push(eb("users.isSip", "=", eb.lit(query.sip ? 1 : 0)));
  if (query.cellcrypt !== undefined) parts.push(eb("users.isCellcrypt", "=", eb.lit(query.cellcrypt ? 1 : 0)));
  if (query.search) {
    const text = query.search;
    const fullName = sql<string>`${sql.ref("users.firstName")} || ' ' || ${sql.ref("users.lastName")}`;
    const matches = eb.or([
      likeContains(dialect, fullName, text),
      likeContains(dialect, eb.ref("users.username"), text),
      // A semi-join (IN), never a plain join: a user with several matching aliases is one row.
      // One pass over the aliases rather than one probe per user (measured faster than EXISTS).
      eb("users.id", "in", eb.selectFrom("userAliases").select("userAliases.userId").where((a) => likeContains(dialect, a.ref("userAliases.alias"), text))),
    ]);
    // A substring search cannot use an index: scan once and sort the matches.
    parts.push(selectiveFilter(dialect, matches));
  }
  return eb.and(parts);
}

/** The scope's teams and the team filter; null when the filter names a team the caller cannot see. */
async function narrow(db: Kysely<Database>, scope: Scope, query: UserListQuery): Promise<Narrowing | null> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return null;
  if (!query.team) return { teamIds, teamId: null };
  const team = await db.selectFrom("teams").select("id").where("slug", "=", query.team).executeTakeFirst();
  if (!team || !teamInScope(scope, team.id)) return null;
  return { teamIds: null, teamId: team.id };
}

/**
 * The page's rows (limit + 1) as a derived table `p`: each row's id and sort keys (aliased by
 * field), read from the sort's index; teams are joined only to sort by team.
 */
function pageKeys(db: Kysely<Database>, keys: SortKey[], where: Expression<SqlBool>, after: RawBuilder<SqlBool> | null, order: "asc" | "desc", limit: number) {
  const conditions = after ? [where, after] : [where];
  const columns = keys.map((key) => keyExpression(key).as(key.field));
  const orderBy = [...keys.map(keyExpression), sql<number>`${sql.ref("users.id")}`];
  if (keys.some((key) => key.inner.startsWith("teams."))) {
    let q = db.selectFrom("users").innerJoin("teams", "teams.id", "users.teamId").select("users.id").select(columns).where((eb) => eb.and(conditions));
    for (const expression of orderBy) q = q.orderBy(expression, order);
    return q.limit(limit).as("p");
  }
  let q = db.selectFrom("users").select("users.id").select(columns).where((eb) => eb.and(conditions));
  for (const expression of orderBy) q = q.orderBy(expression, order);
  return q.limit(limit).as("p");
}

/** How long a total is reused (docs/API.md: `total` may lag writes by other processes that long). */
export const USER_TOTAL_CACHE_MS = 2_000;

interface TotalEntry {
  at: number;
  value: Promise<number>;
}

/** Per database (tests run several apps in one process), at most this many filter sets each. */
const totals = new WeakMap<Kysely<Database>, Map<string, TotalEntry>>();
const TOTAL_KEYS = 500;

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
 * count is the dominant cost of a page (a substring search scans every user).
 */
function cachedTotal(db: Kysely<Database>, narrowing: Narrowing, query: UserListQuery, now = Date.now()): Promise<number> {
  const teams = narrowing.teamIds === null ? "*" : [...narrowing.teamIds].sort((a, b) => a - b).join(",");
  const key = JSON.stringify([userDataGeneration(), teams, narrowing.teamId, query.status, query.platform, query.ecs, query.sip, query.cellcrypt, query.search]);
  let cache = totals.get(db);
  if (!cache) totals.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && now - hit.at < USER_TOTAL_CACHE_MS) return hit.value;
  const value = countUsers(db, narrowing, query);
  cache.delete(key);
  cache.set(key, { at: now, value });
  // A failed count is not remembered (unless a newer one replaced it already).
  value.catch(() => cache.get(key)?.value === value && cache.delete(key));
  // Maps iterate in insertion order: drop the oldest entries beyond the bound (older
  // generations are never hit again and age out the same way).
  for (const oldest of cache.keys()) {
    if (cache.size <= TOTAL_KEYS) break;
    cache.delete(oldest);
  }
  return value;
}

/** One page of the users the caller may see, with the total of the filtered set. */
export async function listUsers(db: Kysely<Database>, scope: Scope, query: UserListQuery): Promise<ListResponse<UserListItem>> {
  const keys = SORTS[query.sort];
  const order = query.order;
  const cursor = decodeCursor(query.cursor);
  const after = cursor ? afterCursor(keys, cursorValues(keys, cursor.v), cursor.id, order) : null;
  const narrowing = await narrow(db, scope, query);
  if (!narrowing) return { items: [], total: 0, nextCursor: null };
  const counting = cachedTotal(db, narrowing, query);
  // Settled below; a failed page must not leave the count's rejection unhandled.
  counting.catch(() => undefined);

  let page = db
    .selectFrom(pageKeys(db, keys, filters(db, narrowing, query, true), after, order, query.limit + 1))
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
    ])
    .select((eb) =>
      eb.selectFrom("devices").select((d) => d.fn.countAll<number | string | bigint>().as("n")).whereRef("devices.userId", "=", "users.id").as("deviceCount"),
    );
  // The derived table's order does not survive the join: sort its ≤ limit + 1 rows again, by
  // its own columns (so the planner starts from p rather than walking a users index).
  for (const key of keys) page = page.orderBy(sql.ref(`p.${key.field}`), order);
  const rows = await page.orderBy("p.id", order).execute();

  const { items, nextCursor } = pageOf(rows, query.limit, (row) => {
    const values = keyValues(keys, row);
    return values.length === 1 ? values[0]! : JSON.stringify(values);
  });
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
      createdOn: new Date(row.createdAt).toISOString(),
      lastSeen: isoOrNull(row.lastSeenAt),
      deviceCount: Number(row.deviceCount ?? 0),
    })),
  };
}
