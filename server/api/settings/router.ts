import { Router } from "express";
import { SETTINGS_GROUPS } from "../../../shared/schemas/settings";
import { SettingsPatchSchemas, type SettingsPatch } from "../../../shared/schemas/settingsPatch";
import { announceMfaPolicy, assertMayRequireFactors, forgetMfaPolicy } from "../../services/mfa";
import { readSettings, SETTINGS_400, updateSettingsGroup } from "../../services/settings";
import { SETTINGS_ACTIONS, SettingsResponseSchema, SettingsUpdateResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentSettings, presentSettingsUpdate } from "./present";

/**
 * System settings (docs/API.md "Settings", root only): `GET /v2/settings` answers every group with
 * secrets masked; `PUT /v2/settings/<group>` takes a partial object of that group's fields.
 */
export function settingsRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Settings", permission: "full" });
  // Root only, decided before the body is even read (DESIGN §5).
  const rootOnly = api.rootFirst;

  router.get(
    "/settings",
    rootOnly,
    ...api.admin({ response: SettingsResponseSchema, action: "settingsRead", summary: "Read every settings group" }, async ({ services }) =>
      presentSettings(await readSettings(services.db)),
    ),
  );

  for (const group of SETTINGS_GROUPS) {
    const spec = {
      body: SettingsPatchSchemas[group],
      invalid: SETTINGS_400[group],
      response: SettingsUpdateResponseSchema,
      action: SETTINGS_ACTIONS[group],
      summary: `Change the ${group} settings`,
      // Sudo mode (issue #29): the security group (the MFA policy, lockout, sessions) needs a recent verification.
      ...(group === "security" ? { reauth: true as const } : {}),
    };
    router.put(
      `/settings/${group}`,
      rootOnly,
      ...api.admin(spec, async ({ services, scope, input, origin }) => {
        const security = group === "security";
        if (security) await assertMayRequireFactors(services, scope.adminId, input as SettingsPatch<"security">);
        const before = security ? (await readSettings(services.db)).security : null;
        const result = await updateSettingsGroup(services, scope, group, input, origin);
        if (before) {
          // This process reads the new policy at once (others within MFA_POLICY_CACHE_MS); a policy turned on is announced.
          forgetMfaPolicy(services.db);
          await announceMfaPolicy(services, before, (await readSettings(services.db)).security);
        }
        return presentSettingsUpdate(result);
      }),
    );
  }
  return router;
}
