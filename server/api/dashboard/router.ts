import { Router } from "express";
import { cachedDashboardCounts } from "../../services/dashboard";
import { DashboardCountsSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/** `GET /v2/dashboard`: users by status and last-seen time group, in the caller's scope and zone (cached ~2 s). */
export function dashboardRouter(deps: ApiDeps): Router {
  const router = Router();
  const api = handlers(deps, { tag: "Dashboard", permission: "full" });
  router.get(
    "/dashboard",
    ...api.admin(
      { response: DashboardCountsSchema, action: "dashboardRead", summary: "Read the dashboard counts" },
      ({ services, scope, auth }) => cachedDashboardCounts(services, scope, auth.admin.timezone),
    ),
  );
  return router;
}
