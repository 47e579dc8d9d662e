/**
 * `GET /v2/admins`: the administrators the caller may see, filtered, sorted and cut into keyset
 * pages (DESIGN §3: never OFFSET). Each sort is a list of columns ending with the id, so the order
 * is total and a cursor continues strictly after the last row shown.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { AdminListQuery, AdminSort } from "../../../shared/schemas/admin";
import type { ListResponse } from "../../../shared/schemas/list";
import { dialectOf, likeContains } from "../../db/dialect";
import type { Database } from "../../db/types";
import { ADMIN_COLUMNS, teamsByAdmin, visibleAdmins, type AdminRecord, type AdminRow } from "./directory";
import { decodeCursor, pageOf, type CursorKey } from "../../lib/pagination";
import type { ServiceContext } from "../../lib/context";
import { scopedTeamIds, type Scope } from "../access";

type Eb = ExpressionBuilder<Database, "admins">;
type SortValue = string | number;

/** How one sort orders rows: its column expressions (before the id), their cursor types and a row's values for them. */
interface SortSpec {
  columns: ((eb: Eb) => Expression<SortValue>)[];
  keys: CursorKey[];
  values: (row: AdminRow) => SortValue[];
}

const SORTS: Record<AdminSort, SortSpec> = {
  name: {
    columns: [(eb) => eb.ref("admins.lastName"), (eb) => eb.ref("admins.firstName")],
    keys: ["text", "text"],
    values: (row) => [row.lastName, row.firstName],
  },
  username: { columns: [(eb) => eb.ref("admins.username")], keys: ["text"], values: (row) => [row.username] },
  createdOn: { columns: [(eb) => eb.ref("admins.createdAt")], keys: ["bigint"], values: (row) => [row.createdAt] },
  // Never seen sorts as the oldest: NULL ordering differs between the engines, 0 does not.
  lastSeen: {
    columns: [(eb) => eb.fn.coalesce("admins.lastSeenAt", eb.lit(0))],
    keys: ["bigint"],
    values: (row) => [row.lastSeenAt ?? 0],
  },
  status: { columns: [(eb) => eb.ref("admins.status")], keys: ["text"], values: (row) => [row.status] },
};

/** Rows strictly after (asc) or before (desc) the cursor's position in the sort. */
function afterCursor(spec: SortSpec, values: SortValue[], id: number, order: "asc" | "desc") {
  return (eb: Eb): Expression<SqlBool> => {
    const op = order === "asc" ? ">" : "<";
    const columns = [...spec.columns, (e: Eb) => e.ref("admins.id")];
    const keys = [...values, id];
    return eb.or(
      columns.map((_, level) =>
        eb.and([...columns.slice(0, level).map((column, j) => eb(column(eb), "=", keys[j]!)), eb(columns[level]!(eb), op, keys[level]!)]),
      ),
    );
  };
}

/** The filters of the query (everything but the cursor), as one where-clause. */
function filters(db: Kysely<Database>, scope: Scope, query: AdminListQuery) {
  const dialect = dialectOf(db);
  return (eb: Eb): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (scope.role !== "root") parts.push(visibleAdmins(scope)(eb));
    if (query.search) {
      const text = query.search;
      parts.push(
        eb.or([
          likeContains(dialect, eb.ref("admins.username"), text),
          likeContains(dialect, eb.ref("admins.firstName"), text),
          likeContains(dialect, eb.ref("admins.lastName"), text),
        ]),
      );
    }
    if (query.role) parts.push(eb("admins.role", "=", query.role));
    if (query.status) parts.push(eb("admins.status", "=", query.status));
    if (query.team) {
      const slug = query.team;
      // A team outside a non-root caller's scope filters like an unknown one (to nothing), so
      // the filter cannot tell which of the admins they see also belong to it.
      const teamIds = scopedTeamIds(scope);
      parts.push(
        eb.exists(
          eb
            .selectFrom("adminTeams")
            .innerJoin("teams", "teams.id", "adminTeams.teamId")
            .select("adminTeams.adminId")
            .whereRef("adminTeams.adminId", "=", "admins.id")
            .where("teams.slug", "=", slug)
            .$if(teamIds !== null, (qb) => qb.where("adminTeams.teamId", "in", teamIds!.length > 0 ? teamIds! : [-1])),
        ),
      );
    }
    return eb.and(parts);
  };
}

/** One page of the admins the caller may see, with the total of the filtered set. */
export async function listAdmins(ctx: ServiceContext, scope: Scope, query: AdminListQuery): Promise<ListResponse<AdminRecord>> {
  const { db } = ctx;
  const spec = SORTS[query.sort];
  const order = query.order;
  const cursor = decodeCursor(query.cursor, spec.keys);
  const where = filters(db, scope, query);
  const counted = await db
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where(where)
    .executeTakeFirstOrThrow();
  let page = db.selectFrom("admins").select(ADMIN_COLUMNS).where(where);
  if (cursor) page = page.where(afterCursor(spec, cursor.values, cursor.id, order));
  for (const column of spec.columns) page = page.orderBy((eb) => column(eb), order);
  const rows = await page
    .orderBy("admins.id", order)
    .limit(query.limit + 1)
    .execute();
  const { items, nextCursor } = pageOf(rows, query.limit, spec.values);
  const teams = await teamsByAdmin(
    db,
    scope,
    items.map((row) => row.id),
  );
  return {
    items: items.map((row) => ({ ...row, teams: teams.get(row.id) ?? [] })),
    total: Number(counted.n),
    nextCursor,
  };
}
