import { AssociationsPage } from "../../../client/pages/domains/AssociationsPage";
import { DomainsPage, type SearchListView } from "../../../client/pages/domains/DomainsPage";
import { listLimit } from "../../../shared/limits";
import { AssociationListQuerySchema } from "../../../shared/schemas/association";
import { TeamListQuerySchema } from "../../../shared/schemas/team";
import { presentAssociationPage } from "../../api/associations/present";
import { listAssociations } from "../../services/associations";
import { presentTeamDomainsPage } from "../../api/domains/present";
import { listTeamDomains } from "../../services/domains";
import { loadScope } from "../../services/access";
import { allTeamRefs } from "../../services/teams";
import { listQueryFromUrl, readListPage } from "./listPage";
import type { PageContext, PageLoaders, PageResult } from "./types";

/** The search, order, page size and cursor of a list address; a value that does not validate is dropped (a page never answers 400). */
function listParams(query: PageContext["req"]["query"]): { search?: string; order: "asc" | "desc"; limit: number; cursor?: string } {
  const { search, order, limit, cursor } = listQueryFromUrl(TeamListQuerySchema, ["search", "order", "limit", "cursor"], query);
  return { search, order, limit, cursor };
}

/** The page's view of those parameters, with the cursor actually used. */
function viewOf(params: ReturnType<typeof listParams>, cursor: string | null): SearchListView {
  return { search: params.search ?? "", order: params.order, limit: params.limit, defaultLimit: listLimit.default, cursor };
}

/** /domains: root only (an admin gets the access-denied page from the service's 403). */
async function domainsPage({ req, admin, services, csrfToken, t }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const params = listParams(req.query);
  const list = await readListPage(t, params.cursor, async (cursor) =>
    presentTeamDomainsPage(await listTeamDomains(services, scope, TeamListQuerySchema.parse({ ...params, cursor }))),
  );
  return {
    titleKey: "pages:titles.domains",
    status: list.status,
    body: <DomainsPage page={list.page} query={viewOf(params, list.cursor)} csrfToken={csrfToken} error={list.error} />,
  };
}

/** The success a change reloads the page with (`?done=`), as its catalogue code. */
const DONE: Partial<Record<string, string>> = {
  created: "associationCreate200",
  updated: "associationEdit200",
  deleted: "associationDelete200",
};

/** /associations: root only; the companies to choose from come with the page. */
async function associationsPage({ req, admin, services, csrfToken, t }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const params = listParams(req.query);
  const list = await readListPage(t, params.cursor, async (cursor) =>
    presentAssociationPage(
      await listAssociations(services, scope, AssociationListQuerySchema.parse({ search: params.search, limit: params.limit, cursor })),
    ),
  );
  const teams = await allTeamRefs(services);
  const done = typeof req.query.done === "string" ? DONE[req.query.done] : undefined;
  return {
    titleKey: "pages:titles.associations",
    status: list.status,
    body: (
      <AssociationsPage
        page={list.page}
        teams={teams}
        query={viewOf({ ...params, order: "asc" }, list.cursor)}
        csrfToken={csrfToken}
        error={list.error}
      />
    ),
    notice: done ? t(`errors:${done}`) : undefined,
  };
}

/** The root-only domain and association pages, by route path. */
export const domainPages: PageLoaders = {
  "/domains": domainsPage,
  "/associations": associationsPage,
};
