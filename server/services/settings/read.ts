import type { Kysely } from "kysely";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settingsDefaults";
import { SETTINGS_GROUPS, SettingsGroupSchemas, type Settings, type SettingsGroup } from "../../../shared/schemas/settings";
import type { Database } from "../../db/types";

const isGroup = (name: string): name is SettingsGroup => (SETTINGS_GROUPS as readonly string[]).includes(name);

/**
 * The system settings: stored groups over the defaults. A stored group that no longer passes its
 * schema (an older release wrote it) falls back to the defaults instead of breaking every page.
 */
export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  const rows = await db.selectFrom("systemSettings").select(["groupName", "value"]).execute();
  const settings: Settings = structuredClone(DEFAULT_SETTINGS);
  for (const row of rows) {
    if (!isGroup(row.groupName)) continue;
    // Over the group's defaults, so a setting added by a later release (e.g. the access log's
    // retention) does not make a group stored before it fall back to the defaults as a whole.
    const stored: unknown = JSON.parse(row.value);
    const merged =
      typeof stored === "object" && stored !== null && !Array.isArray(stored) ? { ...DEFAULT_SETTINGS[row.groupName], ...stored } : stored;
    const parsed = SettingsGroupSchemas[row.groupName].safeParse(merged);
    if (parsed.success) Object.assign(settings, { [row.groupName]: parsed.data });
  }
  return settings;
}
