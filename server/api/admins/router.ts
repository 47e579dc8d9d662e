import { Router } from "express";
import {
  AdminCreateSchema,
  AdminListQuerySchema,
  AdminTeamsSchema,
  AdminUidSchema,
  AdminUpdateSchema,
} from "../../../shared/schemas/admin";
import {
  activateAdmin,
  blockAdmin,
  createAdmin,
  deleteAdmin,
  listAdmins,
  readAdmin,
  setAdminTeams,
  unlockAdmin,
  updateAdmin,
} from "../../services/admins";
import { AdminDetailSchema, AdminListResponseSchema, OkResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentAdminDetail, presentAdminPage } from "./present";

/**
 * Administrators managed by other admins (docs/API.md "Administrators"): list, read, create,
 * edit, block, activate, unlock (root), delete and team membership, each within the caller's scope (DESIGN §5).
 * `DELETE /admin/terminate` (one's own account) lives in the me router.
 */
export function adminsRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Admins", permission: "full" });

  router.get(
    "/admins",
    ...api.admin(
      { query: AdminListQuerySchema, response: AdminListResponseSchema, action: "adminList", summary: "List administrators" },
      async ({ services, scope, input }) => presentAdminPage(await listAdmins(services, scope, input)),
    ),
  );
  router.get(
    "/admin/:uid",
    ...api.admin({ response: AdminDetailSchema, action: "adminRead", summary: "Read an administrator" }, async ({ services, scope, req }) =>
      presentAdminDetail(await readAdmin(services, scope, String(req.params.uid))),
    ),
  );
  router.post(
    "/admin",
    ...api.admin(
      {
        body: AdminCreateSchema,
        response: AdminDetailSchema,
        action: "adminCreate",
        setsPassword: true,
        summary: "Create an administrator",
        reauth: true,
      },
      async ({ services, scope, auth, input, origin }) => presentAdminDetail(await createAdmin(services, scope, auth.admin, input, origin)),
    ),
  );
  router.put(
    "/admin",
    ...api.admin(
      { body: AdminUpdateSchema, response: AdminDetailSchema, action: "adminEdit", summary: "Edit an administrator" },
      async ({ services, scope, input, origin }) => presentAdminDetail(await updateAdmin(services, scope, input, origin)),
    ),
  );
  router.put(
    "/admin/teams",
    ...api.admin(
      { body: AdminTeamsSchema, response: AdminDetailSchema, action: "adminTeams", summary: "Set an administrator's teams" },
      async ({ services, scope, input, origin }) => presentAdminDetail(await setAdminTeams(services, scope, input, origin)),
    ),
  );
  router.put(
    "/admin/block",
    ...api.admin(
      { body: AdminUidSchema, response: OkResponseSchema, action: "adminBlock", summary: "Block an administrator" },
      async ({ services, scope, input, origin }) => {
        await blockAdmin(services, scope, input, origin);
      },
    ),
  );
  router.put(
    "/admin/activate",
    ...api.admin(
      { body: AdminUidSchema, response: OkResponseSchema, action: "adminActivate", summary: "Activate an administrator" },
      async ({ services, scope, input, origin }) => {
        await activateAdmin(services, scope, input, origin);
      },
    ),
  );
  router.put(
    "/admin/unlock",
    api.rootFirstAs("adminUnlock403"),
    ...api.admin(
      { body: AdminUidSchema, response: OkResponseSchema, action: "adminUnlock", summary: "Lift an administrator's sign-in lock" },
      async ({ services, scope, input, origin }) => {
        await unlockAdmin(services, scope, input.uid, origin);
      },
    ),
  );
  router.delete(
    "/admin",
    ...api.admin(
      { body: AdminUidSchema, response: OkResponseSchema, action: "adminDelete", summary: "Delete an administrator", reauth: true },
      async ({ services, scope, input, origin }) => {
        await deleteAdmin(services, scope, input, origin);
      },
    ),
  );
  return router;
}
