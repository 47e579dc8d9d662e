/** The dashboard's counts per time group, cached briefly per scope, optionally narrowed to one company. */
export { boundariesAt, cachedDashboardCounts, dashboardTimeZone } from "./summary";
export { dashboardScope, type DashboardTeam } from "./narrow";
/** The last-seen summary the housekeeping refreshes every 15 minutes (and once at start when missing). */
export { refreshLastSeenSummary, refreshLastSeenSummaryIfDue, LAST_SEEN_REFRESH_MS } from "./lastSeenSummary";
