import { Router, type RequestHandler } from "express";
import { ServiceTokenCreateSchema, ServiceTokenRevokeSchema } from "../../../shared/schemas/service";
import { scopeOf } from "../../http/auth";
import { requireRoot } from "../../services/access";
import { createServiceToken, listServiceTokens, revokeServiceToken } from "../../services/identity";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/** `GET/POST/DELETE /v2/service-tokens`: root manages the tokens of the service API; others get 403. */
export function serviceTokensRouter(deps: ApiDeps): Router {
  const router = Router();
  const api = handlers(deps);
  // Refuse a non-root before validating, so an admin learns nothing from the body checks.
  const rootOnly: RequestHandler = async (_req, res, next) => {
    requireRoot(await scopeOf(res, deps.services.db));
    next();
  };

  router.get("/service-tokens", rootOnly, ...api.admin(null, ({ services, scope }) => listServiceTokens(services.db, scope)));
  router.post("/service-tokens", rootOnly, ...api.admin({ body: ServiceTokenCreateSchema }, ({ services, scope, input, origin }) => createServiceToken(services.db, scope, input.name, origin)));
  router.delete("/service-tokens", rootOnly, ...api.admin({ body: ServiceTokenRevokeSchema }, async ({ services, scope, input, origin }) => {
    await revokeServiceToken(services.db, scope, input.id, origin);
  }));
  return router;
}
