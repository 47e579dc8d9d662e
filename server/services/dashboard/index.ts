/** The dashboard's counts per time group, cached briefly per scope, optionally narrowed to one company. */
export { boundariesAt, cachedDashboardCounts, dashboardTimeZone } from "./summary";
export { dashboardScope, type DashboardTeam } from "./narrow";
