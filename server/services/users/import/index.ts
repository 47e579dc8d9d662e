/**
 * Users import (docs/API.md "Users import"): `previewImport` says what a CSV
 * would do and changes nothing; `applyImport` runs it under an import id — resumable, in
 * batches, or all-or-nothing — and writes one access-log entry per run with its counts;
 * `readImport` and `importResults` answer its state and its per-row results. Scope (DESIGN §5):
 * an administrator imports only into their companies (another company reads as unknown) and
 * sees only their own imports; root sees every import.
 */
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { ImportPreview, ImportStatus } from "../../../../shared/api/userImport";
import type { UserImportQuery } from "../../../../shared/schemas/userImport";
import { runTransaction } from "../../../db/transaction";
import { AppError } from "../../../errors";
import { recordAccess } from "../../accessLog";
import type { RequestOrigin, ServiceContext } from "../../../lib/context";
import { actorOf, isRootScope, type Scope } from "../../access";
import type { PlannedRow } from "./check";
import { READ_BATCH_ROWS, type ImportBody, type ReadSummary } from "./csv";
import { inImportSlot } from "./gate";
import { liveProgress, reading, readingStatus } from "./progress";
import { planner } from "./plan";
import { readCheckedFile } from "./reader";
import {
  BATCH_ROWS,
  LeaseLostError,
  recordOnly,
  renewLease,
  runAllOrNothing,
  runBatch,
  type OutcomeCounts,
  type RowResult,
  type RunContext,
} from "./run";
import { importsInProgress } from "../../../lib/metrics";
import {
  claimImport,
  EXAMPLES_PER_CODE,
  examplesByCode,
  findImport,
  importStatus,
  processedRowNumbers,
  RESULTS_HEADER,
  resultPage,
} from "./store";

/**
 * Reads and checks the file (in the reader thread: ./reader) through `onBatch`, then lets the body's owner settle the call (`read()`, e.g.
 * claim the Idempotency-Key with the body's fingerprint): undefined when the call was answered
 * there (a replay). A file refused as unreadable is settled the same way before the refusal is
 * thrown, so a key keeps its meaning whatever the file holds.
 */
async function readThrough(body: ImportBody, onBatch: (rows: PlannedRow[]) => Promise<void>): Promise<ReadSummary | undefined> {
  let summary: ReadSummary;
  try {
    summary = await readCheckedFile(body, onBatch);
  } catch (error) {
    if (error instanceof AppError && error.code === "usersImport400" && !(await body.read())) return undefined;
    throw error;
  }
  return (await body.read()) ? summary : undefined;
}

/**
 * `POST /v2/users/import?mode=preview`: counts of new, changed, unchanged, invalid and duplicate
 * rows, and the first rows of each problem; undefined when the call was answered otherwise (a
 * replay). The slot is taken before the first byte is read.
 */
export async function previewImport(ctx: ServiceContext, scope: Scope, body: ImportBody): Promise<ImportPreview | undefined> {
  return inImportSlot(scope.adminId, () => preview(ctx, scope, body));
}

/** The preview itself, in its slot: each batch is checked and classified as it is read, and only its counts are kept. */
async function preview(ctx: ServiceContext, scope: Scope, body: ImportBody): Promise<ImportPreview | undefined> {
  const plan = planner(ctx.db, scope, { seats: true, now: Date.now() });
  const counts = { new: 0, changed: 0, unchanged: 0, invalid: 0, duplicate: 0 };
  const examples: { rowNumber: number; username: string | null; code: string | null; field: string | null }[] = [];
  const listed = new Map<string, number>();
  const summary = await readThrough(body, async (planned) => {
    await plan(planned);
    for (const row of planned) {
      counts[row.kind] += 1;
      if (!row.code || (listed.get(row.code) ?? 0) >= EXAMPLES_PER_CODE) continue;
      listed.set(row.code, (listed.get(row.code) ?? 0) + 1);
      examples.push({ rowNumber: row.rowNumber, username: row.username, code: row.code, field: row.field ?? null });
    }
    await yieldToOthers();
  });
  if (!summary) return undefined;
  return { total: summary.total, counts, errors: examplesByCode(examples) };
}

