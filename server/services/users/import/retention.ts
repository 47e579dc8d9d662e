/**
 * Retention of users imports: without it every import keeps its record and one
 * `user_import_rows` row per CSV row forever (a 100,000-row import leaves 100,000 rows). The
 * housekeeping pass removes the imports nobody works on any more — finished (done, failed,
 * rejected) or abandoned (running, its lease long run out) — once their last change
 * (`updated_at`) is older than the security setting `importRetentionDays`. A live import is
 * never touched: its `updated_at` moves with every batch.
 *
 * Bounded work: an import is first claimed under the import's own lease (compare-and-set on its
 * token, status `running`, lease {@link PRUNE_LEASE_MS}), so a resume arriving meanwhile is
 * answered 409 `running` instead of racing the delete; then its rows go in chunks of
 * {@link PRUNE_CHUNK_ROWS} (each a short statement on the UNIQUE (import_id, row_number) index,
 * other requests served in between), then the record. A process killed half-way leaves the
 * import claimed; once the claim's lease runs out the next pass finishes it.
 */
import { randomUUID } from "node:crypto";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/types";
import { readSettings } from "../../settings";

const DAY_MS = 86_400_000;

/** chosen: rows deleted per statement (short on either engine: one SQLite write lock, a few ms). */
export const PRUNE_CHUNK_ROWS = 5_000;

/** chosen: imports removed per pass at most; the next pass (5 minutes later) takes the rest. */
const PRUNE_IMPORTS_PER_PASS = 100;

/** chosen: how long a pass holds an import it is deleting; a pass that dies leaves it for the next one after this. */
const PRUNE_LEASE_MS = 10 * 60_000;

/** Deletes the imports past their retention with their per-row results; returns how many imports were removed (`chunkRows`: tests). */
export async function pruneImports(db: Kysely<Database>, now = Date.now(), chunkRows = PRUNE_CHUNK_ROWS): Promise<number> {
  const { security } = await readSettings(db);
  const cutoff = now - security.importRetentionDays * DAY_MS;
  const candidates = await db
    .selectFrom("userImports")
    .select(["id", "leaseToken"])
    .where("updatedAt", "<", cutoff)
    .where((eb) => eb.or([eb("status", "!=", "running"), eb("leaseUntil", "<", now)]))
    .orderBy("id")
    .limit(PRUNE_IMPORTS_PER_PASS)
    .execute();
  let removed = 0;
  for (const candidate of candidates) {
    const token = randomUUID();
    // The import's own compare-and-set: a resume that claimed it since the select wins, and is left alone.
    const claimed = await db
      .updateTable("userImports")
      .set({ status: "running", leaseToken: token, leaseUntil: now + PRUNE_LEASE_MS })
      .where("id", "=", candidate.id)
      .where("leaseToken", "=", candidate.leaseToken)
      .where("updatedAt", "<", cutoff)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    for (;;) {
      const chunk = await db
        .deleteFrom("userImportRows")
        .where("id", "in", (eb) => eb.selectFrom("userImportRows").select("id").where("importId", "=", candidate.id).limit(chunkRows))
        .executeTakeFirst();
      if (Number(chunk.numDeletedRows) < chunkRows) break;
      await yieldToOthers();
    }
    // The rows are gone, so the FK cascade (both engines; SQLite with foreign_keys on) has nothing left to do.
    const gone = await db.deleteFrom("userImports").where("id", "=", candidate.id).where("leaseToken", "=", token).executeTakeFirst();
    removed += Number(gone.numDeletedRows);
  }
  return removed;
}
