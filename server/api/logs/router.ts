import { Router } from "express";
import { LogListQuerySchema } from "../../../shared/schemas/logs";
import { listAccessLog } from "../../services/accessLog";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentLogPage } from "./present";

/** GET /v2/logs: the access log within the caller's scope. */
export function logsRouter(deps: ApiDeps): Router {
  const router = Router();
  const api = handlers(deps, { tag: "Access log", permission: "full" });
  router.get(
    "/logs",
    ...api.admin({ query: LogListQuerySchema }, async ({ services, scope, input }) =>
      presentLogPage(await listAccessLog(services, scope, input)),
    ),
  );
  return router;
}
