import { createHash } from "node:crypto";
import type { Settings, SettingsGroup } from "../../../shared/schemas/settings";
import type { EffectiveSettings, SettingsUpdateResult, TeamOverrideGroup } from "../../services/settings";

/** The TURN relay as the API shows it: the password is write-only, only whether it is set. */
export interface PresentedTurn {
  url: string;
  username: string;
  passwordSet: boolean;
}

/** The certs group as the API shows it: the server's private key is write-only, only whether it is set. */
export type PresentedCerts = Omit<Settings["certs"], "serverPrivateKey"> & { serverPrivateKeySet: boolean };

/** Settings as `GET /v2/settings` answers them: every group, secrets masked. */
export type PresentedSettings = Omit<Settings, "calling" | "certs"> & {
  calling: Omit<Settings["calling"], "turn"> & { turn: PresentedTurn | null };
  certs: PresentedCerts;
};

/** One group with its secrets masked: the TURN password and the server key are write-only, never sent back. */
export function presentGroup<G extends SettingsGroup>(group: G, value: Settings[G]): PresentedSettings[G] {
  if (group === "certs") {
    const { serverPrivateKey, ...certs } = value as Settings["certs"];
    return { ...certs, serverPrivateKeySet: serverPrivateKey !== null } as PresentedSettings[G];
  }
  if (group !== "calling") return value as PresentedSettings[G];
  const calling = value as Settings["calling"];
  const turn =
    calling.turn === null
      ? null
      : { url: calling.turn.url, username: calling.turn.username, passwordSet: calling.turn.password.length > 0 };
  return { ...calling, turn } as PresentedSettings[G];
}

/** Every group with secrets masked. */
export function presentSettings(settings: Settings): PresentedSettings {
  return { ...settings, calling: presentGroup("calling", settings.calling), certs: presentGroup("certs", settings.certs) };
}

/** What `PUT /v2/settings/<group>` answers: the group as it now stands (secrets masked) and the fields that changed. */
export function presentSettingsUpdate<G extends SettingsGroup>({
  group,
  values,
  changed,
}: SettingsUpdateResult<G>): { group: G; values: PresentedSettings[G]; changed: string[] } {
  return { group, values: presentGroup(group, values), changed };
}

/** `GET /v2/service/settings`'s body: the server key is masked (the TURN password is served: the service hands it to the apps). */
export interface PresentedEffectiveSettings {
  /** A hash of the rest of the answer: the ETag the service polls with. */
  version: string;
  team: string | null;
  overrides: Record<string, string[]>;
  settings: Omit<Settings, "certs"> & { certs: PresentedCerts };
  authentication: EffectiveSettings["authentication"];
}

/** The effective settings as the service reads them, versioned by a hash of the answer. */
export function presentEffectiveSettings({ team, overrides, settings, authentication }: EffectiveSettings): PresentedEffectiveSettings {
  const body = { team, overrides, settings: { ...settings, certs: presentGroup("certs", settings.certs) }, authentication };
  const version = createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 27);
  return { version, ...body };
}

/** One setting a team overrides: the field, the system value and the team's (secrets masked). */
export interface TeamOverride {
  group: string;
  field: string;
  system: unknown;
  team: unknown;
}

/** A team's overrides field by field; both sides pass through the masking, so a TURN password shows as set / not set on either. */
export function presentTeamOverrides(groups: readonly TeamOverrideGroup[]): TeamOverride[] {
  return groups.flatMap(({ group, fields, system, team }) => {
    const systemGroup = presentGroup(group, system) as Record<string, unknown>;
    const teamGroup = presentGroup(group, team) as Record<string, unknown>;
    return fields.map((field) => ({ group, field, system: systemGroup[field], team: teamGroup[field] }));
  });
}
