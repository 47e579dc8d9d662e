/**
 * The users list's page query: a deferred join in which a derived table picks the `limit + 1`
 * user ids from the sort's index alone (joining teams only for the team sort), and only those
 * rows are joined to users and teams. Every sort ends with the row id, which makes the order
 * total; the cursor holds the last row's sort values and id, compared as a row value
 * `(k1, …, id) > (v1, …, id)` that both engines answer as a range of the matching index
 * (migrations 0001, 0004). Pages without a search are compiled once per shape.
 */
import { sql, type CompiledQuery, type Compilable, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { UserListQuery } from "../../../shared/schemas/user";
import { dialectOf, inValues } from "../../db/dialect";
import { ShapeCache, slot } from "../../db/prepared";
import type { Database, UserStatus } from "../../db/types";
import type { CursorKey } from "../../lib/pagination";
import { belowMinimum, filters, type Narrowing } from "./filter";
import { startsFromMatches, type SearchPlan } from "./search";

/** A sort key's value in a cursor. */
export type SortValue = string | number;

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
export const SORTS: Record<UserListQuery["sort"], SortKey[]> = {
  name: NAME,
  username: [{ inner: "users.username", field: "username", kind: "text" }],
  // teams.id rather than users.team_id, so SQLite sees the order the teams index delivers.
  team: [{ inner: "teams.teamName", field: "teamName", kind: "text" }, { inner: "teams.id", field: "teamId", kind: "int" }, ...NAME],
  status: [
    { inner: "users.status", field: "status", kind: "text" },
    { inner: "users.createdAt", field: "createdAt", kind: "bigint" },
  ],
  createdOn: [{ inner: "users.createdAt", field: "createdAt", kind: "bigint" }],
  lastSeen: [{ inner: "users.lastSeenAt", field: "lastSeenAt", kind: "bigint", zeroNull: true }],
};

/** A key as an SQL expression. */
function keyExpression(key: SortKey): RawBuilder<SortValue> {
  // Literally `coalesce(col, 0)`: the text of the expression indexes of migration 0004.
  return key.zeroNull ? sql<SortValue>`coalesce(${sql.ref(key.inner)}, 0)` : sql<SortValue>`${sql.ref(key.inner)}`;
}

type KeyRow = Record<KeyField, SortValue | null> & { id: number };

/** A row's values for the sort's keys, as its cursor holds them. */
export function keyValues(keys: SortKey[], row: KeyRow): SortValue[] {
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
export function afterCursor(keys: SortKey[], values: SortValue[], id: number, order: "asc" | "desc"): RawBuilder<SqlBool> {
  const [strict, loose] = order === "asc" ? [">", ">="] : ["<", "<="];
  const columns = [...keys.map(keyExpression), sql.ref("users.id")];
  const bound = [...values, id];
  const split = keys.filter((key) => key.inner.startsWith("teams.")).length;
  if (split === 0) return rowCompare(columns, strict, bound);
  const [teamColumns, teamValues] = [columns.slice(0, split), bound.slice(0, split)];
  return sql<SqlBool>`(${rowCompare(teamColumns, loose, teamValues)} and (${rowCompare(teamColumns, strict, teamValues)} or ${rowCompare(columns.slice(split), strict, bound.slice(split))}))`;
}

/**
 * The page's rows (limit + 1) as a derived table `p`: each row's id and sort keys (aliased by
 * field), read from the sort's index; teams are joined only to sort by team.
 */
function pageKeys(
  db: Kysely<Database>,
  keys: SortKey[],
  where: Expression<SqlBool>,
  after: RawBuilder<SqlBool> | null,
  order: "asc" | "desc",
  limit: number,
  fenced: boolean,
) {
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
    let q = users
      .innerJoin("teams", "teams.id", "users.teamId")
      .select("users.id")
      .select(columns)
      .$if(outer.length > 0, (qb) => qb.where((eb) => eb.and(outer)));
    for (const expression of orderBy) q = q.orderBy(expression, order);
    return q.limit(limit).as("p");
  }
  let q = users
    .select("users.id")
    .select(columns)
    .$if(outer.length > 0, (qb) => qb.where((eb) => eb.and(outer)));
  for (const expression of orderBy) q = q.orderBy(expression, order);
  return q.limit(limit).as("p");
}

/**
 * Whether the page's keys are read through a fence (see pageKeys): PostgreSQL starting from a
 * search's matches. SQLite needs none: a seek there marks the other columns unindexed (see filters).
 */
function fencedSeek(db: Kysely<Database>, query: UserListQuery, plan: SearchPlan): boolean {
  const dialect = dialectOf(db);
  return dialect === "postgres" && startsFromMatches(dialect, query, plan);
}

/**
 * The page query: the derived table of pageKeys joined to the users and their teams. `narrowing`,
 * `query`, `after` and `limit` may hold placeholders (see pageShape). `among`: the ids of every
 * match, which the `among` plan starts from (the filters still apply to each).
 */
export function pageQuery(
  db: Kysely<Database>,
  keys: SortKey[],
  narrowing: Narrowing,
  query: UserListQuery,
  after: RawBuilder<SqlBool> | null,
  plan: SearchPlan,
  limit: number,
  among: readonly number[] = [],
) {
  const order = query.order;
  const filtered = filters(db, narrowing, query, true, plan);
  const where =
    plan === "among" ? sql<SqlBool>`(${inValues(dialectOf(db), sql<number>`${sql.ref("users.id")}`, among)} and ${filtered})` : filtered;
  let page = db
    .selectFrom(pageKeys(db, keys, where, after, order, limit, fencedSeek(db, query, plan)))
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
      "users.accessLevel",
      "users.createdAt",
      "users.lastSeenAt",
      "users.deviceCount",
    ])
    // The marker: one probe of devices (user_id) per row of the page.
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("devices")
            .select(eb.lit(1).as("one"))
            .whereRef("devices.userId", "=", "users.id")
            .where(belowMinimum(narrowing.minimums)),
        )
        .as("appOutdated"),
    );
  // The derived table's order does not survive the join: sort its ≤ limit + 1 rows again, by
  // its own columns (so the planner starts from p rather than walking a users index).
  for (const key of keys) page = page.orderBy(sql.ref(`p.${key.field}`), order);
  return page.orderBy("p.id", order);
}

