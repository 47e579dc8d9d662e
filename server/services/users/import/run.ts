/**
 * Running an import: rows in batches of {@link BATCH_ROWS}, each batch one transaction that holds
 * the import's lease, takes the seats (counted once per company after `lockSeatCounters`, the
 * same lock `reserveSeats` takes: never oversold),
 * re-checks the domain white-list, writes the users, records every row's outcome under
 * UNIQUE (import, row) and the progress — all or nothing for that batch. A killed process leaves
 * whole batches behind, so a resume (same import id, same file) skips the recorded rows and goes
 * on. A batch that fails as a whole is retried row by row, so one bad row does not stop the
 * others; with all-or-nothing every batch runs in one transaction that any failure rolls back.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { ImportRowCode } from "../../../../shared/schemas/userImport";
import { isUniqueViolation } from "../../../db/errors";
import { toFlag } from "../../../db/flags";
import { runTransaction } from "../../../db/transaction";
import type { Database, UserImportOutcome } from "../../../db/types";
import { AppError } from "../../../errors";
import { refusedUsernames } from "../../domains";
import { lockSeatCounters, seatsOf } from "../../licenses";
import { IMPORT_LEASE_MS } from "./store";
import type { PlannedRow } from "./check";

/** chosen: rows per transaction (a few hundred statements; short enough not to hold the seat locks long). */
export const BATCH_ROWS = 500;

/** Counts kept on the import record, by outcome. */
export type OutcomeCounts = Record<"created" | "changed" | "unchanged" | "invalid" | "duplicate" | "failed", number>;

/** One row's recorded result. */
export interface RowResult {
  row: PlannedRow;
  outcome: UserImportOutcome;
  code?: ImportRowCode;
}

/** Another process took the import over (this one stalled past its lease): stop at once. */
export class LeaseLostError extends Error {}

/** What every batch needs to know. */
export interface RunContext {
  importId: number;
  leaseToken: string;
  counts: OutcomeCounts;
  processed: number;
  /** Called after each committed batch (progress for this process's readers). */
  onProgress?: (processed: number) => void;
}

const COUNTED: ReadonlySet<string> = new Set(["created", "changed", "unchanged", "invalid", "duplicate", "failed"]);

/** Decides each row of a batch under the seat lock, then writes the users it creates or changes. */
async function applyRows(trx: Transaction<Database>, rows: readonly PlannedRow[], now: number): Promise<RowResult[]> {
  const results: RowResult[] = [];
  const fresh = rows.filter((row) => row.kind === "new");
  const byTeam = new Map<number, PlannedRow[]>();
  for (const row of fresh) byTeam.set(row.teamId!, [...(byTeam.get(row.teamId!) ?? []), row]);
  await lockSeatCounters(trx, [...byTeam.keys()]);
  const accepted = new Set<PlannedRow>();
  for (const [teamId, teamRows] of byTeam) {
    // After the lock: the white-list and the seats this batch meets cannot change under it.
    const refused = await refusedUsernames(
      trx,
      teamId,
      teamRows.map((row) => row.input!.username),
    );
    const allowed = teamRows.filter((row) => !refused.has(row.input!.username));
    for (const row of teamRows) if (refused.has(row.input!.username)) results.push({ row, outcome: "invalid", code: "outsideDomains" });
    // Counted once, under the lock taken above (what reserveSeats does): no other writer can take
    // a seat of this company until this transaction ends, so a second count would find the same.
    const seats = await seatsOf(trx, teamId, now);
    const take = Math.max(0, Math.min(allowed.length, seats.capacity - seats.users - seats.invites));
    allowed.forEach((row, index) => (index < take ? accepted.add(row) : results.push({ row, outcome: "invalid", code: "overSeats" })));
  }
  const inserts = fresh.filter((row) => accepted.has(row));
  if (inserts.length > 0) {
    await trx
      .insertInto("users")
      .values(
        inserts.map((row) => ({
          uid: randomUUID(),
          username: row.input!.username,
          firstName: row.input!.firstName,
          lastName: row.input!.lastName,
          teamId: row.teamId!,
          status: "pending" as const,
          isEcs: toFlag(row.input!.ecs),
          isSip: toFlag(row.input!.sip),
          isCellcrypt: toFlag(row.input!.cellcrypt),
          passwordHash: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    for (const row of inserts) results.push({ row, outcome: "created" });
  }
  for (const row of rows) {
    if (row.kind === "changed") {
      const input = row.input!;
      await trx
        .updateTable("users")
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          isEcs: toFlag(input.ecs),
          isSip: toFlag(input.sip),
          isCellcrypt: toFlag(input.cellcrypt),
          updatedAt: now,
        })
        .where("id", "=", row.userId!)
        .execute();
      results.push({ row, outcome: "changed" });
    } else if (row.kind === "unchanged") results.push({ row, outcome: "unchanged" });
    else if (row.kind === "invalid" || row.kind === "duplicate") results.push({ row, outcome: row.kind, code: row.code });
  }
  return results;
}

/** Records the results and the progress, and checks this process still holds the lease. */
async function recordResults(
  trx: Transaction<Database>,
  run: RunContext,
  results: readonly RowResult[],
  now: number,
  extendLease = true,
): Promise<void> {
  const counts = { ...run.counts };
  for (const { outcome } of results) if (COUNTED.has(outcome)) counts[outcome as keyof OutcomeCounts] += 1;
  const held = await trx
    .updateTable("userImports")
    .set({
      processedRows: run.processed + results.length,
      createdCount: counts.created,
      changedCount: counts.changed,
      unchangedCount: counts.unchanged,
      invalidCount: counts.invalid,
      duplicateCount: counts.duplicate,
      failedCount: counts.failed,
      updatedAt: now,
      ...(extendLease ? { leaseUntil: now + IMPORT_LEASE_MS } : {}),
    })
    .where("id", "=", run.importId)
    .where("leaseToken", "=", run.leaseToken)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) throw new LeaseLostError("the import was taken over by another process");
  for (let i = 0; i < results.length; i += 100) {
    await trx
      .insertInto("userImportRows")
      .values(
        results.slice(i, i + 100).map(({ row, outcome, code }) => ({
          importId: run.importId,
          rowNumber: row.rowNumber,
          username: row.username,
          team: row.team,
          outcome,
          code: code ?? null,
          field: row.field ?? null,
        })),
      )
      .execute();
  }
  run.counts = counts;
  run.processed += results.length;
}

/** Extends the lease of an import this process runs; LeaseLostError when another process holds it now. */
export async function renewLease(db: Kysely<Database>, run: RunContext): Promise<void> {
  const now = Date.now();
  const held = await db
    .updateTable("userImports")
    .set({ leaseUntil: now + IMPORT_LEASE_MS, updatedAt: now })
    .where("id", "=", run.importId)
    .where("leaseToken", "=", run.leaseToken)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) throw new LeaseLostError("the import was taken over by another process");
}

