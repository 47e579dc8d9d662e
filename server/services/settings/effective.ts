import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { compareAppVersions } from "../../../shared/schemas/primitives";
import { CustomSettingsSchema } from "../../../shared/schemas/customSettings";
import type { Settings } from "../../../shared/schemas/settings";
import { APP_PLATFORM_BY_CODE, type AppCheckQuery } from "../../../shared/schemas/serviceSettings";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { presentGroup, type PresentedCerts } from "./present";
import { readSettings } from "./read";

/** The effective settings the communications service enforces, with a version for cheap polling. */
export interface EffectiveSettings {
  version: string;
  team: string | null;
  /** The groups the team overrides, and which fields of each. */
  overrides: Record<string, string[]>;
  /** The server's private key is not served: only whether one is set (write-only, issue 17). */
  settings: Omit<Settings, "certs"> & { certs: PresentedCerts };
}

/**
 * The system settings with the team's `customSettings` laid over them field by field (the
 * overrides were validated against the same schemas when the team was saved; a stored object
 * that no longer parses is ignored rather than served). The TURN password is included: the
 * service hands it to the apps; the server certificate's private key is not (write-only).
 * `version` is a hash of the answer, used as the ETag.
 */
export async function effectiveSettings(db: Kysely<Database>, teamSlug: string | undefined): Promise<EffectiveSettings> {
  const settings = await readSettings(db);
  const overrides: Record<string, string[]> = {};
  if (teamSlug !== undefined) {
    const team = await db.selectFrom("teams").select("customSettings").where("slug", "=", teamSlug).executeTakeFirst();
    if (!team) throw new AppError("notFound", 404);
    const parsed = CustomSettingsSchema.safeParse(JSON.parse(team.customSettings || "{}"));
    if (parsed.success) {
      for (const [group, fields] of Object.entries(parsed.data) as [keyof Settings, Record<string, unknown> | undefined][]) {
        if (!fields || Object.keys(fields).length === 0) continue;
        Object.assign(settings, { [group]: { ...settings[group], ...fields } });
        overrides[group] = Object.keys(fields).sort();
      }
    }
  }
  const body = { team: teamSlug ?? null, overrides, settings: { ...settings, certs: presentGroup("certs", settings.certs) } };
  const version = createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 27);
  return { version, ...body };
}

/** A client's app version against its platform's policy (SPEC §2 /apps). */
export interface AppCheck {
  status: "supported" | "updateAvailable" | "unsupported";
  minVersion: string;
  lastVersion: string;
  downloadUrl: string;
}

/** Below the minimum: unsupported; below the last release: update available; else supported. */
export async function checkAppVersion(db: Kysely<Database>, query: AppCheckQuery): Promise<AppCheck> {
  const { apps } = await readSettings(db);
  const release = apps[APP_PLATFORM_BY_CODE[query.platform as keyof typeof APP_PLATFORM_BY_CODE]];
  const status =
    compareAppVersions(query.version, release.minVersion) < 0 ? "unsupported" : compareAppVersions(query.version, release.lastVersion) < 0 ? "updateAvailable" : "supported";
  return { status, ...release };
}
