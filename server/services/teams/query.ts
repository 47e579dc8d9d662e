/**
 * Reading teams (companies) within a scope (DESIGN §5): the keyset-paged list with its admin and
 * user counts, and one team with everything its profile shows. Writes live in manage.ts.
 */
import type { Kysely } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import { isSlug } from "../../../shared/schemas/primitives";
import type { TeamListQuery, TeamSortField } from "../../../shared/schemas/team";
import { dialectOf, likeContains } from "../../db/dialect";
import type { Database, Row } from "../../db/types";
import { AppError } from "../../errors";
import type { ServiceContext } from "../../lib/context";
import { decodeCursor, pageOf, type CursorKey } from "../../lib/pagination";
import { scopedTeamIds, teamInScope, type Scope } from "../access";

/** One team of the list, with its counts (internal id kept for the cursor). */
export interface TeamListRow {
  id: number;
  slug: string;
  teamName: string;
  institution: string | null;
  city: string | null;
  country: string | null;
  language: string;
  createdAt: number;
  adminCount: number;
  userCount: number;
}

/** A page of the team list. */
export interface TeamListPage {
  items: TeamListRow[];
  total: number;
  nextCursor: string | null;
}

/** The column behind each sort field; every one is NOT NULL, so cursors never hold null. */
const SORT_COLUMNS = {
  name: "teams.teamName",
  slug: "teams.slug",
  createdOn: "teams.createdAt",
} as const satisfies Record<TeamSortField, string>;

/** The cursor type of each sort's column (a forged cursor that does not fit it is a 400). */
const SORT_KEYS = {
  name: "text",
  slug: "text",
  createdOn: "bigint",
} as const satisfies Record<TeamSortField, CursorKey>;

/**
 * The teams a scope sees (root: all; an admin: their own), searched case-insensitively on name
 * and slug, sorted by one column with the id as tie-breaker, and cut into keyset pages. The
 * counts come from correlated sub-queries of the same statement (indexed on team_id): no N+1;
 * the users are the team's counter (migration 0019), never a count of its users.
 */
export async function listTeams(ctx: ServiceContext, scope: Scope, query: TeamListQuery): Promise<TeamListPage> {
  const { db } = ctx;
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return { items: [], total: 0, nextCursor: null };
  const cursor = decodeCursor(query.cursor, [SORT_KEYS[query.sort]]);
  const dialect = dialectOf(db);
  const term = query.search?.trim() ?? "";

  let base = db.selectFrom("teams");
  if (teamIds !== null) base = base.where("teams.id", "in", teamIds);
  if (term) {
    base = base.where((eb) =>
      eb.or([likeContains(dialect, eb.ref("teams.teamName"), term), likeContains(dialect, eb.ref("teams.slug"), term)]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();

  const column = SORT_COLUMNS[query.sort];
  const direction = query.order;
  const after = direction === "asc" ? ">" : "<";
  let page = base
    .select((eb) => [
      "teams.id",
      "teams.slug",
      "teams.teamName",
      "teams.institution",
      "teams.city",
      "teams.country",
      "teams.language",
      "teams.createdAt",
      eb
        .selectFrom("adminTeams")
        .select((s) => s.fn.countAll<number | string>().as("n"))
        .whereRef("adminTeams.teamId", "=", "teams.id")
        .as("adminCount"),
      // The team's counter (migration 0019), kept by triggers: no count of its users.
      eb.selectFrom("teamCounters").select("teamCounters.users").whereRef("teamCounters.teamId", "=", "teams.id").as("userCount"),
    ])
    .orderBy(column, direction)
    .orderBy("teams.id", direction)
    .limit(query.limit + 1);
  if (cursor) {
    const value = cursor.values[0]!;
    page = page.where((eb) => eb.or([eb(column, after, value), eb.and([eb(column, "=", value), eb("teams.id", after, cursor.id)])]));
  }
  const rows = (await page.execute()).map((row) => ({
    ...row,
    createdAt: Number(row.createdAt),
    adminCount: Number(row.adminCount ?? 0),
    userCount: Number(row.userCount ?? 0),
  }));
  const sortValue = (row: TeamListRow): string | number =>
    query.sort === "name" ? row.teamName : query.sort === "slug" ? row.slug : row.createdAt;
  const { items, nextCursor } = pageOf(rows, query.limit, sortValue);
  return { items, total: Number(total), nextCursor };
}

/**
 * The team named by `slug` when the scope may see it; otherwise the given 404 code, the same
 * answer for a team that does not exist and one outside the scope (its existence stays hidden).
 */
export async function findTeamInScope(db: Kysely<Database>, scope: Scope, slug: string, code: CatalogueCode): Promise<Row<"teams">> {
  // Often a path parameter: anything that is not a slug names no team (and never reaches SQL).
  if (!isSlug(slug)) throw new AppError(code, 404);
  const team = await db.selectFrom("teams").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!team || !teamInScope(scope, team.id)) throw new AppError(code, 404);
  return team;
}

/** A team's administrator as its profile lists them. */
export interface TeamAdminRow {
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  role: "root" | "admin";
  status: string;
}

/** A license pack of a team (no activation token hash ever leaves the service). */
export interface TeamLicensePackRow {
  /** The pack's public id (a UUID). */
  id: string;
  licenseType: string;
  licenseCount: number;
  status: string;
  expiresAt: number | null;
  createdAt: number;
}

/** Everything the team profile and `GET /v2/team/:slug` show. */
export interface TeamRecord {
  team: Row<"teams">;
  domains: string[];
  admins: TeamAdminRow[];
  userCount: number;
  licensePacks: TeamLicensePackRow[];
}

/** Loads a team's domains, admins, user count and license packs: four queries, whatever the size. */
export async function loadTeamRecord(db: Kysely<Database>, team: Row<"teams">): Promise<TeamRecord> {
  const [domains, admins, users, packs] = await Promise.all([
    db.selectFrom("teamDomains").select("domain").where("teamId", "=", team.id).orderBy("domain").execute(),
    db
      .selectFrom("adminTeams")
      .innerJoin("admins", "admins.id", "adminTeams.adminId")
      .select(["admins.uid", "admins.username", "admins.firstName", "admins.lastName", "admins.role", "admins.status"])
      .where("adminTeams.teamId", "=", team.id)
      .orderBy("admins.lastName")
      .orderBy("admins.firstName")
      .orderBy("admins.id")
      .execute(),
    db.selectFrom("teamCounters").select("users as n").where("teamId", "=", team.id).executeTakeFirst(),
    db
      .selectFrom("licensePacks")
      .select(["uid", "licenseType", "licenseCount", "status", "expiresAt", "createdAt"])
      .where("teamId", "=", team.id)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
  ]);
  return {
    team,
    domains: domains.map((d) => d.domain),
    admins,
    userCount: Number(users?.n ?? 0),
    licensePacks: packs.map(({ uid, ...p }) => ({
      ...p,
      id: uid ?? "",
      licenseCount: Number(p.licenseCount),
      expiresAt: p.expiresAt === null ? null : Number(p.expiresAt),
      createdAt: Number(p.createdAt),
    })),
  };
}

/** Reads one team within the scope with everything its profile shows (404 `teamRead404`). */
export async function readTeam(ctx: ServiceContext, scope: Scope, slug: string): Promise<TeamRecord> {
  return loadTeamRecord(ctx.db, await findTeamInScope(ctx.db, scope, slug, "teamRead404"));
}
