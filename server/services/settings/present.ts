import type { Settings, SettingsGroup } from "../../../shared/schemas/settings";

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

/** One group with its secrets masked (the TURN password and the server key are never sent back, issue 17). */
export function presentGroup<G extends SettingsGroup>(group: G, value: Settings[G]): PresentedSettings[G] {
  if (group === "certs") {
    const { serverPrivateKey, ...certs } = value as Settings["certs"];
    return { ...certs, serverPrivateKeySet: serverPrivateKey !== null } as PresentedSettings[G];
  }
  if (group !== "calling") return value as PresentedSettings[G];
  const calling = value as Settings["calling"];
  const turn = calling.turn === null ? null : { url: calling.turn.url, username: calling.turn.username, passwordSet: calling.turn.password.length > 0 };
  return { ...calling, turn } as PresentedSettings[G];
}

/** Every group with secrets masked. */
export function presentSettings(settings: Settings): PresentedSettings {
  return { ...settings, calling: presentGroup("calling", settings.calling), certs: presentGroup("certs", settings.certs) };
}