/** Records results that have no effect of their own (a refused all-or-nothing import), batch by batch. */
export async function recordOnly(db: Kysely<Database>, run: RunContext, results: readonly RowResult[]): Promise<void> {
  for (let i = 0; i < results.length; i += BATCH_ROWS) {
    await runTransaction(db, async (trx) => recordResults(trx, run, results.slice(i, i + BATCH_ROWS), Date.now()));
  }
}

/** The row code of an error one row hit on its own. */
function codeOf(error: unknown): ImportRowCode {
  if (isUniqueViolation(error)) return "usernameTaken";
  if (error instanceof AppError && error.code === "notEnoughLicenses") return "overSeats";
  return "failed";
}

/** Runs one batch in its own transaction; if it fails as a whole, each row alone (its failure recorded). */
export async function runBatch(db: Kysely<Database>, run: RunContext, rows: readonly PlannedRow[]): Promise<void> {
  try {
    await runTransaction(db, async (trx) => recordResults(trx, run, await applyRows(trx, rows, Date.now()), Date.now()));
  } catch (error) {
    if (error instanceof LeaseLostError || rows.length === 1) {
      if (error instanceof LeaseLostError) throw error;
      const code = codeOf(error);
      await runTransaction(db, async (trx) =>
        recordResults(trx, run, [{ row: rows[0]!, outcome: code === "failed" ? "failed" : "invalid", code }], Date.now()),
      );
      return;
    }
    for (const row of rows) await runBatch(db, run, [row]);
  }
  run.onProgress?.(run.processed);
}

/** Why an all-or-nothing import was rolled back: the row code, and the row when one row caused it. */
export interface Refusal {
  code: ImportRowCode;
  row: PlannedRow | null;
}

/**
 * All-or-nothing: every row in one transaction; the first row that cannot be imported (or any
 * failure) rolls everything back and is returned, to be reported as the import's `errorCode`.
 */
export async function runAllOrNothing(db: Kysely<Database>, run: RunContext, rows: readonly PlannedRow[]): Promise<Refusal | null> {
  let refusal: Refusal | null = null;
  const snapshot = { counts: { ...run.counts }, processed: run.processed };
  try {
    await runTransaction(db, async (trx) => {
      Object.assign(run, { counts: { ...snapshot.counts }, processed: snapshot.processed });
      for (let i = 0; i < rows.length; i += BATCH_ROWS) {
        const results = await applyRows(trx, rows.slice(i, i + BATCH_ROWS), Date.now());
        const refused = results.find((result) => !["created", "changed", "unchanged"].includes(result.outcome));
        if (refused) {
          refusal = { code: refused.code ?? "failed", row: refused.row };
          throw new AppError("usersImport409", 409);
        }
        await recordResults(trx, run, results, Date.now());
        run.onProgress?.(run.processed);
      }
    });
  } catch (error) {
    Object.assign(run, { counts: { ...snapshot.counts }, processed: snapshot.processed });
    if (error instanceof LeaseLostError) throw error;
    return refusal ?? { code: codeOf(error), row: null };
  }
  return null;
}
