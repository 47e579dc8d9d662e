import { LogsPage } from "../../../client/pages/logs/LogsPage";
import { LogListQuerySchema, type LogListQuery } from "../../../shared/schemas/logs";
import { AppError } from "../../errors";
import { listScopeTeams } from "../../services/admins";
import { listAccessLog, logNames } from "../../services/accessLog";
import { presentLogPage } from "../../api/logs/present";
import { loadScope } from "../../services/access";
import type { PageContext, PageLoaders, PageResult } from "./types";
import { usersQueryFromUrl } from "./users";

/**
 * The access-log query of the address bar, validated like `GET /v2/logs`: a parameter that does
 * not pass is dropped (a hand-edited or stale link still shows a page), the rest is kept.
 */
export function logsQueryFromUrl(query: Record<string, unknown>): LogListQuery {
  return usersQueryFromUrl(query, LogListQuerySchema);
}

/** /logs: the first page of the access log in the admin's scope, from the query in the URL. */
async function logsPage({ services, admin, req, csrfToken }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  let query = logsQueryFromUrl(req.query);
  let page;
  try {
    const records = await listAccessLog(services, scope, query);
    page = presentLogPage(records, await logNames(services, scope, records.items));
  } catch (error) {
    // A stale or mangled cursor starts again from the first page instead of failing the page.
    if (!(error instanceof AppError) || error.status !== 400 || query.cursor === undefined) throw error;
    query = { ...query };
    delete query.cursor;
    const records = await listAccessLog(services, scope, query);
    page = presentLogPage(records, await logNames(services, scope, records.items));
  }
  const teams = (await listScopeTeams(services, scope)).map((team) => ({ slug: team.slug, teamName: team.teamName }));
  return {
    titleKey: "pages:titles.logs",
    body: <LogsPage page={page} query={query} teams={teams} timezone={admin.timezone} csrfToken={csrfToken} />,
  };
}

/** The access-log page, registered in sections/index.ts. */
export const logPages: PageLoaders = { "/logs": logsPage };
