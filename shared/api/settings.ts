/**
 * The system settings calls: read every group, change one group with a partial
 * patch. Used by the settings islands and the CLI. Replies keep the server's shapes loosely
 * (records), since the server validates every value against the settings schemas.
 */
import { z } from "zod";
import type { SettingsGroup } from "../schemas/settings";
import type { ActionPrefix } from "../errors/prefixes";
import { createTransport, type ApiClientOptions } from "./transport";

/** `GET /v2/settings`: every group, secrets masked. */
export const SettingsResponseSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

/** `PUT /v2/settings/<group>`: the group as it now stands and the fields that changed. */
export const SettingsUpdateResponseSchema = z.object({
  group: z.string(),
  values: z.record(z.string(), z.unknown()),
  changed: z.array(z.string()),
});
/** The answer of a settings PUT. */
export type SettingsUpdateResponse = z.infer<typeof SettingsUpdateResponseSchema>;

/** The action prefix of each group's PUT: its catalogue codes (`settingsTls400`) and the OpenAPI document's error list. */
export const SETTINGS_ACTIONS: Readonly<Record<SettingsGroup, ActionPrefix>> = {
  general: "settingsGeneral",
  messaging: "settingsMessaging",
  attachments: "settingsAttachments",
  calling: "settingsCalling",
  security: "settingsSecurity",
  tls: "settingsTls",
  licenses: "settingsLicenses",
  apps: "settingsApps",
  certs: "settingsCerts",
};

/** The settings calls. */
export interface SettingsApi {
  get(): Promise<z.infer<typeof SettingsResponseSchema>>;
  update(group: SettingsGroup, patch: Record<string, unknown>): Promise<SettingsUpdateResponse>;
}

/** Builds the settings calls over the shared transport. */
export function createSettingsApi(options: ApiClientOptions = {}): SettingsApi {
  const call = createTransport(options);
  return {
    get: () => call("settingsRead", "GET", "/v2/settings", SettingsResponseSchema),
    update: (group, patch) => call(SETTINGS_ACTIONS[group], "PUT", `/v2/settings/${group}`, SettingsUpdateResponseSchema, patch),
  };
}
