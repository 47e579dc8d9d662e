/**
 * Every migration, by name, in a static object: the server is bundled with esbuild, so there is
 * no migrations directory to scan at run time. Names sort in application order; never rename
 * or edit an applied migration, add a new one.
 */
import type { Migration } from "kysely";
import { initialMigration } from "./0001_initial";
import { teamEmailThemeMigration } from "./0002_team_email_theme";
import { deviceReportsMigration } from "./0003_device_reports";
import { usersMigration } from "./0004_users";
import { userSearchMigration } from "./0005_user_search";
import { sharedLimitsMigration } from "./0006_shared_limits";
import { userDeviceCountMigration } from "./0007_user_device_count";
import { userSearchOneIndexMigration } from "./0008_user_search_one_index";
import { installationSecretsMigration } from "./0009_installation_secrets";
import { licensePacksMigration } from "./0010_license_packs";
import { associationUidMigration } from "./0011_association_uid";
import { invitationsMigration } from "./0012_invitations";
import { deviceVersionKeyMigration } from "./0014_device_version_key";
import { accessLogRequestIdMigration } from "./0015_access_log_request_id";
import { userImportsMigration } from "./0013_user_imports";
import { accessTokensMigration } from "./0016_access_tokens";
import { idempotencyKeysMigration } from "./0017_idempotency_keys";
import { adminMfaMigration } from "./0018_admin_mfa";
import { teamCountersMigration } from "./0019_team_counters";
import { licenseSettingsMigration } from "./0022_license_settings";
import { lastSeenSummaryMigration } from "./0023_last_seen_summary";
import { usersFewerIndexesMigration } from "./0024_users_fewer_indexes";

/** The migrations Kysely's Migrator applies, keyed by name. */
export const migrations: Readonly<Record<string, Migration>> = {
  "0001_initial": initialMigration,
  "0002_team_email_theme": teamEmailThemeMigration,
  "0003_device_reports": deviceReportsMigration,
  "0004_users": usersMigration,
  "0005_user_search": userSearchMigration,
  "0006_shared_limits": sharedLimitsMigration,
  "0007_user_device_count": userDeviceCountMigration,
  "0008_user_search_one_index": userSearchOneIndexMigration,
  "0009_installation_secrets": installationSecretsMigration,
  "0010_license_packs": licensePacksMigration,
  "0011_association_uid": associationUidMigration,
  "0012_invitations": invitationsMigration,
  "0013_user_imports": userImportsMigration,
  "0014_device_version_key": deviceVersionKeyMigration,
  "0015_access_log_request_id": accessLogRequestIdMigration,
  "0016_access_tokens": accessTokensMigration,
  "0017_idempotency_keys": idempotencyKeysMigration,
  "0018_admin_mfa": adminMfaMigration,
  "0019_team_counters": teamCountersMigration,
  "0022_license_settings": licenseSettingsMigration,
  "0023_last_seen_summary": lastSeenSummaryMigration,
  "0024_users_fewer_indexes": usersFewerIndexesMigration,
};
