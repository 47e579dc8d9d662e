import type { ServiceContext } from "../../lib/context";
import { scopedTeamIds, type Scope } from "../access";

/** A company as the pickers of the license, invitation and dashboard pages offer it. */
export interface TeamChoice {
  id: number;
  slug: string;
  teamName: string;
}

/** The companies in scope (root: every company) by name, then slug: what a page's company picker offers. */
export async function teamChoices(ctx: ServiceContext, scope: Scope): Promise<TeamChoice[]> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return [];
  let query = ctx.db.selectFrom("teams").select(["id", "slug", "teamName"]).orderBy("teamName").orderBy("slug");
  if (teamIds !== null) query = query.where("id", "in", teamIds);
  return query.execute();
}

/** Every company by name, then internal id (creation order): the association form's choices (root only). */
export async function allTeamRefs(ctx: ServiceContext): Promise<{ slug: string; teamName: string }[]> {
  return ctx.db.selectFrom("teams").select(["slug", "teamName"]).orderBy("teamName").orderBy("id").execute();
}
