import { Router } from "express";
import type { ApiDeps } from "./deps";
import { requireAdmin } from "../http/auth";
import { requireCsrf } from "../http/csrf";
import { idempotency } from "../http/idempotency";
import { limitPerPrincipal } from "../http/rate-limit";
import { publicSettingsRouter } from "./public/settings";
import { OpenApiDocumentSchema } from "../../shared/api";
import { handlers } from "./handler";
import { buildOpenApi } from "./openapi";
import { publicAuthRouter } from "./public/auth";
import { publicAccountRouter } from "./public/registration";
import { meRouter } from "./me/router";
import { meMfaRouter } from "./me/mfa";
import { meMfaPasskeysRouter } from "./me/passkeys";
import { publicAuthPasskeyRouter } from "./public/authPasskey";
import { teamsRouter } from "./teams/router";
import { adminsRouter } from "./admins/router";
import { logsRouter } from "./logs/router";
import { usersRouter } from "./users/router";
import { userImportRouter } from "./users/import";
import { serviceRouter } from "./service/router";
import { serviceTokensRouter } from "./serviceTokens/router";
import { dashboardRouter } from "./dashboard/router";
import { licensesRouter } from "./licenses/router";
import { settingsRouter } from "./settings/router";
import { domainsRouter } from "./domains/router";
import { associationsRouter } from "./associations/router";
import { invitesRouter } from "./invites/router";
import { exportRouter } from "./export/router";
import { tokensRouter } from "./tokens/router";

/**
 * The /v2 JSON API: public calls first, then everything else behind authentication (token or
 * session) and, for cookie sessions, the CSRF check. Each resource has its own router.
 */
export function apiRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  let openApi: Record<string, unknown> | null = null;
  const api = handlers(deps, { tag: "Public" });
  router.get(
    "/openapi.json",
    ...api.open({ response: OpenApiDocumentSchema, summary: "Read this OpenAPI document" }, () => (openApi ??= buildOpenApi(router))),
  );
  router.use(publicSettingsRouter(deps), publicAuthRouter(deps), publicAuthPasskeyRouter(deps), publicAccountRouter(deps));
  router.use(serviceRouter(deps)); // service-token routes: before the admin authentication
  router.use(requireAdmin(deps.database.db, deps.config.secrets.jwtSecret), requireCsrf);
  router.use(limitPerPrincipal(deps.database.db), idempotency(deps.database.db)); // per-principal budget, Idempotency-Key
  router.use(meRouter(deps), meMfaRouter(deps), meMfaPasskeysRouter(deps));
  // Before the resource routers: `/users/export` must not be read as a user or team name.
  router.use(exportRouter(deps));
  router.use(teamsRouter(deps));
  router.use(adminsRouter(deps));
  router.use(logsRouter(deps));
  router.use(usersRouter(deps));
  router.use(userImportRouter(deps));
  router.use(serviceTokensRouter(deps));
  router.use(dashboardRouter(deps));
  router.use(licensesRouter(deps));
  router.use(settingsRouter(deps));
  router.use(domainsRouter(deps));
  router.use(associationsRouter(deps));
  router.use(invitesRouter(deps));
  router.use(tokensRouter(deps));
  return router;
}
