import { Router } from "express";
import type { i18n } from "i18next";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/connection";
import { publicSettingsRouter } from "./public/settings";

/** What /v2 handlers are built from. */
export interface ApiDeps {
  config: Config;
  database: DatabaseHandle;
  i18n: i18n;
}

/** The /v2 JSON API: one router per resource, mounted here and nowhere else. */
export function apiRouter(deps: ApiDeps): Router {
  const router = Router();
  router.use(publicSettingsRouter(deps));
  return router;
}
