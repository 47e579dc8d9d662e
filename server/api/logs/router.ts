import { Router } from "express";
import { LogListQuerySchema } from "../../../shared/schemas/logs";
import { listAccessLog, logNames } from "../../services/accessLog";
import { LogListResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentLogPage } from "./present";

/** GET /v2/logs: the access log within the caller's scope. */
export function logsRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Access log", permission: "full" });
  router.get(
    "/logs",
    ...api.admin(
      { query: LogListQuerySchema, response: LogListResponseSchema, action: "logsList", summary: "List access-log entries" },
      async ({ services, scope, input }) => {
        const page = await listAccessLog(services, scope, input);
        return presentLogPage(page, await logNames(services, scope, page.items));
      },
    ),
  );
  return router;
}
