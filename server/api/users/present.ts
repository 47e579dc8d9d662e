/**
 * Users as the API and the pages show them (docs/API.md "Users and devices"): SPEC §3 field
 * names, ISO 8601 UTC times, 0/1 flags as booleans, the team as `{ slug, teamName }`, internal
 * ids left out. The export's user columns read these same items.
 */
import { accessLevelFromStored } from "../../../shared/domain/accessLevels";
import { platformName } from "../../../shared/domain/platforms";
import type { DeviceWipeState, UserDetails, UserDevice, UserListItem, UserListResponse } from "../../../shared/api/users";
import { isoUtc } from "../../lib/isoTime";
import type { UserDeviceRow, UserListPage, UserListRow, UserRecord } from "../../services/users";

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : isoUtc(ms));

/** One row of `GET /v2/users`. */
export function presentUserListItem(row: UserListRow): UserListItem {
  return {
    uid: row.uid,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    team: { slug: row.teamSlug, teamName: row.teamName },
    status: row.status,
    ecs: row.isEcs === 1,
    sip: row.isSip === 1,
    cellcrypt: row.isCellcrypt === 1,
    accessLevel: accessLevelFromStored(row.accessLevel),
    createdOn: isoUtc(row.createdAt),
    lastSeen: isoOrNull(row.lastSeenAt),
    deviceCount: row.deviceCount,
    // A boolean on PostgreSQL, 0/1 on SQLite.
    appOutdated: row.appOutdated === true || Number(row.appOutdated) === 1,
  };
}

/** A page of `GET /v2/users`. */
export function presentUserPage(page: UserListPage): UserListResponse {
  // `totalCapped` only when true: an exact total reads as before.
  const capped = page.totalCapped ? { totalCapped: true } : {};
  return { total: page.total, ...capped, nextCursor: page.nextCursor, items: page.items.map(presentUserListItem) };
}

/** A device's wipe state from its two timestamps. */
function wipeOf(requestedAt: number | null, wipedAt: number | null): DeviceWipeState {
  const status = wipedAt !== null ? "done" : requestedAt !== null ? "pending" : "none";
  return { status, requestedAt: isoOrNull(requestedAt), wipedAt: isoOrNull(wipedAt) };
}

function presentDevice(row: UserDeviceRow): UserDevice {
  return {
    id: row.uid,
    platform: row.platform,
    platformName: platformName(row.platform),
    appVersion: row.appVersion,
    osVersion: row.osVersion,
    deviceName: row.deviceName,
    browser: row.browser,
    createdOn: new Date(row.createdAt).toISOString(),
    lastSeen: new Date(row.lastSeenAt).toISOString(),
    wipe: wipeOf(row.wipeRequestedAt, row.wipedAt),
    location: row.locationId === null ? null : { city: row.city, country: row.country, geocountry: row.geocountry, ip: row.ip },
    belowMinimum: row.belowMinimum,
  };
}

/** `GET /v2/user/:uid` (and the reply of create and edit): a user with their aliases and devices. */
export function presentUserDetails(user: UserRecord): UserDetails {
  return {
    uid: user.uid,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    accessLevel: accessLevelFromStored(user.accessLevel),
    team: { slug: user.teamSlug, teamName: user.teamName },
    status: user.status,
    ecs: user.isEcs === 1,
    sip: user.isSip === 1,
    cellcrypt: user.isCellcrypt === 1,
    aliases: user.aliases,
    ipAddress: user.ipAddress,
    createdOn: new Date(user.createdAt).toISOString(),
    lastSeen: isoOrNull(user.lastSeenAt),
    devices: user.devices.map(presentDevice),
  };
}
