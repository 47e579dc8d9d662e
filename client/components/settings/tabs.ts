/** Where each settings group lives: the /settings tabs (SPEC §2) and the /apps page. */
import type { SettingsGroup } from "../../../shared/schemas/settings";

/** The tabs of /settings (SPEC §2) and the groups each holds. */
export const SETTINGS_TABS = {
  general: ["general", "licenses"],
  message: ["messaging"],
  call: ["calling"],
  attachment: ["attachments"],
  security: ["security"],
  tls: ["tls", "certs"],
} as const satisfies Record<string, readonly SettingsGroup[]>;

/** A tab of /settings. */
export type SettingsTab = keyof typeof SETTINGS_TABS;

/** The page that edits a group: its /settings tab, or /apps for the app versions. */
export function pageOfGroup(group: SettingsGroup): string {
  if (group === "apps") return "/apps";
  const tab = (Object.keys(SETTINGS_TABS) as SettingsTab[]).find((name) => (SETTINGS_TABS[name] as readonly string[]).includes(group));
  return `/settings?tab=${tab ?? "general"}`;
}

/** The id of a setting's block on its page: the filter's links jump to it. */
export function settingAnchor(group: SettingsGroup, field: string): string {
  return `setting-${group}-${field}`;
}
