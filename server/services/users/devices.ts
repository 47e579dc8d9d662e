/**
 * Remote wipe and deletion of one device of one user (`PUT /v2/device/wipe`, `DELETE
 * /v2/device`). A wipe is a request: it stays pending until the communications service
 * acknowledges it through the service API. Unknown users or devices, devices of another user
 * and users outside the scope all answer the same 404.
 */
import type { DeviceActionReq } from "../../../shared/schemas/device";
import { lockRowsInOrder } from "../../db/locks";
import { runTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, teamInScope, type Scope } from "../access";

/** The device `deviceId` of user `uid`, if both exist, belong together and are in the scope. */
async function findDevice(ctx: ServiceContext, scope: Scope, input: DeviceActionReq, code: "deviceWipe404" | "deviceDelete404") {
  const row = await ctx.db
    .selectFrom("devices")
    .innerJoin("users", "users.id", "devices.userId")
    .select(["devices.id", "devices.uid", "devices.userId", "users.uid as userUid", "users.teamId"])
    .where("devices.uid", "=", input.deviceId)
    .where("users.uid", "=", input.uid)
    .executeTakeFirst();
  if (!row || !teamInScope(scope, row.teamId)) throw new AppError(code, 404);
  return row;
}

/**
 * Requests a remote wipe ('Wipe requested'). Idempotent: a wipe already pending keeps its first
 * request time; a device wiped before (and seen again since) can be wiped again.
 */
export async function requestDeviceWipe(ctx: ServiceContext, scope: Scope, input: DeviceActionReq, origin: RequestOrigin): Promise<void> {
  const device = await findDevice(ctx, scope, input, "deviceWipe404");
  await runTransaction(ctx.db, async (trx) => {
    // Conditional: only a device with no wipe pending gets a new request (idempotent under races).
    const updated = await trx
      .updateTable("devices")
      .set({ wipeRequestedAt: Date.now(), wipeRequestedBy: scope.adminId, wipedAt: null })
      .where("id", "=", device.id)
      .where((eb) => eb.or([eb("wipeRequestedAt", "is", null), eb("wipedAt", "is not", null)]))
      .executeTakeFirst();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "device.wipe",
        target: { type: "device", id: device.uid },
        teamId: device.teamId,
        details: { user: device.userUid, alreadyPending: Number(updated.numUpdatedRows) === 0 },
      },
    );
  });
}

/**
 * Deletes a device and its locations. The user's row is locked first: the delete's trigger
 * updates the user's device count, and a bulk action locks users before their devices, so
 * taking the device first could deadlock with it. A device gone meanwhile (its user deleted)
 * answers 404 like an unknown one.
 */
export async function deleteDevice(ctx: ServiceContext, scope: Scope, input: DeviceActionReq, origin: RequestOrigin): Promise<void> {
  const device = await findDevice(ctx, scope, input, "deviceDelete404");
  await runTransaction(ctx.db, async (trx) => {
    await lockRowsInOrder(trx, trx.selectFrom("users").select("id").where("id", "=", device.userId), "noKeyUpdate").execute();
    const deleted = await trx.deleteFrom("devices").where("id", "=", device.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new AppError("deviceDelete404", 404);
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "device.delete",
        target: { type: "device", id: device.uid },
        teamId: device.teamId,
        details: { user: device.userUid },
      },
    );
  });
}
