import { Router } from "express";
import { APP_VERSION, languages } from "../../../shared/limits";
import type { ApiDeps } from "../deps";
import { readSettings } from "../../services/settings";

/**
 * GET /v2/public/settings: what the public pages need before anyone signs in (edition, version,
 * languages, whether registration is open, the captcha kind and the warning banners).
 */
export function publicSettingsRouter({ config, database }: ApiDeps): Router {
  const router = Router();
  router.get("/public/settings", async (_req, res) => {
    const settings = await readSettings(database.db);
    res.set("Cache-Control", "no-store").json({
      edition: config.edition,
      version: APP_VERSION,
      languages,
      registrationEnabled: settings.general.registrationEnabled,
      captcha: config.captcha,
      banners: settings.general.warningBanner,
    });
  });
  return router;
}
