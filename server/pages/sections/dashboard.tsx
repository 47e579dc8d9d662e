import { DashboardPage } from "../../../client/pages/DashboardPage";
import { addSeats, NO_SEATS } from "../../../client/components/licenses/seats";
import { cachedDashboardCounts } from "../../services/dashboard";
import { loadScope, scopedTeamIds } from "../../services/access";
import { teamChoices } from "../../services/teams";
import { expiryCounts, seatsByTeam } from "../../services/licenses";
import type { PageContext, PageLoaders, PageResult } from "./types";

/**
 * The dashboard (/dashboard): the same counts as `GET /v2/dashboard`, the license gauge of the
 * scope, the expiry warnings and the getting-started prompts, rendered without script.
 */
export async function dashboardPage({ services, admin, edition }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const teams = await teamChoices(services, scope);
  const [data, seats, expiry] = await Promise.all([
    cachedDashboardCounts(services, scope, admin.timezone),
    seatsByTeam(services, scopedTeamIds(scope)),
    expiryCounts(services, scope),
  ]);
  const root = admin.role === "root";
  return {
    titleKey: "pages:titles.dashboard",
    body: (
      <DashboardPage
        data={data}
        licenses={{ seats: [...seats.values()].reduce((total, value) => addSeats(total, value), NO_SEATS), teams: teams.length, ...expiry }}
        allTeams={root}
        canCreateTeams={root}
        canAddLicenses={edition === "public" || root}
        edition={edition}
      />
    ),
  };
}

/** The dashboard section's pages, by route path. */
export const dashboardPages: PageLoaders = {
  "/dashboard": dashboardPage,
};
