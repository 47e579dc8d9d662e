/** White-listed domains per team and the username rule they impose. */
export { domainsOfTeams, refusedUsernames } from "./rule";
export { teamDomainsView, type TeamDomainsSummary } from "./teamView";
export { addTeamDomains, listTeamDomains, removeTeamDomains, type TeamDomainsResult, type TeamWithDomains } from "./manage";
