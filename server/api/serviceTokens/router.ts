import { Router } from "express";
import { ServiceTokenCreateSchema, ServiceTokenRevokeSchema } from "../../../shared/schemas/service";
import { createServiceToken, listServiceTokens, revokeServiceToken } from "../../services/identity";
import { OkResponseSchema, ServiceTokenCreatedSchema, ServiceTokenListSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentServiceTokens } from "./present";

/** `GET/POST/DELETE /v2/service-tokens`: root manages the tokens of the service API; others get 403. */
export function serviceTokensRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Service tokens", permission: "full" });
  // Refuse a non-root before validating, so an admin learns nothing from the body checks.
  const rootOnly = api.rootFirst;

  router.get(
    "/service-tokens",
    rootOnly,
    ...api.admin({ response: ServiceTokenListSchema, summary: "List service tokens", permission: "never" }, async ({ services, scope }) =>
      presentServiceTokens(await listServiceTokens(services, scope)),
    ),
  );
  router.post(
    "/service-tokens",
    rootOnly,
    ...api.admin(
      { body: ServiceTokenCreateSchema, response: ServiceTokenCreatedSchema, summary: "Create a service token", permission: "never" },
      ({ services, scope, input, origin }) => createServiceToken(services, scope, input.name, origin),
    ),
  );
  router.delete(
    "/service-tokens",
    rootOnly,
    ...api.admin(
      { body: ServiceTokenRevokeSchema, response: OkResponseSchema, summary: "Revoke a service token", permission: "never" },
      async ({ services, scope, input, origin }) => {
        await revokeServiceToken(services, scope, input.id, origin);
      },
    ),
  );
  return router;
}
