import type { TeamDomainsItem, TeamDomainsResult as TeamDomainsAnswer } from "../../../shared/api/domains";
import type { ListResponse } from "../../../shared/schemas/list";
import type { TeamDomainsResult, TeamWithDomains } from "../../services/domains";

/** A team's white-list as `GET /v2/domains` and the /domains page show it (no internal id). */
export function presentTeamDomains(team: TeamWithDomains): TeamDomainsItem {
  return { slug: team.slug, teamName: team.teamName, domains: team.domains, userCount: team.userCount, usersOutside: team.usersOutside };
}

/** A page of the /domains view in the list shape of DESIGN §3. */
export function presentTeamDomainsPage(page: ListResponse<TeamWithDomains>): ListResponse<TeamDomainsItem> {
  return { items: page.items.map(presentTeamDomains), total: page.total, nextCursor: page.nextCursor };
}

/** What a domain change answers: the team's domains now and how many of its users are outside them. */
export function presentDomainsChange(result: TeamDomainsResult): TeamDomainsAnswer {
  return { slug: result.slug, domains: result.domains, usersOutside: result.usersOutside };
}
