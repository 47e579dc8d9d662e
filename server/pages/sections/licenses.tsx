import { LicensesPage, type LicenseListView } from "../../../client/pages/licenses/LicensesPage";
import { PurchasePage } from "../../../client/pages/licenses/PurchasePage";
import type { SeatsRow } from "../../../client/islands/LicenseGauge";
import { addSeats, NO_SEATS, type Seats } from "../../../client/components/licenses/seats";
import { TEAM_LIST_MAX } from "../../../client/components/licenses/TeamPicker";
import { LicenseListQuerySchema, type LicenseListQuery } from "../../../shared/schemas/license";
import { AppError } from "../../errors";
import { loadScope, scopedTeamIds } from "../../services/access";
import { teamChoices } from "../../services/teams";
import { listPacks, seatsByTeam } from "../../services/licenses";
import { readSettings } from "../../services/settings";
import { presentPackPage } from "../../api/licenses/present";
import { listLimit } from "../../../shared/limits";
import { listQueryFromUrl, readListPage } from "./listPage";
import type { PageContext, PageLoaders, PageResult } from "./types";

const LIST_PARAMS = ["team", "state", "licenseType", "cursor", "limit"] as const;

/**
 * The list query of a /licenses address, validated like `GET /v2/licenses`. A page never answers
 * 400: a parameter that does not validate (a hand-edited link) is dropped and its default used.
 */
export function licensesQueryFromUrl(query: Record<string, unknown>): LicenseListQuery {
  return listQueryFromUrl(LicenseListQuerySchema, LIST_PARAMS, query);
}

const sum = (all: Iterable<Seats>) => [...all].reduce((total, seats) => addSeats(total, seats), NO_SEATS);

/** /licenses: the packs in scope with the gauge and the per-company summary of the companies shown. */
async function licensesPage({ req, admin, services, edition, csrfToken, t }: PageContext): Promise<PageResult> {
  const db = services.db;
  const scope = await loadScope(db, admin);
  const query = licensesQueryFromUrl(req.query);
  const teams = await teamChoices(services, scope);
  const list = await readListPage(t, query.cursor, async (cursor) =>
    presentPackPage(await listPacks(services, scope, { ...query, cursor })),
  );
  const page = list.page;
  const bySlug = new Map(teams.map((team) => [team.slug, team]));
  const filterTeam = query.team ? (bySlug.get(query.team) ?? null) : null;
  const seats = await seatsByTeam(services, filterTeam ? [filterTeam.id] : scopedTeamIds(scope));
  const shown = [
    ...new Set([
      ...(filterTeam ? [filterTeam.slug] : []),
      ...page.items.map((pack) => pack.team).filter((slug): slug is string => slug !== null),
    ]),
  ];
  const rows: SeatsRow[] = shown.flatMap((slug) => {
    const team = bySlug.get(slug);
    return team ? [{ slug, teamName: team.teamName, seats: seats.get(team.id) ?? NO_SEATS }] : [];
  });
  const view: LicenseListView = {
    team: query.team,
    state: query.state,
    licenseType: query.licenseType,
    limit: query.limit,
    defaultLimit: listLimit.default,
    cursor: list.cursor ?? undefined,
  };
  const teamRefs = teams.map(({ slug, teamName }) => ({ slug, teamName }));
  const listed = teamRefs.length <= TEAM_LIST_MAX ? teamRefs : null;
  return {
    titleKey: "pages:titles.licenses",
    status: list.status,
    body: (
      <LicensesPage
        query={view}
        total={page.total}
        nextCursor={page.nextCursor}
        teams={teamRefs}
        edition={edition}
        canAddLicenses={edition === "public" || admin.role === "root"}
        error={list.error}
        gauge={{
          seats: sum(seats.values()),
          team: filterTeam ? { slug: filterTeam.slug, teamName: filterTeam.teamName } : null,
          allTeams: admin.role === "root",
          rows,
        }}
        table={{
          items: page.items.map((pack) => ({ ...pack, teamName: pack.team ? (bySlug.get(pack.team)?.teamName ?? null) : null })),
          canManage: admin.role === "root",
          teams: listed,
          csrfToken,
          timezone: admin.timezone,
        }}
      />
    ),
  };
}

/** /purchase: Purchase (public edition) or Activate (private edition; the route guard keeps admins out). */
async function purchasePage({ req, admin, services, edition, csrfToken }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const all = (await teamChoices(services, scope)).map(({ slug, teamName }) => ({ slug, teamName }));
  const teams = all.length <= TEAM_LIST_MAX ? all : null;
  if (edition === "private") {
    if (admin.role !== "root") throw new AppError("licenseActivate403");
    return {
      titleKey: "pages:titles.activate",
      body: <PurchasePage edition="private" activate={{ teams, csrfToken, timezone: admin.timezone }} />,
    };
  }
  const team = typeof req.query.team === "string" ? all.find((item) => item.slug === req.query.team) : undefined;
  return {
    titleKey: "pages:titles.purchase",
    body: (
      <PurchasePage
        edition="public"
        purchase={{
          teams,
          prices: { ...services.config.licenses.priceList, rules: (await readSettings(services.db)).licenses },
          csrfToken,
          ...(team ? { team } : {}),
        }}
      />
    ),
  };
}

/** The license pages of SPEC §2, by route path. */
export const licensePages: PageLoaders = {
  "/licenses": licensesPage,
  "/purchase": purchasePage,
};
