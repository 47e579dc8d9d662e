/** Lists streamed as CSV or JSON for download: one source per list, the same filters as the list calls. */
export { adminBatches, inviteBatches, licenseBatches, logBatches, teamBatches, type Unpaged, userBatches } from "./sources";
export { type ExportBatches, type ExportColumn, exportList, type ExportSource } from "./stream";
