import { DashboardPage } from "../../../client/pages/DashboardPage";
import { addSeats, NO_SEATS } from "../../../client/components/licenses/seats";
import { cachedDashboardCounts } from "../../services/dashboard";
import { AppError } from "../../errors";
import { loadScope, scopedTeamIds } from "../../services/access";
import { teamChoices } from "../../services/teams";
import { expiryCounts, seatsByTeam } from "../../services/licenses";
import type { PageContext, PageLoaders, PageResult } from "./types";

/**
 * The dashboard (/dashboard): the same counts as `GET /v2/dashboard`, the license gauge of the
 * scope, the expiry warnings and the getting-started prompts, rendered without script.
 */
export async function dashboardPage({ services, admin, edition, req }: PageContext): Promise<PageResult> {
  const own = await loadScope(services.db, admin);
  const teams = await teamChoices(services, own);
  // ?team= narrows every figure to one company of the scope (an unknown one is a 404 page).
  const wanted = typeof req.query.team === "string" && req.query.team !== "" ? req.query.team : null;
  const team = wanted === null ? null : teams.find((choice) => choice.slug === wanted);
  if (team === undefined) throw new AppError("teamRead404", 404);
  const scope = team === null ? own : { ...own, role: "admin" as const, teamIds: new Set([team.id]) };
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
        licenses={{
          seats: [...seats.values()].reduce((total, value) => addSeats(total, value), NO_SEATS),
          teams: team === null ? teams.length : 1,
          ...expiry,
        }}
        allTeams={root}
        teamChoices={root ? teams.map(({ slug, teamName }) => ({ slug, teamName })) : undefined}
        team={team === null ? null : { slug: team.slug, teamName: team.teamName }}
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
