import { Router } from "express";
import {
  AdminCreateSchema,
  AdminListQuerySchema,
  AdminTeamsSchema,
  AdminUidSchema,
  AdminUpdateSchema,
} from "../../../shared/schemas/admin";
import { authOf, scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { activateAdmin, blockAdmin, createAdmin, deleteAdmin, updateAdmin } from "../../services/admins";
import { readAdmin } from "../../services/admins";
import { listAdmins } from "../../services/admins";
import { setAdminTeams } from "../../services/admins";
import { unlockAdmin } from "../../services/admins";
import type { ApiDeps } from "../deps";

/**
 * Administrators managed by other admins (docs/API.md "Administrators"): list, read, create,
 * edit, block, activate, unlock (root), delete and team membership, each within the caller's scope (DESIGN §5).
 * `DELETE /admin/terminate` (one's own account) lives in the me router.
 */
export function adminsRouter({ services }: ApiDeps): Router {
  const router = Router();
  const { db } = services;

  router.get("/admins", validate(AdminListQuerySchema, "query"), async (_req, res) => {
    res.json(await listAdmins(db, await scopeOf(res, db), inputOf(res, AdminListQuerySchema)));
  });

  router.get("/admin/:uid", async (req, res) => {
    res.json(await readAdmin(db, await scopeOf(res, db), req.params.uid));
  });

  router.post("/admin", validate(AdminCreateSchema), async (req, res) => {
    const scope = await scopeOf(res, db);
    res.json(await createAdmin(services, scope, authOf(res).admin, inputOf(res, AdminCreateSchema), originOf(req)));
  });

  router.put("/admin", validate(AdminUpdateSchema), async (req, res) => {
    res.json(await updateAdmin(services, await scopeOf(res, db), inputOf(res, AdminUpdateSchema), originOf(req)));
  });

  router.put("/admin/teams", validate(AdminTeamsSchema), async (req, res) => {
    res.json(await setAdminTeams(services, await scopeOf(res, db), inputOf(res, AdminTeamsSchema), originOf(req)));
  });

  router.put("/admin/block", validate(AdminUidSchema), async (req, res) => {
    await blockAdmin(services, await scopeOf(res, db), inputOf(res, AdminUidSchema), originOf(req));
    res.json({ ok: true });
  });

  router.put("/admin/activate", validate(AdminUidSchema), async (req, res) => {
    await activateAdmin(services, await scopeOf(res, db), inputOf(res, AdminUidSchema), originOf(req));
    res.json({ ok: true });
  });

  router.put("/admin/unlock", validate(AdminUidSchema), async (req, res) => {
    await unlockAdmin(services, await scopeOf(res, db), inputOf(res, AdminUidSchema).uid, originOf(req));
    res.json({ ok: true });
  });

  router.delete("/admin", validate(AdminUidSchema), async (req, res) => {
    await deleteAdmin(services, await scopeOf(res, db), inputOf(res, AdminUidSchema), originOf(req));
    res.json({ ok: true });
  });
  return router;
}
