import { compareAppVersions } from "../../../shared/schemas/primitives";
import { CustomSettingsSchema } from "../../../shared/schemas/customSettings";
import type { Settings } from "../../../shared/schemas/settings";
import { APP_PLATFORM_BY_CODE, type AppCheckQuery } from "../../../shared/schemas/serviceSettings";
import { fromFlag } from "../../db/flags";
import { AppError } from "../../errors";
import type { ServiceContext } from "../../lib/context";
import { readSettings } from "./read";

/** A company's authentication settings as the service applies them to its users' sign-in (SPEC §3). */
export interface ServedAuthentication {
  oauthClientId: string | null;
  authority: string | null;
  discovery: string | null;
  version: string | null;
  tenantId: string | null;
  azureAdSync: boolean;
  certRevocation: string;
}

/** The effective settings the communications service enforces for a team (or the system's, without one). */
export interface EffectiveSettings {
  team: string | null;
  /** The groups the team overrides, and which fields of each. */
  overrides: Record<string, string[]>;
  settings: Settings;
  /** The team's authentication settings; null without a team. */
  authentication: ServedAuthentication | null;
}

/**
 * The system settings with the team's `customSettings` laid over them field by field (the
 * overrides were validated against the same schemas when the team was saved; a stored object
 * that no longer parses is ignored rather than served).
 */
export async function effectiveSettings(ctx: ServiceContext, teamSlug: string | undefined): Promise<EffectiveSettings> {
  const { db } = ctx;
  const settings = await readSettings(db);
  const overrides: Record<string, string[]> = {};
  let authentication: ServedAuthentication | null = null;
  if (teamSlug !== undefined) {
    const team = await db
      .selectFrom("teams")
      .select([
        "customSettings",
        "authOauthClientId",
        "authAuthority",
        "authDiscovery",
        "authVersion",
        "authTenantId",
        "authAzureAdSync",
        "authCertRevocation",
      ])
      .where("slug", "=", teamSlug)
      .executeTakeFirst();
    if (!team) throw new AppError("notFound", 404);
    authentication = {
      oauthClientId: team.authOauthClientId,
      authority: team.authAuthority,
      discovery: team.authDiscovery,
      version: team.authVersion,
      tenantId: team.authTenantId,
      azureAdSync: fromFlag(team.authAzureAdSync),
      certRevocation: team.authCertRevocation,
    };
    const parsed = CustomSettingsSchema.safeParse(JSON.parse(team.customSettings || "{}"));
    if (parsed.success) {
      for (const [group, fields] of Object.entries(parsed.data) as [keyof Settings, Record<string, unknown> | undefined][]) {
        if (!fields || Object.keys(fields).length === 0) continue;
        Object.assign(settings, { [group]: { ...settings[group], ...fields } });
        overrides[group] = Object.keys(fields).sort();
      }
    }
  }
  return { team: teamSlug ?? null, overrides, settings, authentication };
}

/** A client's app version against its platform's policy (SPEC §2 /apps). */
export interface AppCheck {
  status: "supported" | "updateAvailable" | "unsupported";
  minVersion: string;
  lastVersion: string;
  downloadUrl: string;
}

/** Below the minimum: unsupported; below the last release: update available; else supported. */
export async function checkAppVersion(ctx: ServiceContext, query: AppCheckQuery): Promise<AppCheck> {
  const { apps } = await readSettings(ctx.db);
  const release = apps[APP_PLATFORM_BY_CODE[query.platform as keyof typeof APP_PLATFORM_BY_CODE]];
  const status =
    compareAppVersions(query.version, release.minVersion) < 0
      ? "unsupported"
      : compareAppVersions(query.version, release.lastVersion) < 0
        ? "updateAvailable"
        : "supported";
  return { status, ...release };
}
