import { AssociationsPage } from "../../../client/pages/domains/AssociationsPage";
import { DomainsPage } from "../../../client/pages/domains/DomainsPage";
import { AssociationListQuerySchema } from "../../../shared/schemas/association";
import { TeamListQuerySchema } from "../../../shared/schemas/team";
import { AppError } from "../../http/errors";
import { listAssociations } from "../../services/associations/query";
import { listTeamDomains } from "../../services/domains";
import { loadScope } from "../../services/scope";
import type { PageContext, PageLoaders, PageResult } from "./types";

/** The search and cursor of a list address; a value that does not validate is dropped (a page never answers 400). */
function listParams(query: PageContext["req"]["query"]): { search?: string; cursor?: string } {
  const out: { search?: string; cursor?: string } = {};
  for (const name of ["search", "cursor"] as const) {
    const value = query[name];
    if (typeof value === "string" && value.trim() !== "" && TeamListQuerySchema.safeParse({ [name]: value }).success) out[name] = value;
  }
  return out;
}

/** Runs a list, starting again from the first page when a cursor does not fit (400). */
async function firstPageOnBadCursor<T>(params: { search?: string; cursor?: string }, run: (p: { search?: string; cursor?: string }) => Promise<T>): Promise<[T, string | null]> {
  try {
    return [await run(params), params.cursor ?? null];
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400) throw error;
    return [await run({ ...params, cursor: undefined }), null];
  }
}

/** /domains: root only (an admin gets the access-denied page from the service's 403). */
async function domainsPage({ req, admin, services, csrfToken }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const params = listParams(req.query);
  const [page, cursor] = await firstPageOnBadCursor(params, (p) => listTeamDomains(services, scope, TeamListQuerySchema.parse(p)));
  return { titleKey: "pages:titles.domains", body: <DomainsPage page={page} search={params.search ?? ""} cursor={cursor} csrfToken={csrfToken} /> };
}

/** The success a change reloads the page with (`?done=`), as its catalogue code. */
const DONE: Partial<Record<string, string>> = { created: "associationCreate200", updated: "associationEdit200", deleted: "associationDelete200" };

/** /associations: root only; the companies to choose from come with the page. */
async function associationsPage({ req, admin, services, csrfToken, t }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const params = listParams(req.query);
  const [page, cursor] = await firstPageOnBadCursor(params, (p) => listAssociations(services.db, scope, AssociationListQuerySchema.parse(p)));
  const teams = await services.db.selectFrom("teams").select(["slug", "teamName"]).orderBy("teamName").orderBy("id").execute();
  const done = typeof req.query.done === "string" ? DONE[req.query.done] : undefined;
  return {
    titleKey: "pages:titles.associations",
    body: <AssociationsPage page={page} teams={teams} search={params.search ?? ""} cursor={cursor} csrfToken={csrfToken} />,
    notice: done ? t(`errors:${done}`) : undefined,
  };
}

/** The root-only pages of issue 18, by route path. */
export const domainPages: PageLoaders = {
  "/domains": domainsPage,
  "/associations": associationsPage,
};
