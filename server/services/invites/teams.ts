/**
 * The companies an invitation may go to: those of the scope with available licenses,
 * with their white-listed domains (the wizard's review checks them). The /invites page carries
 * them all when they are few; `GET /v2/invite/teams` searches them when they are many.
 */
import type { InviteTeamsQuery } from "../../../shared/schemas/invite";
import { dialectOf, likeContains } from "../../db/dialect";
import type { ServiceContext } from "../../lib/context";
import { domainsOfTeams } from "../domains";
import { seatsByTeam } from "../licenses";
import { scopedTeamIds, type Scope } from "../access";

/** A company with available licenses (internal id kept for the domains read). */
export interface OfferedTeam {
  id: number;
  slug: string;
  teamName: string;
  /** The company's language (the wizard's default invitation language). */
  language: string;
  available: number;
}

/**
 * The companies of the scope (root: every one) with at least one available license at `now`,
 * searched case-insensitively on name and slug, by name then slug. Two reads whatever the
 * scope's size: the matching companies and the seats of the scope grouped by company.
 */
export async function offeredTeams(ctx: ServiceContext, scope: Scope, search = "", now = Date.now()): Promise<OfferedTeam[]> {
  const { db } = ctx;
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return [];
  const term = search.trim();
  const dialect = dialectOf(db);
  let query = db.selectFrom("teams").select(["id", "slug", "teamName", "language"]).orderBy("teamName").orderBy("slug");
  if (teamIds !== null) query = query.where("id", "in", teamIds);
  if (term)
    query = query.where((eb) => eb.or([likeContains(dialect, eb.ref("teamName"), term), likeContains(dialect, eb.ref("slug"), term)]));
  const [rows, seats] = await Promise.all([query.execute(), seatsByTeam(ctx, teamIds, now)]);
  return rows.flatMap((row) => {
    const available = seats.get(row.id)?.available ?? 0;
    return available > 0 ? [{ ...row, available }] : [];
  });
}

/** An offered company with its white-listed domains (the wizard's review checks addresses against them). */
export type OfferedTeamWithDomains = OfferedTeam & { domains: string[] };

/** The given companies with their white-listed domains. */
export async function withDomains(ctx: ServiceContext, teams: readonly OfferedTeam[]): Promise<OfferedTeamWithDomains[]> {
  const domains = await domainsOfTeams(
    ctx.db,
    teams.map((team) => team.id),
  );
  return teams.map((team) => ({ ...team, domains: domains.get(team.id) ?? [] }));
}

/** `GET /v2/invite/teams`: the first `limit` matching companies with available licenses, with their domains. */
export async function inviteTeams(ctx: ServiceContext, scope: Scope, query: InviteTeamsQuery): Promise<OfferedTeamWithDomains[]> {
  const offered = await offeredTeams(ctx, scope, query.search ?? "");
  return withDomains(ctx, offered.slice(0, query.limit));
}