/** A root caller's search page as listUsers builds it (first page): for the query-plan tests. */
export function rootSearchPage(db: Kysely<Database>, query: UserListQuery, plan: SearchPlan, among: readonly number[] = []): CompiledQuery {
  return pageQuery(
    db,
    SORTS[query.sort],
    { teamIds: null, teamId: null, minimums: [], seen: null },
    query,
    null,
    plan,
    query.limit + 1,
    among,
  ).compile();
}

/** A row of the users list page: the user, their team, flags, device count and the outdated-app marker. */
export type PageRow = ReturnType<typeof pageQuery> extends Compilable<infer Row> ? Row : never;

/** Page queries compiled once per shape (a search is built each time: its SQL depends on the term). */
const pageShapes = new ShapeCache<PageRow>();

/**
 * The page query without a search, from pageShapes: its SQL depends on the sort, the order, the
 * engine, whether there is a cursor, how many teams the scope has, which filters are present and
 * the flags' values (literals, for the partial indexes of 0004); every other value is bound.
 */
export function pageShape(
  db: Kysely<Database>,
  keys: SortKey[],
  narrowing: Narrowing,
  query: UserListQuery,
  cursor: { values: SortValue[]; id: number } | null,
): CompiledQuery<PageRow> {
  const { teamIds, teamId, minimums, seen } = narrowing;
  const shape = JSON.stringify([
    dialectOf(db),
    query.sort,
    query.order,
    cursor !== null,
    teamIds?.length ?? null,
    teamId !== null,
    query.status !== undefined,
    query.platform !== undefined,
    query.ecs,
    query.sip,
    query.cellcrypt,
    query.outdated,
    minimums.map((m) => m.platform),
    seen && [seen.from !== null, seen.to !== null, seen.never],
  ]);
  const values: Record<string, unknown> = {
    limit: query.limit + 1,
    teamId,
    status: query.status,
    platform: query.platform,
    cursorId: cursor?.id,
    seenFrom: seen?.from,
    seenTo: seen?.to,
  };
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
        seen: seen && {
          from: seen.from === null ? null : slot<number>("seenFrom"),
          to: seen.to === null ? null : slot<number>("seenTo"),
          never: seen.never,
        },
      };
      const options: UserListQuery = {
        ...query,
        status: query.status && slot<UserStatus>("status"),
        platform: query.platform === undefined ? undefined : slot<UserListQuery["platform"]>("platform"),
      };
      const after = cursor
        ? afterCursor(
            keys,
            cursor.values.map((_, i) => slot<SortValue>(`cursor${i}`)),
            slot<number>("cursorId"),
            query.order,
          )
        : null;
      return pageQuery(db, keys, slotted, options, after, "seek", slot<number>("limit"));
    },
    values,
  );
}