/** Rows of a refused all-or-nothing import as recorded: the problems with their codes, the rest skipped. */
function refusedResults(rows: readonly PlannedRow[], problem?: RowResult): RowResult[] {
  return rows.map((row): RowResult => {
    if (problem && row === problem.row) return problem;
    if (!problem && (row.kind === "invalid" || row.kind === "duplicate")) return { row, outcome: row.kind, code: row.code };
    return { row, outcome: "skipped" };
  });
}

/** Runs the planned rows; answers the final status and an error code for a refused all-or-nothing import. */
async function runRows(
  ctx: ServiceContext,
  run: RunContext,
  rows: readonly PlannedRow[],
  allOrNothing: boolean,
): Promise<{ status: "done" | "rejected"; errorCode: string | null }> {
  if (!allOrNothing) {
    for (let i = 0; i < rows.length; i += BATCH_ROWS) {
      await runBatch(ctx.db, run, rows.slice(i, i + BATCH_ROWS));
      // Other requests get their turn between batches (one SQLite connection, one event loop).
      await yieldToOthers();
    }
    return { status: "done", errorCode: null };
  }
  const problem = rows.find((row) => row.kind === "invalid" || row.kind === "duplicate");
  if (problem) {
    await recordOnly(ctx.db, run, refusedResults(rows));
    return { status: "rejected", errorCode: problem.code ?? null };
  }
  const refusal = await runAllOrNothing(ctx.db, run, rows);
  if (!refusal) return { status: "done", errorCode: null };
  // A failure no row is to blame for (the database refused the run) blames none: every row is
  // skipped (none is invalid or a repeat: checked above), and the import's errorCode says why.
  const blamed: RowResult | undefined = refusal.row
    ? { row: refusal.row, outcome: refusal.code === "failed" ? "failed" : "invalid", code: refusal.code }
    : undefined;
  await recordOnly(ctx.db, run, refusedResults(rows, blamed));
  return { status: "rejected", errorCode: refusal.code };
}

/**
 * `POST /v2/users/import?mode=apply&id=…`: starts the import `id` or resumes it (the same file,
 * rows already recorded are skipped), and answers its state when it stops. A finished import is
 * answered as it is; a failure leaves it `failed`, to be resumed.
 */
export async function applyImport(
  ctx: ServiceContext,
  scope: Scope,
  query: UserImportQuery,
  body: ImportBody,
  origin: RequestOrigin,
): Promise<ImportStatus | undefined> {
  return inImportSlot(scope.adminId, () => apply(ctx, scope, query, body, origin));
}

