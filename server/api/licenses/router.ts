import { Router } from "express";
import {
  LicenseActivateSchema,
  LicenseListQuerySchema,
  LicensePurchaseSchema,
  LicenseUpdateSchema,
  LicenseValidateSchema,
} from "../../../shared/schemas/license";
import { scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { activatePack, listPacks, purchasePack, readPack, readSeats, updatePack, validateToken } from "../../services/licenses";
import type { ApiDeps } from "../deps";

/**
 * License packs and seats (docs/API.md "Licenses", issue 15): list, read, purchase (public
 * edition) or activate (private edition) on `POST /v2/license`, extend / expire / distribute on
 * `PUT /v2/license`, token validation, the price list and a team's seats. Scope and roles are
 * the services' to decide.
 */
export function licensesRouter({ services, config }: ApiDeps): Router {
  const router = Router();

  router.get("/licenses", validate(LicenseListQuerySchema, "query"), async (_req, res) => {
    res.json(await listPacks(services.db, await scopeOf(res, services.db), inputOf(res, LicenseListQuerySchema)));
  });

  router.get("/license/prices", (_req, res) => {
    res.json(config.licenses.priceList);
  });

  router.get("/license/:id", async (req, res) => {
    res.json(await readPack(services.db, await scopeOf(res, services.db), String(req.params.id)));
  });

  if (config.edition === "public") {
    router.post("/license", validate(LicensePurchaseSchema), async (req, res) => {
      res.json(await purchasePack(services, await scopeOf(res, services.db), inputOf(res, LicensePurchaseSchema), originOf(req)));
    });
  } else {
    router.post("/license", validate(LicenseActivateSchema), async (req, res) => {
      res.json(await activatePack(services, await scopeOf(res, services.db), inputOf(res, LicenseActivateSchema), originOf(req)));
    });
  }

  router.post("/license/validate", validate(LicenseValidateSchema), async (_req, res) => {
    res.json(await validateToken(services, await scopeOf(res, services.db), inputOf(res, LicenseValidateSchema).token));
  });

  router.put("/license", validate(LicenseUpdateSchema), async (req, res) => {
    res.json(await updatePack(services, await scopeOf(res, services.db), inputOf(res, LicenseUpdateSchema), originOf(req)));
  });

  router.get("/teams/:slug/seats", async (req, res) => {
    res.json(await readSeats(services.db, await scopeOf(res, services.db), String(req.params.slug)));
  });
  return router;
}
