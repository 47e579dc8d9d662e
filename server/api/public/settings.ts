import { Router } from "express";
import { APP_VERSION, languages } from "../../../shared/limits";
import { PublicSettingsResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { readSettings } from "../../services/settings";

/**
 * GET /v2/public/settings: what the public pages need before anyone signs in (edition, version,
 * languages, whether registration is open, the captcha kind and the warning banners).
 */
export function publicSettingsRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Public" });
  router.get(
    "/public/settings",
    ...api.open(
      { response: PublicSettingsResponseSchema, action: "publicSettings", summary: "Read the public settings" },
      async ({ services, deps: { config }, res }) => {
        const settings = await readSettings(services.db);
        res.set("Cache-Control", "no-store");
        return {
          edition: config.edition,
          version: APP_VERSION,
          languages,
          registrationEnabled: settings.general.registrationEnabled,
          captcha: config.captcha,
          banners: settings.general.warningBanner,
        };
      },
    ),
  );
  return router;
}
