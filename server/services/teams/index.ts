/** Teams (companies): create, edit, delete, their settings, and the scoped team queries other capabilities use. */
export { createTeam, deleteTeam, updateTeam, updateTeamSettings } from "./manage";
export { findTeamInScope, listTeams, readTeam, type TeamListPage, type TeamListRow, type TeamRecord } from "./query";
export { allTeamRefs, teamChoices, type TeamChoice } from "./picker";
