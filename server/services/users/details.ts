/**
 * `GET /v2/user/:uid`: one user with their team, aliases and devices, each device with its latest
 * location. Three queries: the user, the aliases, and the devices joined to their latest
 * location (no N+1).
 */
import type { Kysely } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import { isUid } from "../../../shared/schemas/primitives";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import type { ServiceContext } from "../../lib/context";
import { teamInScope, type Scope } from "../access";
import { appMinimums } from "../settings";

/** The devices of a user, most recently seen first, each with its latest location (one query). */
function deviceRows(db: Kysely<Database>, userId: number) {
  return (
    db
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
      .execute()
  );
}

function userRow(db: Kysely<Database>, uid: string) {
  return db
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
}

/** A device as the user's details read it, with whether its app is below its platform's minimum. */
export type UserDeviceRow = Awaited<ReturnType<typeof deviceRows>>[number] & { belowMinimum: boolean };

/** A user with their team, aliases and devices; the presenter gives it the API's shape. */
export type UserRecord = NonNullable<Awaited<ReturnType<typeof userRow>>> & { aliases: string[]; devices: UserDeviceRow[] };

/**
 * The devices of a user with whether each app is below its platform's minimum (the key kept by
 * migration 0014's triggers, compared as the users list compares it).
 */
async function devicesOf(db: Kysely<Database>, userId: number): Promise<UserDeviceRow[]> {
  const minimums = new Map((await appMinimums(db)).map((m) => [m.platform as number, m.key]));
  const rows = await deviceRows(db, userId);
  return rows.map((row) => ({
    ...row,
    belowMinimum: row.versionKey !== null && minimums.has(row.platform) && row.versionKey < minimums.get(row.platform)!,
  }));
}

/**
 * Loads a user by uid within the scope; unknown and out-of-scope users both answer `code` (404),
 * so an admin learns nothing about other teams' users.
 */
export async function loadUserDetails(
  ctx: ServiceContext,
  scope: Scope,
  uid: string,
  code: CatalogueCode = "userRead404",
): Promise<UserRecord> {
  const { db } = ctx;
  // A path parameter: anything that is not a uid names no user (and never reaches SQL).
  if (!isUid(uid)) throw new AppError(code, 404);
  const user = await userRow(db, uid);
  if (!user || !teamInScope(scope, user.teamId)) throw new AppError(code, 404);
  const aliases = await db.selectFrom("userAliases").select("alias").where("userId", "=", user.id).orderBy("alias").execute();
  return { ...user, aliases: aliases.map((a) => a.alias), devices: await devicesOf(db, user.id) };
}
