import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { accessLevelFromStored } from "../../../shared/domain/accessLevels";
import type { DeviceReportReq } from "../../../shared/schemas/service";
import { runTransaction } from "../../db/transaction";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import type { ServiceCaller } from "../identity";

/**
 * The answer to a device report: the device's id, whether a wipe is pending for it, and the user's
 * access level (0..9 or null, #31), which the service reads at each sign-in.
 */
export interface DeviceReportResult {
  device: string;
  wipe: boolean;
  accessLevel: number | null;
}

/** A pending wipe as `GET /v2/service/wipes` lists it. */
export interface PendingWipe {
  user: string;
  device: string;
  deviceToken: string | null;
  requestedAt: string;
}

/** At most this many pending wipes per call, oldest first; the service acknowledges and asks again. */
export const PENDING_WIPES_PAGE = 1000;

/** The user a report names: by uid, else by username (stored lowercase). A uid match wins. */
async function findReportedUser(
  db: Kysely<Database>,
  user: string,
): Promise<{ id: number; status: string; accessLevel: string | null } | undefined> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "uid", "status", "accessLevel"])
    .where((eb) => eb.or([eb("uid", "=", user), eb("username", "=", user.toLowerCase())]))
    .limit(2)
    .execute();
  return rows.find((r) => r.uid === user) ?? rows[0];
}

/**
 * Records a device sign-in reported by the communications service, in one transaction: the
 * user's last seen time and IP, the device (matched by its token among the user's devices,
 * created when new), and a location row when one is given. A blocked user is refused with 403
 * and nothing is written: its devices are not served.
 */
export async function reportDevice(ctx: ServiceContext, report: DeviceReportReq, now = Date.now()): Promise<DeviceReportResult> {
  return runTransaction(ctx.db, (trx) => reportDeviceIn(trx, report, now));
}

/**
 * reportDevice's work inside a transaction the caller runs: an invitation redeemed with a device
 * records both or neither (a device recorded after the redemption's commit could fail on a full
 * pool and answer 503 for a redemption that had happened; the retry then got 409).
 */
export async function reportDeviceIn(trx: Kysely<Database>, report: DeviceReportReq, now: number): Promise<DeviceReportResult> {
  const user = await findReportedUser(trx, report.user);
  if (!user) throw new AppError("notFound", 404);
  const ip = report.location?.ip;
  // The conditional update refuses a user blocked meanwhile and, on PostgreSQL, locks the
  // user's row, so two reports of the same new device cannot both insert it.
  const touched = await trx
    .updateTable("users")
    .set(ip ? { lastSeenAt: now, ipAddress: ip } : { lastSeenAt: now })
    .where("id", "=", user.id)
    .where("status", "!=", "blocked")
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) throw new AppError("forbidden", 403);

  const { token, platform, appVersion, deviceName, osVersion, browser } = report.device;
  const described = { appVersion, deviceName, osVersion, browser };
  const given = Object.fromEntries(Object.entries(described).filter(([, v]) => v !== undefined)) as Partial<typeof described>;
  const existing = await trx
    .selectFrom("devices")
    .select(["id", "uid", "wipeRequestedAt", "wipedAt"])
    .where("userId", "=", user.id)
    .where("deviceToken", "=", token)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  let device: { id: number; uid: string; wipe: boolean };
  if (existing) {
    await trx
      .updateTable("devices")
      .set({ platform, lastSeenAt: now, ...given })
      .where("id", "=", existing.id)
      .execute();
    device = { id: existing.id, uid: existing.uid, wipe: existing.wipeRequestedAt !== null && existing.wipedAt === null };
  } else {
    const inserted = await trx
      .insertInto("devices")
      .values({
        uid: randomUUID(),
        userId: user.id,
        platform,
        deviceToken: token,
        appVersion: given.appVersion ?? null,
        deviceName: given.deviceName ?? null,
        osVersion: given.osVersion ?? null,
        browser: given.browser ?? null,
        createdAt: now,
        lastSeenAt: now,
      })
      .returning(["id", "uid"])
      .executeTakeFirstOrThrow();
    device = { ...inserted, wipe: false };
  }

  const location = report.location;
  if (location && Object.values(location).some((v) => v !== undefined && v !== "")) {
    await trx
      .insertInto("locations")
      .values({
        deviceId: device.id,
        city: location.city ?? null,
        country: location.country ?? null,
        geocountry: location.geocountry ?? null,
        ip: location.ip ?? null,
        recordedAt: now,
      })
      .execute();
  }
  return { device: device.uid, wipe: device.wipe, accessLevel: accessLevelFromStored(user.accessLevel) };
}

/**
 * Wipes requested and not yet acknowledged, oldest first (at most PENDING_WIPES_PAGE). A deleted
 * device or user is gone from the tables, so its wipe is no longer listed. Reads the partial
 * index devices_pending_wipe_idx.
 */
export async function listPendingWipes(ctx: ServiceContext): Promise<{ items: PendingWipe[] }> {
  const { db } = ctx;
  const rows = await db
    .selectFrom("devices")
    .innerJoin("users", "users.id", "devices.userId")
    .select(["users.uid as user", "devices.uid as device", "devices.deviceToken", "devices.wipeRequestedAt"])
    .where("devices.wipedAt", "is", null)
    .where("devices.wipeRequestedAt", "is not", null)
    .orderBy("devices.wipeRequestedAt")
    .orderBy("devices.id")
    .limit(PENDING_WIPES_PAGE)
    .execute();
  return {
    items: rows.map((r) => ({
      user: r.user,
      device: r.device,
      deviceToken: r.deviceToken,
      requestedAt: new Date(r.wipeRequestedAt ?? 0).toISOString(),
    })),
  };
}

/**
 * The service confirms it wiped a device: sets `wiped_at` once (a repeated acknowledgement is
 * a no-op) and writes `device.wiped` to the access log. A device that is unknown, or has no
 * wipe requested, answers 404.
 */
export async function acknowledgeWipe(
  ctx: ServiceContext,
  deviceUid: string,
  caller: ServiceCaller,
  origin: RequestOrigin,
  now = Date.now(),
): Promise<void> {
  const { db } = ctx;
  await runTransaction(db, async (trx) => {
    const device = await trx
      .selectFrom("devices")
      .innerJoin("users", "users.id", "devices.userId")
      .select(["devices.id", "devices.wipeRequestedAt", "devices.wipedAt", "users.teamId", "users.uid as userUid"])
      .where("devices.uid", "=", deviceUid)
      .executeTakeFirst();
    if (!device || device.wipeRequestedAt === null) throw new AppError("notFound", 404);
    if (device.wipedAt !== null) return;
    const done = await trx
      .updateTable("devices")
      .set({ wipedAt: now })
      .where("id", "=", device.id)
      .where("wipedAt", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return;
    await recordAccess(
      trx,
      { actor: null, ...origin },
      {
        action: "device.wiped",
        target: { type: "device", id: deviceUid },
        teamId: device.teamId,
        details: { user: device.userUid, serviceToken: caller.name },
      },
    );
  });
}
