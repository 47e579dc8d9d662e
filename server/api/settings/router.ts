import { Router, type RequestHandler } from "express";
import { SETTINGS_GROUPS } from "../../../shared/schemas/settings";
import { SettingsPatchSchemas } from "../../../shared/schemas/settingsPatch";
import { scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { presentSettings, readSettings, updateSettingsGroup } from "../../services/settings";
import { SETTINGS_400 } from "../../services/settings";
import { requireRoot } from "../../services/access";
import type { ApiDeps } from "../deps";

/**
 * System settings (docs/API.md "Settings", root only): `GET /v2/settings` answers every group with
 * secrets masked; `PUT /v2/settings/<group>` takes a partial object of that group's fields.
 */
export function settingsRouter({ services }: ApiDeps): Router {
  const router = Router();
  const { db } = services;
  // Root only, decided before the body is even read (DESIGN §5).
  const rootOnly: RequestHandler = async (_req, res, next) => {
    requireRoot(await scopeOf(res, db));
    next();
  };

  router.get("/settings", rootOnly, async (_req, res) => {
    res.json(presentSettings(await readSettings(db)));
  });

  for (const group of SETTINGS_GROUPS) {
    const schema = SettingsPatchSchemas[group];
    router.put(`/settings/${group}`, rootOnly, validate(schema, "body", SETTINGS_400[group]), async (req, res) => {
      res.json(await updateSettingsGroup(services, await scopeOf(res, db), group, inputOf(res, schema), originOf(req)));
    });
  }
  return router;
}
