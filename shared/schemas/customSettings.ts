/**
 * Team custom settings (SPEC §3 `customSettings`, "overrides"): a JSON object whose keys are
 * settings groups and whose values are partial groups, each field validated by the group's own
 * rule. Serialized, it is at most 2000 characters (SPEC §9).
 */
import type { z } from "zod";
import { maxLength } from "../limits";
import { obj } from "./builders";
import { V } from "./messages";
import {
  attachmentsSettingsShape,
  callingSettingsShape,
  checkCallTimeouts,
  generalSettingsShape,
  messagingSettingsShape,
  securitySettingsShape,
  TurnServerSchema,
} from "./settings";
import type { Settings } from "./settings";

/**
 * Groups a team may override: behaviour of that team's users and invites. TLS, certificates and
 * app releases are properties of the shared service endpoints, so they stay system-wide.
 */
export const OVERRIDABLE_SETTINGS_GROUPS = ["general", "messaging", "attachments", "calling", "security"] as const;

/** A settings group a team may override. */
export type OverridableSettingsGroup = (typeof OVERRIDABLE_SETTINGS_GROUPS)[number];

/** The overrides object over a given TURN relay rule (stored: with its password; sent: it may be left out). */
function customSettingsSchema<T extends z.ZodType>(turn: T) {
  return obj({
    general: obj(generalSettingsShape).partial().optional(),
    messaging: obj(messagingSettingsShape).partial().optional(),
    attachments: obj(attachmentsSettingsShape).partial().optional(),
    calling: obj({ ...callingSettingsShape, turn })
      .partial()
      .superRefine(checkCallTimeouts)
      .optional(),
    security: obj(securitySettingsShape).partial().optional(),
  }).superRefine(withinSize);
}

/** SPEC §9: the overrides, serialized, are at most 2000 characters. */
function withinSize(value: unknown, ctx: z.RefinementCtx): void {
  if (JSON.stringify(value).length > maxLength.customSettings) {
    ctx.addIssue({
      code: "custom",
      message: V.customSettingsTooLong,
      params: { max: maxLength.customSettings },
      input: value,
    });
  }
}

/** The team overrides object as stored and served to the service; unknown groups or fields are rejected. */
export const CustomSettingsSchema = customSettingsSchema(TurnServerSchema.nullable());

/** Team overrides. */
export type CustomSettings = z.infer<typeof CustomSettingsSchema>;

/**
 * The overrides as a client sends them (`PUT v2/team/settings`): a TURN relay override may leave
 * out its password, which keeps the one stored (answers never carry it: `passwordSet` instead).
 */
export const CustomSettingsInputSchema = customSettingsSchema(TurnServerSchema.partial({ password: true }).nullable());

/** Team overrides as a client sends them. */
export type CustomSettingsInput = z.infer<typeof CustomSettingsInputSchema>;

/**
 * The settings in force for a team: system settings with the team's overrides laid over them,
 * group by group. The result still needs the group rules (e.g. call timeout order) re-checked by
 * the caller when overrides and system values mix; `SettingsGroupSchemas` does that.
 */
export function effectiveSettings(system: Settings, overrides: CustomSettings | null | undefined): Settings {
  if (!overrides) return system;
  return {
    ...system,
    general: overlay(system.general, overrides.general),
    messaging: overlay(system.messaging, overrides.messaging),
    attachments: overlay(system.attachments, overrides.attachments),
    calling: overlay(system.calling, overrides.calling),
    security: overlay(system.security, overrides.security),
  };
}

/** Copies the defined fields of `patch` over `base` (an explicit undefined never erases a setting). */
function overlay<T extends object>(base: T, patch: Partial<T> | undefined): T {
  const out = { ...base };
  for (const key of Object.keys(patch ?? {}) as (keyof T)[]) {
    const value = patch?.[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
