import { Router } from "express";
import {
  LicenseActivateSchema,
  LicenseListQuerySchema,
  LicensePurchaseSchema,
  LicenseUpdateSchema,
  LicenseValidateSchema,
} from "../../../shared/schemas/license";
import { activatePack, listPacks, purchasePack, readPack, readSeats, updatePack, validateToken } from "../../services/licenses";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/**
 * License packs and seats (docs/API.md "Licenses"): list, read, purchase (public edition) or
 * activate (private edition) on `POST /v2/license`, extend / expire / distribute on
 * `PUT /v2/license`, token validation, the price list and a team's seats. Scope and roles are
 * the services' to decide.
 */
export function licensesRouter(deps: ApiDeps): Router {
  const router = Router();
  const api = handlers(deps);

  router.get("/licenses", ...api.admin({ query: LicenseListQuerySchema }, ({ services, scope, input }) => listPacks(services.db, scope, input)));
  router.get("/license/prices", ...api.admin(null, ({ deps }) => deps.config.licenses.priceList));
  router.get("/license/:id", ...api.admin(null, ({ services, scope, req }) => readPack(services.db, scope, String(req.params.id))));

  if (deps.config.edition === "public") {
    router.post("/license", ...api.admin({ body: LicensePurchaseSchema }, ({ services, scope, input, origin }) => purchasePack(services, scope, input, origin)));
  } else {
    router.post("/license", ...api.admin({ body: LicenseActivateSchema }, ({ services, scope, input, origin }) => activatePack(services, scope, input, origin)));
  }

  router.post("/license/validate", ...api.admin({ body: LicenseValidateSchema }, ({ services, scope, input }) => validateToken(services, scope, input.token)));
  router.put("/license", ...api.admin({ body: LicenseUpdateSchema }, ({ services, scope, input, origin }) => updatePack(services, scope, input, origin)));
  router.get("/teams/:slug/seats", ...api.admin(null, ({ services, scope, req }) => readSeats(services.db, scope, String(req.params.slug))));
  return router;
}
