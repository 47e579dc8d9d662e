import type { Kysely } from "kysely";
import { appVersionKey } from "../../../shared/appVersions";
import type { PlatformCode } from "../../../shared/domain/platforms";
import { AppsSettingsSchema, type AppsSettings } from "../../../shared/schemas/settings";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settingsDefaults";
import { APP_PLATFORM_BY_CODE } from "../../../shared/schemas/serviceSettings";
import type { Database } from "../../db/types";

/** One platform's minimum supported version as a comparable key (`shared/appVersions.ts`). */
export interface AppMinimum {
  platform: PlatformCode;
  key: string;
}

/** The app platforms in a fixed order, so queries built from the minimums keep one SQL text. */
export const APP_PLATFORM_CODES = (Object.keys(APP_PLATFORM_BY_CODE).map(Number) as (keyof typeof APP_PLATFORM_BY_CODE)[]).sort(
  (a, b) => a - b,
);

/**
 * The minimum version key of each app platform, read from the apps settings alone (one primary
 * key lookup: the users list asks on every page, to mark and filter devices below them).
 */
export async function appMinimums(db: Kysely<Database>): Promise<AppMinimum[]> {
  const row = await db.selectFrom("systemSettings").select("value").where("groupName", "=", "apps").executeTakeFirst();
  const parsed = row ? AppsSettingsSchema.safeParse(JSON.parse(row.value)) : null;
  const apps: AppsSettings = parsed?.success ? parsed.data : DEFAULT_SETTINGS.apps;
  return APP_PLATFORM_CODES.map((platform) => ({ platform, key: appVersionKey(apps[APP_PLATFORM_BY_CODE[platform]].minVersion) ?? "" }));
}
