import { Router } from "express";
import { authOf, scopeOf } from "../../http/auth";
import { cachedDashboardCounts } from "../../services/dashboard";
import type { ApiDeps } from "../deps";

/** `GET /v2/dashboard`: users by status and last-seen time group, in the caller's scope and zone (cached ~2 s). */
export function dashboardRouter({ services }: ApiDeps): Router {
  const router = Router();
  router.get("/dashboard", async (_req, res) => {
    const scope = await scopeOf(res, services.db);
    res.json(await cachedDashboardCounts(services.db, scope, authOf(res).admin.timezone));
  });
  return router;
}
