/** Narrowing the dashboard to one company (SPEC §2: root picks a company, the counts follow). */
import type { ServiceContext } from "../../lib/context";
import type { Scope } from "../access";
import { findTeamInScope } from "../teams";

/** The company the dashboard is narrowed to. */
export interface DashboardTeam {
  slug: string;
  teamName: string;
}

/**
 * The scope the dashboard counts: the caller's own, or, with `slug`, that one company within it
 * (an admin's scope over that team alone, so every count and gauge uses the same team ranges).
 * A company outside the caller's scope, or unknown, is `teamRead404`, like reading it.
 */
export async function dashboardScope(
  ctx: ServiceContext,
  scope: Scope,
  slug: string | undefined,
): Promise<{ scope: Scope; team: DashboardTeam | null }> {
  if (slug === undefined) return { scope, team: null };
  const team = await findTeamInScope(ctx.db, scope, slug, "teamRead404");
  return { scope: { ...scope, role: "admin", teamIds: new Set([team.id]) }, team: { slug: team.slug, teamName: team.teamName } };
}
