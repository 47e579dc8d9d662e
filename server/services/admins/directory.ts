/**
 * Reading administrators within a scope (DESIGN §5): root sees every admin; an admin sees
 * themselves and the admins who share at least one team with them. Teams shown on an admin are
 * limited to the caller's scope, so nobody learns the names of teams they do not manage.
 */
import type { ExpressionBuilder, Expression, Kysely, SqlBool } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import { isUid } from "../../../shared/schemas/primitives";
import type { AdminRole, AdminStatus, Database } from "../../db/types";
import { AppError } from "../../errors";
import type { ServiceContext } from "../../lib/context";
import type { Scope } from "../access";

/** A team as shown on an admin. */
export interface TeamRef {
  slug: string;
  teamName: string;
}

/**
 * The visibility rule as a where-clause for queries on `admins`; never call it for root (who sees
 * everything). An admin without teams sees only themselves.
 */
export function visibleAdmins(scope: Scope) {
  return (eb: ExpressionBuilder<Database, "admins">): Expression<SqlBool> => {
    const self = eb("admins.id", "=", scope.adminId);
    const ids = [...scope.teamIds];
    if (ids.length === 0) return self;
    const sharesTeam = eb.exists(
      eb
        .selectFrom("adminTeams")
        .select("adminTeams.adminId")
        .whereRef("adminTeams.adminId", "=", "admins.id")
        .where("adminTeams.teamId", "in", ids),
    );
    return eb.or([self, sharesTeam]);
  };
}

/** The in-scope teams of each admin, in one query for the whole page (no N+1), by admin id. */
export async function teamsByAdmin(db: Kysely<Database>, scope: Scope, adminIds: number[]): Promise<Map<number, TeamRef[]>> {
  const out = new Map<number, TeamRef[]>(adminIds.map((id) => [id, []]));
  if (adminIds.length === 0) return out;
  const scoped = [...scope.teamIds];
  if (scope.role !== "root" && scoped.length === 0) return out;
  const rows = await db
    .selectFrom("adminTeams")
    .innerJoin("teams", "teams.id", "adminTeams.teamId")
    .select(["adminTeams.adminId", "teams.slug", "teams.teamName"])
    .where("adminTeams.adminId", "in", adminIds)
    .$if(scope.role !== "root", (qb) => qb.where("adminTeams.teamId", "in", scoped))
    .orderBy("teams.teamName")
    .orderBy("teams.slug")
    .execute();
  for (const row of rows) out.get(row.adminId)?.push({ slug: row.slug, teamName: row.teamName });
  return out;
}

/** The columns every admin presentation needs. */
export const ADMIN_COLUMNS = [
  "admins.id",
  "admins.uid",
  "admins.username",
  "admins.firstName",
  "admins.lastName",
  "admins.role",
  "admins.status",
  "admins.lang",
  "admins.timezone",
  "admins.failedAttempts",
  "admins.lockedUntil",
  "admins.accessLevel",
  "admins.createdAt",
  "admins.lastSeenAt",
] as const;

/** A row selected with ADMIN_COLUMNS. */
export interface AdminRow {
  id: number;
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
  status: AdminStatus;
  lang: string;
  timezone: string;
  failedAttempts: number;
  lockedUntil: number | null;
  /** Stored text; the presenter reads it with accessLevelFromStored (#31). */
  accessLevel: string | null;
  createdAt: number;
  lastSeenAt: number | null;
}

/** An admin with the teams of theirs the caller may see; the presenter gives it the API's shape. */
export type AdminRecord = AdminRow & { teams: TeamRef[] };

/**
 * One admin by uid as the caller may see them; unknown, malformed or out-of-scope uids all answer
 * `code` (404), so existence outside the scope stays hidden.
 */
export async function readAdmin(
  ctx: ServiceContext,
  scope: Scope,
  uid: string,
  code: CatalogueCode = "adminRead404",
): Promise<AdminRecord> {
  const { db } = ctx;
  // A path parameter: anything that is not a uid names no admin (and never reaches SQL).
  if (!isUid(uid)) throw new AppError(code, 404);
  const row = await db
    .selectFrom("admins")
    .select(ADMIN_COLUMNS)
    .where("admins.uid", "=", uid)
    .$if(scope.role !== "root", (qb) => qb.where(visibleAdmins(scope)))
    .executeTakeFirst();
  if (!row) throw new AppError(code, 404);
  const teams = await teamsByAdmin(db, scope, [row.id]);
  return { ...row, teams: teams.get(row.id) ?? [] };
}

/** An admin's profile for a viewer, with what the viewer's profile page must also know. */
export interface AdminProfileView {
  admin: AdminRecord;
  /** Whether the admin has a password (an invited or registered admin cannot be activated). */
  hasPassword: boolean;
  /** How many teams the admin manages in all, including those outside the viewer's scope. */
  teamCount: number;
}

/** The profile of a visible admin for the profile page (404 `adminRead404` otherwise). */
export async function readAdminProfile(ctx: ServiceContext, scope: Scope, uid: string): Promise<AdminProfileView> {
  const { db } = ctx;
  const admin = await readAdmin(ctx, scope, uid);
  const row = await db.selectFrom("admins").select(["id", "passwordHash"]).where("uid", "=", uid).executeTakeFirstOrThrow();
  const counted = await db
    .selectFrom("adminTeams")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("adminId", "=", row.id)
    .executeTakeFirstOrThrow();
  return { admin, hasPassword: row.passwordHash !== null, teamCount: Number(counted.n) };
}

/**
 * An admin by internal id, for the caller (teams limited to the scope) without the
 * visibility check: for the reply to a change the caller was allowed to make, even one that took
 * the admin out of the caller's sight (e.g. their last shared team removed).
 */
export async function detailOf(db: Kysely<Database>, scope: Scope, adminId: number): Promise<AdminRecord> {
  const row = await db.selectFrom("admins").select(ADMIN_COLUMNS).where("admins.id", "=", adminId).executeTakeFirstOrThrow();
  const teams = await teamsByAdmin(db, scope, [row.id]);
  return { ...row, teams: teams.get(row.id) ?? [] };
}

/** The teams the caller manages (root: every team), by name: filters and team pickers offer these. */
export async function listScopeTeams(ctx: ServiceContext, scope: Scope): Promise<TeamRef[]> {
  const { db } = ctx;
  const ids = [...scope.teamIds];
  if (scope.role !== "root" && ids.length === 0) return [];
  return db
    .selectFrom("teams")
    .select(["slug", "teamName"])
    .$if(scope.role !== "root", (qb) => qb.where("id", "in", ids))
    .orderBy("teamName")
    .orderBy("slug")
    .execute();
}
