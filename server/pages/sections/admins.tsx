import { AdminCreatePage } from "../../../client/pages/admins/AdminCreatePage";
import { AdminProfilePage, type AdminProfilePermissions } from "../../../client/pages/admins/AdminProfilePage";
import { AdminsListPage, type AdminListView } from "../../../client/pages/admins/AdminsListPage";
import { AdminListQuerySchema, type AdminListQuery } from "../../../shared/schemas/admin";
import type { AdminDetail } from "../../../shared/api/admins";
import { listAdmins, listScopeTeams, readAdminProfile, type AdminProfileView } from "../../services/admins";
import { presentAdminDetail, presentAdminPage } from "../../api/admins/present";
import { loadScope } from "../../services/access";
import { listLimit } from "../../../shared/limits";
import { TIMEZONES } from "../timezones";
import { readListPage } from "./listPage";
import { ownProfilePage } from "./profile";
import type { PageContext, PageLoaders, PageResult } from "./types";

/** The list query from the address bar; an invalid one falls back to the defaults (and says so). */
function listQueryOf(ctx: PageContext): { query: AdminListQuery; invalid: boolean } {
  const parsed = AdminListQuerySchema.safeParse(ctx.req.query);
  if (parsed.success) return { query: parsed.data, invalid: false };
  return { query: AdminListQuerySchema.parse({}), invalid: true };
}

/** /admins/manage: the list with filters, sortable headers and keyset pages (no script). */
async function adminsListPage(ctx: PageContext): Promise<PageResult> {
  const db = ctx.services.db;
  const scope = await loadScope(db, ctx.admin);
  const { query, invalid } = listQueryOf(ctx);
  const list = await readListPage(ctx.t, query.cursor, async (cursor) =>
    presentAdminPage(await listAdmins(ctx.services, scope, { ...query, cursor })),
  );
  const view: AdminListView = {
    search: query.search,
    role: query.role,
    status: query.status,
    team: query.team,
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    defaultLimit: listLimit.default,
    cursor: list.cursor ?? undefined,
  };
  return {
    titleKey: "pages:titles.adminsManage",
    status: list.status,
    body: (
      <AdminsListPage
        page={list.page}
        query={view}
        teams={await listScopeTeams(ctx.services, scope)}
        timezone={ctx.admin.timezone}
        invalidQuery={invalid || (query.cursor !== undefined && list.cursor === null && !list.error)}
        error={list.error}
      />
    ),
  };
}

/** /admins/create: the creation island with the caller's teams; root may create a root. */
async function adminCreatePage(ctx: PageContext): Promise<PageResult> {
  const scope = await loadScope(ctx.services.db, ctx.admin);
  const teams = await listScopeTeams(ctx.services, scope);
  return {
    titleKey: "pages:titles.adminsCreate",
    body: <AdminCreatePage csrfToken={ctx.csrfToken} teams={teams} canCreateRoot={scope.role === "root"} lang={ctx.lang} />,
  };
}

/** A profile as the page shows it: the admin presented as the API does. */
type PresentedProfile = Omit<AdminProfileView, "admin"> & { admin: AdminDetail };

/** What the viewer may do on a visible admin's profile (the server decides again on every call). */
export function profilePermissions(view: PresentedProfile, viewerIsRoot: boolean, now = Date.now()): AdminProfilePermissions {
  const { admin, hasPassword, teamCount } = view;
  const locked = admin.lockedUntil !== null && Date.parse(admin.lockedUntil) > now;
  const actions: AdminProfilePermissions["actions"] = [];
  if (admin.status !== "blocked") actions.push("block");
  const strained = locked || admin.failedAttempts > 0;
  // A root lifts a lock with Unlock (root only); Activate stays the way back from blocked.
  if (hasPassword && (admin.status !== "active" || (strained && !viewerIsRoot))) actions.push("activate");
  if (viewerIsRoot && strained) actions.push("unlock");
  actions.push("delete");
  return {
    edit: true,
    // The access level is root's alone to change (#31, docs/DECISIONS.md).
    accessLevel: viewerIsRoot,
    teams: admin.role !== "root",
    actions,
    hasOtherTeams: !viewerIsRoot && teamCount > admin.teams.length,
  };
}

/** /admins/profile/{uid}: one's own profile page for one's own uid, else the admin's profile (404 out of scope). */
async function adminProfilePage(ctx: PageContext): Promise<PageResult> {
  const param: unknown = ctx.req.params.queryUID;
  const uid = typeof param === "string" ? param : "";
  if (uid === ctx.admin.uid) return ownProfilePage(ctx);
  const db = ctx.services.db;
  const scope = await loadScope(db, ctx.admin);
  const profile = await readAdminProfile(ctx.services, scope, uid);
  const view: PresentedProfile = { ...profile, admin: presentAdminDetail(profile.admin) };
  return {
    titleKey: "pages:titles.adminProfile",
    body: (
      <AdminProfilePage
        admin={view.admin}
        can={profilePermissions(view, scope.role === "root")}
        teamOptions={await listScopeTeams(ctx.services, scope)}
        csrfToken={ctx.csrfToken}
        timezones={[...TIMEZONES]}
        viewerTimezone={ctx.admin.timezone}
      />
    ),
  };
}

/** The administrators pages of SPEC §2. */
export const ADMIN_PAGES: PageLoaders = {
  "/admins/manage": adminsListPage,
  "/admins/create": adminCreatePage,
  "/admins/profile/:queryUID": adminProfilePage,
};
