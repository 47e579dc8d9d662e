/** White-listed domains per team and the username rule they impose. */
export { domainsOfTeams, refusedUsernames } from "./rule";
export { teamDomainsView } from "./teamView";
export { addTeamDomains, listTeamDomains, removeTeamDomains } from "./manage";
