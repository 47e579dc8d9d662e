import type { Transaction } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import { V } from "../../../shared/schemas/messages";
import { SettingsGroupSchemas, type Settings, type SettingsGroup } from "../../../shared/schemas/settings";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settingsDefaults";
import type { SettingsPatch } from "../../../shared/schemas/settingsPatch";
import { runTransaction } from "../../db/transaction";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, requireRoot, type Scope } from "../access";
import { unknownCipherNames } from "./ciphers";
import { checkCaBundle, checkServerCertificate, type CertificateProblem } from "./certificates";
import { readSettings } from "./read";

/** The 400 of each group's PUT ('Settings: 400 invalid settings', SPEC §8). */
export const SETTINGS_400: Record<SettingsGroup, CatalogueCode> = {
  general: "settingsGeneral400",
  messaging: "settingsMessaging400",
  attachments: "settingsAttachments400",
  calling: "settingsCalling400",
  security: "settingsSecurity400",
  tls: "settingsTls400",
  apps: "settingsApps400",
  certs: "settingsCerts400",
  licenses: "settingsLicenses400",
};

/** A group after a change: its values as they now stand and the fields that changed. */
export interface SettingsUpdateResult<G extends SettingsGroup = SettingsGroup> {
  group: G;
  values: Settings[G];
  changed: string[];
}

const MASK = "********";

/** A field's value for the access log: secrets never reach it. */
function loggable(group: SettingsGroup, field: string, value: unknown): unknown {
  if (group === "calling" && field === "turn" && value !== null && typeof value === "object") {
    return { ...(value as Record<string, unknown>), password: MASK };
  }
  if (group === "certs" && field === "serverPrivateKey" && value !== null) return MASK;
  return value;
}

/**
 * Locks the group's row for the rest of the transaction (creating it with the defaults when
 * absent), so two concurrent PUTs of different fields merge instead of losing one: an upsert
 * takes the row lock on PostgreSQL, and SQLite has a single writer anyway.
 */
async function lockGroup(trx: Transaction<Database>, group: SettingsGroup, now: number): Promise<void> {
  await trx
    .insertInto("systemSettings")
    .values({ groupName: group, value: JSON.stringify(DEFAULT_SETTINGS[group]), updatedAt: now })
    .onConflict((oc) => oc.column("groupName").doUpdateSet({ updatedAt: now }))
    .execute();
}

/** The patch merged over the stored group; a TURN patch without a password keeps the stored one. */
function merge<G extends SettingsGroup>(group: G, current: Settings[G], patch: SettingsPatch<G>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current, ...patch };
  if (group === "calling") {
    const turn = (patch as SettingsPatch<"calling">).turn;
    const stored = (current as Settings["calling"]).turn;
    if (turn && turn.password === undefined) {
      if (!stored) throw new AppError(SETTINGS_400.calling, 400, [{ path: ["turn", "password"], code: "custom", message: V.required }]);
      merged.turn = { ...turn, password: stored.password };
    }
  }
  // Removing the server certificate removes its key too; a new chain alone keeps the stored key
  // (a renewal with the same key), which must then match the new leaf.
  if (
    group === "certs" &&
    (patch as SettingsPatch<"certs">).serverCertificateChain === null &&
    (patch as SettingsPatch<"certs">).serverPrivateKey === undefined
  ) {
    merged.serverPrivateKey = null;
  }
  return merged;
}

/**
 * The X.509 checks of the certs group, beyond the PEM shape the schema checked: the CA bundle
 * always (as before), the server chain and key only when either changed, so a stored chain that
 * has expired since does not block saving the other fields (the page warns about it instead).
 */
function certificateProblem(current: Settings["certs"], next: Settings["certs"], now: number): CertificateProblem | null {
  if (next.clientCaCertificates !== null) {
    const problem = checkCaBundle(next.clientCaCertificates, now);
    if (problem) return problem;
  }
  const serverChanged =
    next.serverCertificateChain !== current.serverCertificateChain || next.serverPrivateKey !== current.serverPrivateKey;
  if (!serverChanged) return null;
  if (next.serverCertificateChain === null) {
    return next.serverPrivateKey === null ? null : { field: "serverCertificateChain", message: V.required };
  }
  return checkServerCertificate(next.serverCertificateChain, next.serverPrivateKey, now);
}

/**
 * Changes one settings group (root only): the patch is merged over the stored group and the
 * result checked with the group's full schema (certificates are also parsed as X.509, and the
 * server key matched against its leaf). Only
 * changed fields are written and logged, before and after, secrets masked.
 */
export async function updateSettingsGroup<G extends SettingsGroup>(
  ctx: ServiceContext,
  scope: Scope,
  group: G,
  patch: SettingsPatch<G>,
  origin: RequestOrigin,
): Promise<SettingsUpdateResult<G>> {
  requireRoot(scope);
  return runTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    await lockGroup(trx, group, now);
    const current = (await readSettings(trx))[group];
    const parsed = SettingsGroupSchemas[group].safeParse(merge(group, current, patch));
    if (!parsed.success) {
      throw new AppError(
        SETTINGS_400[group],
        400,
        parsed.error.issues.map((i) => ({ path: i.path, code: i.code, message: i.message })),
      );
    }
    const next = parsed.data as Settings[G];
    if (group === "tls" && unknownCipherNames((next as Settings["tls"]).ciphers).length > 0) {
      throw new AppError(SETTINGS_400.tls, 400, [{ path: ["ciphers"], code: "custom", message: V.cipherUnknown }]);
    }
    if (group === "certs") {
      const problem = certificateProblem(current as Settings["certs"], next as Settings["certs"], now);
      if (problem) throw new AppError("settingsCerts400", 400, [{ path: [problem.field], code: "custom", message: problem.message }]);
    }
    const before = current as Record<string, unknown>;
    const after = next as Record<string, unknown>;
    const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.length > 0) {
      await trx
        .updateTable("systemSettings")
        .set({ value: JSON.stringify(next), updatedAt: now })
        .where("groupName", "=", group)
        .execute();
      const changes = Object.fromEntries(
        changed.map((k) => [k, { before: loggable(group, k, before[k]), after: loggable(group, k, after[k]) }]),
      );
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        { action: "settings.update", target: { type: "settings", id: group }, details: { changes } },
      );
    }
    return { group, values: next, changed };
  });
}
