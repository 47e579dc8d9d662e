import { CustomSettingsSchema } from "../../../shared/schemas/customSettings";
import type { Settings } from "../../../shared/schemas/settings";
import { presentGroup } from "./present";

/** One setting a team overrides: the field, the system value and the team's (secrets masked). */
export interface TeamOverride {
  group: string;
  field: string;
  system: unknown;
  team: unknown;
}

/**
 * The settings a team's `customSettings` override, field by field against the system values
 * (issue 17 item 5: the team profile lists them). Both sides pass through the settings'
 * presentation, so a TURN password shows as set / not set on either side. A stored object that
 * no longer parses lists nothing, as the service's effective settings ignore it.
 */
export function teamOverrides(system: Settings, customSettings: unknown): TeamOverride[] {
  const parsed = CustomSettingsSchema.safeParse(customSettings);
  if (!parsed.success) return [];
  const out: TeamOverride[] = [];
  for (const [group, fields] of Object.entries(parsed.data) as [keyof Settings, Record<string, unknown> | undefined][]) {
    if (!fields) continue;
    const systemGroup = presentGroup(group, system[group]) as Record<string, unknown>;
    const teamGroup = presentGroup(group, { ...system[group], ...fields } as never) as Record<string, unknown>;
    for (const field of Object.keys(fields)) out.push({ group, field, system: systemGroup[field], team: teamGroup[field] });
  }
  return out;
}
