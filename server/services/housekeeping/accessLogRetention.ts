import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { readSettings } from "../settings";

const DAY_MS = 86_400_000;

/**
 * Deletes the access-log entries older than the security settings' `accessLogRetentionDays`:
 * without it the log grows with every privileged action forever. One DELETE on the
 * (created_at, id) index; the housekeeping job runs it on every pass. Returns the rows removed.
 */
export async function pruneAccessLog(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const { security } = await readSettings(db);
  const cutoff = now - security.accessLogRetentionDays * DAY_MS;
  const result = await db.deleteFrom("accessLog").where("createdAt", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
