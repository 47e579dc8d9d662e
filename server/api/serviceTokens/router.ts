import { Router, type RequestHandler } from "express";
import { ServiceTokenCreateSchema, ServiceTokenRevokeSchema } from "../../../shared/schemas/service";
import { scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { requireRoot } from "../../services/access";
import { createServiceToken, listServiceTokens, revokeServiceToken } from "../../services/identity";
import type { ApiDeps } from "../deps";

/** `GET/POST/DELETE /v2/service-tokens`: root manages the tokens of the service API; others get 403. */
export function serviceTokensRouter({ services }: ApiDeps): Router {
  const router = Router();
  // Refuse a non-root before validating, so an admin learns nothing from the body checks.
  const rootOnly: RequestHandler = async (_req, res, next) => {
    requireRoot(await scopeOf(res, services.db));
    next();
  };

  router.get("/service-tokens", rootOnly, async (_req, res) => {
    res.json(await listServiceTokens(services.db, await scopeOf(res, services.db)));
  });

  router.post("/service-tokens", rootOnly, validate(ServiceTokenCreateSchema), async (req, res) => {
    const scope = await scopeOf(res, services.db);
    res.json(await createServiceToken(services.db, scope, inputOf(res, ServiceTokenCreateSchema).name, originOf(req)));
  });

  router.delete("/service-tokens", rootOnly, validate(ServiceTokenRevokeSchema), async (req, res) => {
    const scope = await scopeOf(res, services.db);
    await revokeServiceToken(services.db, scope, inputOf(res, ServiceTokenRevokeSchema).id, originOf(req));
    res.json({ ok: true });
  });
  return router;
}
