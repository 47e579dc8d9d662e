import { DashboardPage } from "../../../client/pages/DashboardPage";
import { cachedDashboardCounts } from "../../services/dashboard";
import { loadScope } from "../../services/scope";
import type { PageContext, PageLoaders, PageResult } from "./types";

/** The dashboard (/dashboard): the same counts as `GET /v2/dashboard`, rendered without script. */
export async function dashboardPage({ services, admin }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const data = await cachedDashboardCounts(services.db, scope, admin.timezone);
  return { titleKey: "pages:titles.dashboard", body: <DashboardPage data={data} allTeams={scope.role === "root"} /> };
}

/** The dashboard section's pages, by route path. */
export const dashboardPages: PageLoaders = {
  "/dashboard": dashboardPage,
};
