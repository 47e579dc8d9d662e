import { InvitesPage } from "../../../client/pages/invites/InvitesPage";
import type { InviteCompany } from "../../../client/components/invites/types";
import type { InvitesQuery } from "../../../client/components/invites/useInvitesList";
import { TEAM_LIST_MAX } from "../../../client/components/licenses/TeamPicker";
import { InviteListQuerySchema } from "../../../shared/schemas/invite";
import { loadScope } from "../../services/access";
import { teamChoices } from "../../services/teams";
import { listInvitations, offeredTeams, withDomains } from "../../services/invites";
import { presentInvitePage, presentInviteTeam } from "../../api/invites/present";
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
 * /invites: the wizard (the companies in scope that have available licenses, with their domains,
 * when at most TEAM_LIST_MAX; more are searched by the wizard) or, with ?view=pending, the
 * invitations list. Scope (DESIGN §5): an administrator is offered and shown only their
 * companies; the API checks every call again.
 */
async function invitesPage({ req, admin, services, csrfToken }: PageContext): Promise<PageResult> {
  const db = services.db;
  const scope = await loadScope(db, admin);
  if (req.query.view === "pending") {
    const refs = (await teamChoices(services, scope)).map(({ slug, teamName }) => ({ slug, teamName }));
    const query = invitesQueryFromUrl(req.query);
    // The first page is rendered here, so the list shows without waiting for the island.
    const page = presentInvitePage(
      await listInvitations(services, scope, {
        limit: query.limit,
        order: query.order,
        ...(query.search ? { search: query.search } : {}),
        ...(query.team ? { team: query.team } : {}),
        ...(query.state ? { state: query.state } : {}),
      }),
    );
    return {
      titleKey: "pages:titles.invites",
      body: (
        <InvitesPage
          view="pending"
          table={{ query, page, teams: refs.length <= TEAM_LIST_MAX ? refs : null, csrfToken, timezone: admin.timezone }}
        />
      ),
    };
  }
  const offered = await offeredTeams(services, scope);
  const wanted = typeof req.query.team === "string" ? req.query.team : undefined;
  // Up to TEAM_LIST_MAX companies travel with the page; above, the wizard searches them
  // (GET /v2/invite/teams) and the page carries only the one asked for by ?team=.
  const listed = offered.length <= TEAM_LIST_MAX;
  const companies: InviteCompany[] | null = listed ? (await withDomains(services, offered)).map(presentInviteTeam) : null;
  const asked = !listed && wanted ? offered.find((team) => team.slug === wanted) : undefined;
  const chosen = asked ? (await withDomains(services, [asked])).map(presentInviteTeam)[0] : undefined;
  return {
    titleKey: "pages:titles.invites",
    body: <InvitesPage view="new" wizard={{ companies, csrfToken, ...(wanted ? { team: wanted } : {}), ...(chosen ? { chosen } : {}) }} />,
  };
}

/** The invitation page of SPEC §2, by route path. */
export const invitePages: PageLoaders = {
  "/invites": invitesPage,
};