/** The import itself, in its slot. */
async function apply(
  ctx: ServiceContext,
  scope: Scope,
  query: UserImportQuery,
  body: ImportBody,
  origin: RequestOrigin,
): Promise<ImportStatus | undefined> {
  const { db } = ctx;
  // Every row is needed before the first write (the file's checksum starts or resumes the import;
  // all-or-nothing refuses before writing): the checked values are kept, never the file's text.
  const rows: PlannedRow[] = [];
  const uid = query.id!;
  // Another apply of the same id (another administrator's, refused at the claim) leaves the first one's entry alone.
  const pending = reading.has(uid) ? null : { adminId: scope.adminId, allOrNothing: query.allOrNothing, since: Date.now() };
  if (pending) reading.set(uid, pending);
  let file: ReadSummary | undefined;
  let claimed: Awaited<ReturnType<typeof claimImport>>;
  try {
    file = await readThrough(body, (batch) => {
      for (const row of batch) rows.push(row);
      return Promise.resolve();
    });
    if (!file) return undefined;
    claimed = await claimImport(db, scope, {
      uid,
      sha256: file.sha256,
      total: file.total,
      allOrNothing: query.allOrNothing,
      now: Date.now(),
    });
  } finally {
    if (pending) reading.delete(uid);
  }
  if (!claimed.leaseToken) return importStatus(db, claimed.row);
  const { row } = claimed;
  const allOrNothing = row.allOrNothing === 1;
  const counts: OutcomeCounts = {
    created: row.createdCount,
    changed: row.changedCount,
    unchanged: row.unchangedCount,
    invalid: row.invalidCount,
    duplicate: row.duplicateCount,
    failed: row.failedCount,
  };
  const run: RunContext = {
    importId: row.id,
    leaseToken: claimed.leaseToken,
    counts,
    processed: row.processedRows,
    onProgress: (n) => liveProgress.set(uid, n),
  };
  const resumed = row.processedRows > 0;
  liveProgress.set(uid, run.processed);
  importsInProgress.inc();
  try {
    const done = await processedRowNumbers(db, row.id);
    // The whole file is planned (repeats are decided against every row), then the recorded rows are left out.
    // All-or-nothing also counts seats up front, to refuse before writing; batches re-check them under the seat lock.
    const plan = planner(db, scope, { seats: allOrNothing, now: Date.now() });
    for (let i = 0; i < rows.length; i += READ_BATCH_ROWS) await plan(rows.slice(i, i + READ_BATCH_ROWS));
    const planned = rows.filter((r) => !done.has(r.rowNumber));
    // Planning a large file takes seconds: renew the lease before the first batch relies on it.
    await renewLease(db, run);
    const outcome = await runRows(ctx, run, planned, allOrNothing);
    const teams = [...new Set(planned.filter((r) => r.teamId !== undefined).map((r) => r.team!))].sort();
    await runTransaction(db, async (trx) => {
      const now = Date.now();
      await trx
        .updateTable("userImports")
        .set({ status: outcome.status, errorCode: outcome.errorCode, finishedAt: now, updatedAt: now, leaseUntil: now })
        .where("id", "=", row.id)
        .where("leaseToken", "=", run.leaseToken)
        .execute();
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "users.import",
          outcome: outcome.status === "done" ? "success" : "failure",
          target: { type: "userImport", id: uid },
          details: {
            status: outcome.status,
            allOrNothing,
            resumed,
            total: file.total,
            processed: run.processed,
            ...run.counts,
            teams: teams.slice(0, 100),
          },
        },
      );
    });
  } catch (error) {
    // Another process took the import over while this one stalled: it goes on there.
    if (error instanceof LeaseLostError) throw new AppError("usersImport409", 409, { reason: "takenOver" });
    // Resumable: the batches committed so far stay; the next apply with this id goes on from there.
    await db
      .updateTable("userImports")
      .set({ status: "failed", errorCode: "failed", updatedAt: Date.now(), leaseUntil: 0 })
      .where("id", "=", row.id)
      .where("leaseToken", "=", run.leaseToken)
      .execute()
      .catch(() => undefined);
    throw error;
  } finally {
    liveProgress.delete(uid);
    importsInProgress.dec();
  }
  return readImport(ctx, scope, uid);
}

/** `GET /v2/users/import/{id}`: the import's state and progress (404 `usersImportRead404` unless the caller's or root). */
export async function readImport(ctx: ServiceContext, scope: Scope, uid: string): Promise<ImportStatus> {
  let row: Awaited<ReturnType<typeof findImport>>;
  try {
    row = await findImport(ctx.db, scope, uid, "usersImportRead404");
  } catch (error) {
    const pending = reading.get(uid);
    if (pending && (isRootScope(scope) || pending.adminId === scope.adminId)) return readingStatus(uid, pending);
    throw error;
  }
  const status = await importStatus(ctx.db, row);
  const live = liveProgress.get(uid);
  return live !== undefined && live > status.processed ? { ...status, processed: live } : status;
}

/**
 * `GET /v2/users/import/{id}/results`: the per-row results as CSV lines (header first), read in
 * keyset pages so a 100,000-row import streams without being held in memory. The import is
 * checked before the first line, so a 404 is still an ordinary error answer.
 */
export async function importResults(ctx: ServiceContext, scope: Scope, uid: string): Promise<AsyncIterable<string>> {
  const row = await findImport(ctx.db, scope, uid, "usersImportRead404");
  return (async function* lines() {
    yield `${RESULTS_HEADER}\r\n`;
    let after = 0;
    for (;;) {
      const page = await resultPage(ctx.db, row.id, after, 5_000);
      if (page.count > 0) yield page.csv;
      if (page.last === null || page.count < 5_000) return;
      after = page.last;
    }
  })();
}
