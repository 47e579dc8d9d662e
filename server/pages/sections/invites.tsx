import { InvitesPage } from "../../../client/pages/invites/InvitesPage";
import type { InviteCompany } from "../../../client/components/invites/types";
import type { InvitesQuery } from "../../../client/components/invites/useInvitesList";
import { TEAM_LIST_MAX } from "../../../client/components/licenses/TeamPicker";
import { InviteListQuerySchema } from "../../../shared/schemas/invite";
import { loadScope, scopedTeamIds } from "../../services/scope";
import { domainsOfTeams } from "../../services/domains/rule";
import { listInvitations } from "../../services/invites";
import { scopeTeamRows, seatsByTeam } from "./licensesData";
import { listQueryFromUrl } from "./listPage";
import type { PageContext, PageLoaders, PageResult } from "./types";

const LIST_PARAMS = ["search", "team", "state", "order", "limit"] as const;

/**
 * The list view of an /invites?view=pending address, validated like `GET /v2/invites`. A page
 * never answers 400: a parameter that does not validate (a hand-edited link) is dropped.
 */
export function invitesQueryFromUrl(query: Record<string, unknown>): InvitesQuery {
  const { search, team, state, order, limit } = listQueryFromUrl(InviteListQuerySchema, LIST_PARAMS, query);
  return { search: search ?? "", team: team ?? "", state: state ?? "", order, limit };
}

/**
 * /invites: the wizard (the companies in scope that have available licenses, with their domains)
 * or, with ?view=pending, the invitations list. Scope (DESIGN §5): an administrator is offered and
 * shown only their companies; the API checks every call again.
 */
async function invitesPage({ req, admin, services, csrfToken }: PageContext): Promise<PageResult> {
  const db = services.db;
  const scope = await loadScope(db, admin);
  const teams = await scopeTeamRows(db, scope);
  if (req.query.view === "pending") {
    const refs = teams.map(({ slug, teamName }) => ({ slug, teamName }));
    const query = invitesQueryFromUrl(req.query);
    // The first page is rendered here, so the list shows without waiting for the island.
    const page = await listInvitations(db, scope, { limit: query.limit, order: query.order, ...(query.search ? { search: query.search } : {}), ...(query.team ? { team: query.team } : {}), ...(query.state ? { state: query.state } : {}) });
    return {
      titleKey: "pages:titles.invites",
      body: <InvitesPage view="pending" table={{ query, page, teams: refs.length <= TEAM_LIST_MAX ? refs : null, csrfToken, timezone: admin.timezone }} />,
    };
  }
  const seats = await seatsByTeam(db, scopedTeamIds(scope));
  const offered = teams.filter((team) => (seats.get(team.id)?.available ?? 0) > 0);
  const domains = await domainsOfTeams(db, offered.map((team) => team.id));
  const companies: InviteCompany[] = offered.map((team) => ({ slug: team.slug, teamName: team.teamName, available: seats.get(team.id)?.available ?? 0, domains: domains.get(team.id) ?? [] }));
  const wanted = typeof req.query.team === "string" ? req.query.team : undefined;
  return {
    titleKey: "pages:titles.invites",
    body: <InvitesPage view="new" wizard={{ companies, csrfToken, ...(wanted ? { team: wanted } : {}) }} />,
  };
}

/** The invitation page of SPEC §2, by route path. */
export const invitePages: PageLoaders = {
  "/invites": invitesPage,
};
