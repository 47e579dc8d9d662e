import type { Kysely } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import { dialectOf } from "../../db/dialect";
import { ShapeCache, slot } from "../../db/prepared";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import type { SessionAdmin } from "./sessionAdmin";

/**
 * What an admin may see and change (DESIGN §5): root everything; an admin only the teams
 * assigned to them and what belongs to those teams. Every service takes a Scope and filters or
 * refuses with it; the sidebar merely mirrors these rules.
 */
export interface Scope {
  adminId: number;
  uid: string;
  username: string;
  role: "root" | "admin";
  /** The admin's teams (internal ids); for root the set is irrelevant and may be empty. */
  teamIds: ReadonlySet<number>;
}

/** An admin's teams; compiled once per engine (server/db/prepared.ts): every scoped call runs it. */
const adminTeamsQueries = new ShapeCache<{ teamId: number }>();

/**
 * Loads the teams of the signed-in admin once per request (one query, none for root). `limit`
 * is an access token's companies: the scope becomes an admin's (never root's) over the token's
 * companies that are still the admin's (root: the token's own), so narrowing an admin narrows
 * their tokens on the next call and a limited root token cannot do root-only things.
 */
export async function loadScope(db: Kysely<Database>, admin: SessionAdmin, limit: ReadonlySet<number> | null = null): Promise<Scope> {
  const teamsOf = (adminId: number) =>
    adminTeamsQueries.bind(
      dialectOf(db),
      () => db.selectFrom("adminTeams").select("teamId").where("adminId", "=", slot<number>("adminId")),
      { adminId },
    );
  const base = { adminId: admin.id, uid: admin.uid, username: admin.username };
  if (admin.role === "root")
    return limit === null ? { ...base, role: "root", teamIds: new Set() } : { ...base, role: "admin", teamIds: limit };
  const rows = (await db.executeQuery(teamsOf(admin.id))).rows;
  const teamIds = rows.map((r) => r.teamId).filter((id) => limit === null || limit.has(id));
  return { ...base, role: "admin", teamIds: new Set(teamIds) };
}

/** A set of teams as a cache key: "*" for every team (root), else the ids in order. */
export function teamIdsKey(teamIds: readonly number[] | null): string {
  return teamIds === null ? "*" : [...teamIds].sort((a, b) => a - b).join(",");
}

/** Whether the scope is root's. */
export function isRootScope(scope: Scope): boolean {
  return scope.role === "root";
}

/** Whether a team (internal id) is within the scope; root sees every team. */
export function teamInScope(scope: Scope, teamId: number | null | undefined): boolean {
  if (scope.role === "root") return true;
  return teamId !== null && teamId !== undefined && scope.teamIds.has(teamId);
}

/** The team ids to filter lists by, or null for "all" (root). An admin without teams gets []. */
export function scopedTeamIds(scope: Scope): number[] | null {
  return scope.role === "root" ? null : [...scope.teamIds];
}

/** Refuses a root-only action with the given catalogue code (403). */
export function requireRoot(scope: Scope, code: CatalogueCode = "forbidden"): void {
  if (scope.role !== "root") throw new AppError(code, 403);
}

/** Refuses when the team is outside the scope, with the given code (403 or 404 per the call). */
export function requireTeamInScope(scope: Scope, teamId: number | null | undefined, code: CatalogueCode): void {
  if (!teamInScope(scope, teamId)) throw new AppError(code);
}

/** The actor of an audited action, for the access log. */
export function actorOf(scope: Scope): { id: number; username: string } {
  return { id: scope.adminId, username: scope.username };
}
