import { Router } from "express";
import { LogListQuerySchema } from "../../../shared/schemas/logs";
import { scopeOf } from "../../http/auth";
import { inputOf, validate } from "../../http/validate";
import { listAccessLog } from "../../services/accessLog";
import type { ApiDeps } from "../deps";

/** GET /v2/logs: the access log within the caller's scope. */
export function logsRouter({ services }: ApiDeps): Router {
  const router = Router();
  router.get("/logs", validate(LogListQuerySchema, "query"), async (_req, res) => {
    const scope = await scopeOf(res, services.db);
    res.json(await listAccessLog(services.db, scope, inputOf(res, LogListQuerySchema)));
  });
  return router;
}
