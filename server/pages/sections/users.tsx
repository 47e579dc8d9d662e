import type { z } from "zod";
import { UserCreatePage } from "../../../client/pages/users/UserCreatePage";
import { UserImportPage } from "../../../client/pages/users/UserImportPage";
import { UserProfilePage } from "../../../client/pages/users/UserProfilePage";
import { UsersManagePage } from "../../../client/pages/users/UsersManagePage";
import { UserListQuerySchema, type UserListQuery } from "../../../shared/schemas/user";
import { AppError } from "../../errors";
import { listScopeTeams } from "../../services/admins";
import { loadScope } from "../../services/access";
import { listUsers, loadUserDetails } from "../../services/users";
import { presentUserDetails, presentUserPage } from "../../api/users/present";
import type { PageContext, PageLoaders, PageResult } from "./types";

/** The first value of each query parameter (a repeated parameter keeps its first value). */
function firstValues(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? (value[0] as unknown) : value;
    if (typeof first === "string") out[key] = first;
  }
  return out;
}

/**
 * The list query of the address bar, validated like `GET /v2/users`: a parameter that does not
 * pass is dropped (a hand-edited or stale link still shows a page), the rest is kept.
 */
export function usersQueryFromUrl(query: Record<string, unknown>): UserListQuery;
/** The same for another list's query schema (the access log's). */
export function usersQueryFromUrl<S extends z.ZodType>(query: Record<string, unknown>, schema: S): z.output<S>;
export function usersQueryFromUrl(query: Record<string, unknown>, schema: z.ZodType = UserListQuerySchema): unknown {
  const input = firstValues(query);
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  }
  return schema.parse({});
}

/** /users/manage: the first page rendered on the server, from the query in the URL. */
async function usersManagePage({ services, admin, req, csrfToken }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  let query = usersQueryFromUrl(req.query);
  const teams = await listScopeTeams(services, scope);
  let page;
  try {
    page = presentUserPage(await listUsers(services, scope, query));
  } catch (error) {
    // A stale or mangled cursor starts again from the first page instead of failing the page.
    if (!(error instanceof AppError) || error.status !== 400 || query.cursor === undefined) throw error;
    query = { ...query };
    delete query.cursor;
    page = presentUserPage(await listUsers(services, scope, query));
  }
  return {
    titleKey: "pages:titles.usersManage",
    body: <UsersManagePage page={page} query={query} teams={teams} csrfToken={csrfToken} timezone={admin.timezone} />,
  };
}

/** /users/create: the creation form with the teams in scope. */
async function usersCreatePage({ services, admin, csrfToken }: PageContext): Promise<PageResult> {
  const teams = await listScopeTeams(services, await loadScope(services.db, admin));
  return { titleKey: "pages:titles.usersCreate", body: <UserCreatePage teams={teams} csrfToken={csrfToken} /> };
}

/** /users/import: the import island; the API scopes every row, so the page needs nothing loaded. */
function usersImportPage({ csrfToken }: PageContext): Promise<PageResult> {
  return Promise.resolve({ titleKey: "pages:titles.usersImport", body: <UserImportPage csrfToken={csrfToken} /> });
}

/** /users/profile/{uid}: unknown and out-of-scope users both render the not-found page (404). */
async function userProfilePage({ services, admin, req, csrfToken }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const uid = String(req.params.queryUID ?? "");
  const user = presentUserDetails(await loadUserDetails(services, scope, uid));
  const teams = await listScopeTeams(services, scope);
  return {
    titleKey: "pages:titles.userProfile",
    body: <UserProfilePage user={user} teams={teams} csrfToken={csrfToken} timezone={admin.timezone} />,
  };
}

/** The users section's pages (SPEC §2), registered in sections/index.ts. */
export const USERS_PAGES: PageLoaders = {
  "/users/manage": usersManagePage,
  "/users/create": usersCreatePage,
  "/users/import": usersImportPage,
  "/users/profile/:queryUID": userProfilePage,
};
