/** The dashboard's counts per time group, cached briefly per scope. */
export { cachedDashboardCounts } from "./summary";
