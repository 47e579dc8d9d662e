/**
 * `GET /v2/user/:uid`: one user with their team, aliases and devices, each device with its
 * platform's name (SPEC §3 codes) and its latest location. Three queries: the user, the
 * aliases, and the devices joined to their latest location (no N+1).
 */
import type { Kysely } from "kysely";
import { platformName } from "../../../shared/domain/platforms";
import type { CatalogueCode } from "../../../shared/errors";
import { isUid } from "../../../shared/schemas/primitives";
import { fromFlag } from "../../db/flags";
import type { DeviceWipeState, UserDetails, UserDevice } from "../../../shared/api/users";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { teamInScope, type Scope } from "../access";
import { appMinimums } from "../settings";
import { isoOrNull } from "./shared";


/** The wipe state from the two timestamps. */
export function wipeOf(requestedAt: number | null, wipedAt: number | null): DeviceWipeState {
  const status = wipedAt !== null ? "done" : requestedAt !== null ? "pending" : "none";
  return { status, requestedAt: isoOrNull(requestedAt), wipedAt: isoOrNull(wipedAt) };
}

/**
 * The devices of a user, most recently seen first, each with its latest location (one query)
 * and whether its app is below its platform's minimum (the key kept by migration 0014's triggers,
 * compared as the users list compares it).
 */
async function devicesOf(db: Kysely<Database>, userId: number): Promise<UserDevice[]> {
  const minimums = new Map((await appMinimums(db)).map((m) => [m.platform as number, m.key]));
  const rows = await db
    .selectFrom("devices")
    // The latest location: the newest recording of the device (locations(device_id, recorded_at) index).
    .leftJoin("locations", (join) =>
      join.on((eb) =>
        eb(
          "locations.id",
          "=",
          eb
            .selectFrom("locations as latest")
            .select("latest.id")
            .whereRef("latest.deviceId", "=", "devices.id")
            .orderBy("latest.recordedAt", "desc")
            .orderBy("latest.id", "desc")
            .limit(1),
        ),
      ),
    )
    .select([
      "devices.uid",
      "devices.platform",
      "devices.appVersion",
      "devices.versionKey",
      "devices.osVersion",
      "devices.deviceName",
      "devices.browser",
      "devices.createdAt",
      "devices.lastSeenAt",
      "devices.wipeRequestedAt",
      "devices.wipedAt",
      "locations.id as locationId",
      "locations.city",
      "locations.country",
      "locations.geocountry",
      "locations.ip",
    ])
    .where("devices.userId", "=", userId)
    .orderBy("devices.lastSeenAt", "desc")
    .orderBy("devices.id", "desc")
    .execute();
  return rows.map((row) => ({
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
    belowMinimum: row.versionKey !== null && minimums.has(row.platform) && row.versionKey < minimums.get(row.platform)!,
  }));
}

/**
 * Loads a user by uid within the scope; unknown and out-of-scope users both answer `code` (404),
 * so an admin learns nothing about other teams' users.
 */
export async function loadUserDetails(db: Kysely<Database>, scope: Scope, uid: string, code: CatalogueCode = "userRead404"): Promise<UserDetails> {
  // A path parameter: anything that is not a uid names no user (and never reaches SQL).
  if (!isUid(uid)) throw new AppError(code, 404);
  const user = await db
    .selectFrom("users")
    .innerJoin("teams", "teams.id", "users.teamId")
    .select([
      "users.id",
      "users.uid",
      "users.username",
      "users.firstName",
      "users.lastName",
      "users.role",
      "users.accessLevel",
      "users.teamId",
      "teams.slug as teamSlug",
      "teams.teamName",
      "users.status",
      "users.isEcs",
      "users.isSip",
      "users.isCellcrypt",
      "users.ipAddress",
      "users.createdAt",
      "users.lastSeenAt",
    ])
    .where("users.uid", "=", uid)
    .executeTakeFirst();
  if (!user || !teamInScope(scope, user.teamId)) throw new AppError(code, 404);
  const aliases = await db.selectFrom("userAliases").select("alias").where("userId", "=", user.id).orderBy("alias").execute();
  return {
    uid: user.uid,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    accessLevel: user.accessLevel,
    team: { slug: user.teamSlug, teamName: user.teamName },
    status: user.status,
    ecs: fromFlag(user.isEcs),
    sip: fromFlag(user.isSip),
    cellcrypt: fromFlag(user.isCellcrypt),
    aliases: aliases.map((a) => a.alias),
    ipAddress: user.ipAddress,
    createdOn: new Date(user.createdAt).toISOString(),
    lastSeen: isoOrNull(user.lastSeenAt),
    devices: await devicesOf(db, user.id),
  };
}
