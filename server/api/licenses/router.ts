import { Router } from "express";
import {
  LicenseActivateSchema,
  LicenseListQuerySchema,
  LicensePurchaseSchema,
  LicenseUpdateSchema,
  LicenseValidateSchema,
  LicenseCreateResponseSchema,
  LicensePackSchema,
  LicensePriceListSchema,
  LicenseUpdateResponseSchema,
  LicenseValidateResponseSchema,
  TeamSeatsSchema,
} from "../../../shared/schemas/license";
import { activatePack, listPacks, purchasePack, readPack, readSeats, updatePack, validateToken } from "../../services/licenses";
import { LicenseListResponseSchema } from "../../../shared/api";
import { readSettings } from "../../services/settings";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentPack, presentPackPage, presentPackUpdate, presentPurchase, presentTokenCheck } from "./present";

/**
 * License packs and seats (docs/API.md "Licenses"): list, read, purchase (public edition) or
 * activate (private edition) on `POST /v2/license`, extend / expire / distribute on
 * `PUT /v2/license`, token validation, the price list and a team's seats. Scope and roles are
 * the services' to decide.
 */
export function licensesRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Licenses", permission: "licenses" });

  router.get(
    "/licenses",
    ...api.admin(
      { query: LicenseListQuerySchema, response: LicenseListResponseSchema, action: "licenseList", summary: "List license packs" },
      async ({ services, scope, input }) => presentPackPage(await listPacks(services, scope, input)),
    ),
  );
  router.get(
    "/license/prices",
    ...api.admin(
      { response: LicensePriceListSchema, action: "licensePrices", summary: "Read the price list and the purchase rules" },
      async ({ deps, services }) => ({ ...deps.config.licenses.priceList, rules: (await readSettings(services.db)).licenses }),
    ),
  );
  router.get(
    "/license/:id",
    ...api.admin({ response: LicensePackSchema, action: "licenseRead", summary: "Read a license pack" }, async ({ services, scope, req }) =>
      presentPack(await readPack(services, scope, String(req.params.id))),
    ),
  );

  if (deps.config.edition === "public") {
    router.post(
      "/license",
      ...api.admin(
        { body: LicensePurchaseSchema, response: LicenseCreateResponseSchema, action: "licenseCreate", summary: "Purchase a license pack" },
        async ({ services, scope, input, origin }) => presentPurchase(await purchasePack(services, scope, input, origin)),
      ),
    );
  } else {
    router.post(
      "/license",
      ...api.admin(
        {
          body: LicenseActivateSchema,
          response: LicenseCreateResponseSchema,
          action: "licenseActivate",
          summary: "Activate a license pack",
        },
        async ({ services, scope, input, origin }) => presentPack(await activatePack(services, scope, input, origin)),
      ),
    );
  }

  router.post(
    "/license/validate",
    api.rootFirstAs("licenseValidate403"),
    ...api.admin(
      {
        body: LicenseValidateSchema,
        response: LicenseValidateResponseSchema,
        action: "licenseValidate",
        summary: "Check an activation token",
      },
      async ({ services, scope, input }) => presentTokenCheck(await validateToken(services, scope, input.token)),
    ),
  );
  router.put(
    "/license",
    api.rootFirstAs("licenseEdit403"),
    ...api.admin(
      {
        body: LicenseUpdateSchema,
        response: LicenseUpdateResponseSchema,
        action: "licenseEdit",
        summary: "Extend, expire or distribute a license pack",
      },
      async ({ services, scope, input, origin }) => presentPackUpdate(await updatePack(services, scope, input, origin)),
    ),
  );
  router.get(
    "/teams/:slug/seats",
    ...api.admin({ response: TeamSeatsSchema, action: "seatsRead", summary: "Read a team's seats" }, ({ services, scope, req }) =>
      readSeats(services, scope, String(req.params.slug)),
    ),
  );
  return router;
}
