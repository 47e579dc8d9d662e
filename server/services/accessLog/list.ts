import type { Kysely } from "kysely";
import type { ListResponse } from "../../../shared/schemas/list";
import type { LogListQuery } from "../../../shared/schemas/logs";
import { dialectOf, likeContains, likeStartsWith } from "../../db/dialect";
import type { Database } from "../../db/types";
import { TEAM_DETAIL_KEYS } from "./record";
import type { ServiceContext } from "../../lib/context";
import { decodeCursor, pageOf } from "../../lib/pagination";
import { scopedTeamIds, teamInScope, type Scope } from "../access";

/** One access-log entry as read for a reader: its columns, with the details parsed and limited to what the reader may see. */
export interface LogRecord {
  id: number;
  createdAt: number;
  action: string;
  outcome: "success" | "failure";
  actorUsername: string | null;
  actorUid: string | null;
  targetType: string | null;
  targetId: string | null;
  teamSlug: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The id of the request that wrote the entry (null before migration 0015). */
  requestId: string | null;
  details: unknown;
}

/**
 * An entry's details as a reader may see them: for a reader limited to some teams (`visible`, by
 * slug; null for root), every team-bearing key (TEAM_DETAIL_KEYS) keeps only those teams' slugs; a
 * single slug outside them is dropped with its key. Everything else is shown as recorded.
 */
export function detailsForReader(details: unknown, visible: ReadonlySet<string> | null): unknown {
  if (visible === null || typeof details !== "object" || details === null || Array.isArray(details)) return details;
  const shown: Record<string, unknown> = { ...(details as Record<string, unknown>) };
  for (const key of TEAM_DETAIL_KEYS) {
    const value = shown[key];
    if (Array.isArray(value)) shown[key] = value.filter((slug) => typeof slug === "string" && visible.has(slug));
    else if (value !== undefined && !(typeof value === "string" && visible.has(value))) delete shown[key];
  }
  return shown;
}

/** The slugs of a limited reader's teams (null for root, who reads every detail as recorded). */
async function visibleSlugs(db: Kysely<Database>, teamIds: number[] | null): Promise<ReadonlySet<string> | null> {
  if (teamIds === null) return null;
  if (teamIds.length === 0) return new Set();
  const rows = await db.selectFrom("teams").select("slug").where("id", "in", teamIds).execute();
  return new Set(rows.map((row) => row.slug));
}

/** Options of {@link listAccessLog}: an export pages through every match and needs no total. */
export interface LogListOptions {
  /** Count the filtered set (default true); false answers `total: -1` and saves a scan per page. */
  withTotal?: boolean;
}

/** The team filter's id within the scope: undefined for no filter, null when it matches nothing. */
async function teamFilter(db: Kysely<Database>, scope: Scope, slug: string | undefined): Promise<number | null | undefined> {
  if (!slug) return undefined;
  const team = await db.selectFrom("teams").select("id").where("slug", "=", slug).executeTakeFirst();
  return team && teamInScope(scope, team.id) ? team.id : null;
}

/**
 * The access log for a scope (DESIGN §5): root reads everything; an admin reads the entries of
 * their teams and their own actions, with the team slugs of the details limited to their teams
 * (detailsForReader). Filters: action prefix, outcome, actor and target (substrings), team,
 * time range [from, to) and free text (actor, target, action or address). Newest first,
 * keyset-paged on (time, id) over access_log_created_idx. The export reads it page by page.
 */
export async function listAccessLog(
  ctx: ServiceContext,
  scope: Scope,
  query: LogListQuery,
  options: LogListOptions = {},
): Promise<ListResponse<LogRecord>> {
  const { db } = ctx;
  const teamIds = scopedTeamIds(scope);
  const cursor = decodeCursor(query.cursor, ["bigint"], "bigint");
  const team = await teamFilter(db, scope, query.team);
  if (team === null) return { items: [], total: 0, nextCursor: null };
  const dialect = dialectOf(db);
  let base = db
    .selectFrom("accessLog")
    .leftJoin("teams", "teams.id", "accessLog.teamId")
    .leftJoin("admins", "admins.id", "accessLog.actorAdminId");
  if (teamIds !== null) {
    base = base.where((eb) =>
      eb.or([eb("accessLog.actorAdminId", "=", scope.adminId), ...(teamIds.length ? [eb("accessLog.teamId", "in", teamIds)] : [])]),
    );
  }
  if (team !== undefined) base = base.where("accessLog.teamId", "=", team);
  if (query.action) {
    const action = query.action;
    base = base.where((eb) => likeStartsWith(eb.ref("accessLog.action"), action));
  }
  if (query.outcome) base = base.where("accessLog.outcome", "=", query.outcome);
  if (query.actor) {
    const actor = query.actor;
    base = base.where((eb) => likeContains(dialect, eb.ref("accessLog.actorUsername"), actor));
  }
  if (query.target) {
    const target = query.target;
    base = base.where((eb) => likeContains(dialect, eb.ref("accessLog.targetId"), target));
  }
  if (query.from) base = base.where("accessLog.createdAt", ">=", Date.parse(query.from));
  if (query.to) base = base.where("accessLog.createdAt", "<", Date.parse(query.to));
  if (query.search) {
    const text = query.search;
    base = base.where((eb) =>
      eb.or([
        likeContains(dialect, eb.ref("accessLog.actorUsername"), text),
        likeContains(dialect, eb.ref("accessLog.targetId"), text),
        likeContains(dialect, eb.ref("accessLog.action"), text),
        likeContains(dialect, eb.ref("accessLog.ip"), text),
      ]),
    );
  }
  const counting =
    options.withTotal === false
      ? Promise.resolve({ total: -1 })
      : base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const { total } = await counting;
  let page = base
    .select([
      "accessLog.id",
      "accessLog.createdAt",
      "accessLog.action",
      "accessLog.outcome",
      "accessLog.actorUsername",
      "admins.uid as actorUid",
      "accessLog.targetType",
      "accessLog.targetId",
      "teams.slug as teamSlug",
      "accessLog.ip",
      "accessLog.userAgent",
      "accessLog.details",
      "accessLog.requestId",
    ])
    .orderBy("accessLog.createdAt", "desc")
    .orderBy("accessLog.id", "desc")
    .limit(query.limit + 1);
  if (cursor) {
    const at = Number(cursor.values[0]);
    page = page.where((eb) =>
      eb.or([eb("accessLog.createdAt", "<", at), eb.and([eb("accessLog.createdAt", "=", at), eb("accessLog.id", "<", cursor.id)])]),
    );
  }
  const [rows, visible] = await Promise.all([page.execute(), visibleSlugs(db, teamIds)]);
  const { items, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  return {
    total: Number(total),
    nextCursor,
    items: items.map((row) => ({ ...row, details: row.details ? detailsForReader(JSON.parse(row.details) as unknown, visible) : null })),
  };
}
