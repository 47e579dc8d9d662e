import { Router } from "express";
import { cachedDashboardCounts, dashboardScope } from "../../services/dashboard";
import { DashboardQuerySchema } from "../../../shared/schemas/dashboard";
import { DashboardCountsSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/**
 * `GET /v2/dashboard`: users by status and last-seen time group, in the caller's scope (or the one
 * company `?team=` names within it) and zone (cached ~2 s).
 */
export function dashboardRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Dashboard", permission: "full" });
  router.get(
    "/dashboard",
    ...api.admin(
      { query: DashboardQuerySchema, response: DashboardCountsSchema, action: "dashboardRead", summary: "Read the dashboard counts" },
      async ({ services, scope, auth, input }) => {
        const narrowed = await dashboardScope(services, scope, input.team);
        return cachedDashboardCounts(services, narrowed.scope, auth.admin.timezone);
      },
    ),
  );
  return router;
}
