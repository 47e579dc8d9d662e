/**
 * Queries of the service API's settings calls: the effective settings
 * of a team and a client's app version check. Query strings, so numbers are coerced; unknown
 * parameters are ignored as on the other GET calls.
 */
import { z } from "zod";
import { V } from "./messages";
import { appVersion, slug } from "./primitives";

/** `GET /v2/service/settings?team=slug` (no team: the system settings alone). */
export const ServiceSettingsQuerySchema = z.object({ team: slug.optional() });

/** The app-version platforms of SPEC §2 /apps by device platform code (SPEC §3). */
export const APP_PLATFORM_BY_CODE = { 1: "android", 2: "ios", 12: "windows", 9: "ecs" } as const;

/** `GET /v2/service/apps/check?platform=1&version=5.1.0`. */
export const AppCheckQuerySchema = z.object({
  platform: z.coerce
    .number({ error: V.platform })
    .int({ error: V.platform })
    .refine((code) => Object.prototype.hasOwnProperty.call(APP_PLATFORM_BY_CODE, code), { error: V.platform }),
  version: appVersion,
});
/** An app check query. */
export type AppCheckQuery = z.infer<typeof AppCheckQuerySchema>;
