/**
 * Migration 0003: indexes for the service API (device reports and remote wipes).
 * - `devices_pending_wipe_idx`: a partial index holding only the devices whose wipe was requested
 *   and not yet acknowledged, so `GET /v2/service/wipes` reads a handful of entries instead of
 *   scanning every device. Both engines support partial indexes with this predicate.
 * Device reports find a device by (user_id, device_token) through `devices_user_id_idx` (a user
 * has a few devices), and the dashboard counts with the users indexes of 0001; neither needs more.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** Migration 0003: the pending-wipes index; `down` drops it. */
export const deviceReportsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex("devices_pending_wipe_idx")
      .on("devices")
      .columns(["wipe_requested_at", "id"])
      .where(sql.ref("wiped_at"), "is", null)
      .where(sql.ref("wipe_requested_at"), "is not", null)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex("devices_pending_wipe_idx").ifExists().execute();
  },
};
