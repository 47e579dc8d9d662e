import { CustomSettingsSchema } from "../../../shared/schemas/customSettings";
import type { Settings, SettingsGroup } from "../../../shared/schemas/settings";

/** A group a team overrides: the fields it sets, the system's group and the group with the team's values laid over it. */
export interface TeamOverrideGroup<G extends SettingsGroup = SettingsGroup> {
  group: G;
  fields: string[];
  system: Settings[G];
  team: Settings[G];
}

/**
 * The groups a team's `customSettings` override, against the system values (the team profile
 * lists them field by field). A stored object that no longer parses overrides nothing, as the
 * service's effective settings ignore it.
 */
export function teamOverrides(system: Settings, customSettings: unknown): TeamOverrideGroup[] {
  const parsed = CustomSettingsSchema.safeParse(customSettings);
  if (!parsed.success) return [];
  const out: TeamOverrideGroup[] = [];
  for (const [group, fields] of Object.entries(parsed.data) as [SettingsGroup, Record<string, unknown> | undefined][]) {
    if (!fields) continue;
    out.push({ group, fields: Object.keys(fields), system: system[group], team: { ...system[group], ...fields } });
  }
  return out;
}
