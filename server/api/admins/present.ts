/**
 * Administrators as the API and the pages show them (docs/API.md "Administrators"): SPEC §3
 * field names, ISO 8601 UTC times, teams limited to the caller's scope, internal ids left out.
 * The export's admin columns read these same items.
 */
import type { AdminDetail, AdminListItem } from "../../../shared/api/admins";
import { accessLevelFromStored } from "../../../shared/domain/accessLevels";
import type { ListResponse } from "../../../shared/schemas/list";
import type { AdminRecord } from "../../services/admins";

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** One row of `GET /v2/admins`. */
export function presentAdminListItem(admin: AdminRecord): AdminListItem {
  return {
    uid: admin.uid,
    username: admin.username,
    firstName: admin.firstName,
    lastName: admin.lastName,
    role: admin.role,
    status: admin.status,
    teams: admin.teams,
    accessLevel: accessLevelFromStored(admin.accessLevel),
    createdOn: new Date(admin.createdAt).toISOString(),
    lastSeen: isoOrNull(admin.lastSeenAt),
  };
}

/** A page of `GET /v2/admins`. */
export function presentAdminPage(page: ListResponse<AdminRecord>): ListResponse<AdminListItem> {
  return { items: page.items.map(presentAdminListItem), total: page.total, nextCursor: page.nextCursor };
}

/** `GET /v2/admin/:uid` (and the reply of create, edit and teams): an admin's profile. */
export function presentAdminDetail(admin: AdminRecord): AdminDetail {
  return {
    ...presentAdminListItem(admin),
    lang: admin.lang,
    timezone: admin.timezone,
    failedAttempts: admin.failedAttempts,
    lockedUntil: isoOrNull(admin.lockedUntil),
  };
}
