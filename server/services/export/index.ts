/** Lists streamed as CSV or JSON for download: one source per list, the same filters as the list calls. */
export { adminsSource, invitesSource, licensesSource, logsSource, teamsSource, usersSource } from "./sources";
export { exportList, type ExportSource } from "./stream";
