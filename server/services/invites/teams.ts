/**
 * The companies an invitation may go to (issue 16): those of the scope with available licenses,
 * with their white-listed domains (the wizard's review checks them). The /invites page carries
 * them all when they are few; `GET /v2/invite/teams` searches them when they are many.
 */
import type { Kysely } from "kysely";
import type { InviteTeamsQuery, InviteTeamsResponse } from "../../../shared/schemas/invite";
import { dialectOf, likeContains } from "../../db/dialect";
import type { Database } from "../../db/types";
import { domainsOfTeams } from "../domains";
import { seatsByTeam } from "../licenses";
import { scopedTeamIds, type Scope } from "../access";


/** A company with available licenses (internal id kept for the domains read). */
export interface OfferedTeam {
  id: number;
  slug: string;
  teamName: string;
  available: number;
}

/**
 * The companies of the scope (root: every one) with at least one available license at `now`,
 * searched case-insensitively on name and slug, by name then slug. Two reads whatever the
 * scope's size: the matching companies and the seats of the scope grouped by company.
 */
export async function offeredTeams(db: Kysely<Database>, scope: Scope, search = "", now = Date.now()): Promise<OfferedTeam[]> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return [];
  const term = search.trim();
  const dialect = dialectOf(db);
  let query = db.selectFrom("teams").select(["id", "slug", "teamName"]).orderBy("teamName").orderBy("slug");
  if (teamIds !== null) query = query.where("id", "in", teamIds);
  if (term) query = query.where((eb) => eb.or([likeContains(dialect, eb.ref("teamName"), term), likeContains(dialect, eb.ref("slug"), term)]));
  const [rows, seats] = await Promise.all([query.execute(), seatsByTeam(db, teamIds, now)]);
  return rows.flatMap((row) => {
    const available = seats.get(row.id)?.available ?? 0;
    return available > 0 ? [{ ...row, available }] : [];
  });
}

/** The given companies as the wizard takes them: with their white-listed domains. */
export async function withDomains(db: Kysely<Database>, teams: readonly OfferedTeam[]): Promise<InviteTeamsResponse["items"]> {
  const domains = await domainsOfTeams(db, teams.map((team) => team.id));
  return teams.map((team) => ({ slug: team.slug, teamName: team.teamName, available: team.available, domains: domains.get(team.id) ?? [] }));
}

/** `GET /v2/invite/teams`: the first `limit` matching companies with available licenses, with their domains. */
export async function inviteTeams(db: Kysely<Database>, scope: Scope, query: InviteTeamsQuery): Promise<InviteTeamsResponse> {
  const offered = await offeredTeams(db, scope, query.search ?? "");
  return { items: await withDomains(db, offered.slice(0, query.limit)) };
}
