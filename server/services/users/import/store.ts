/**
 * The import records (migration 0013): starting or taking over an import under a lease, reading
 * its state with the first problem rows, and its per-row results. An import belongs to the
 * administrator who started it; root may read any (DESIGN §5), nobody else sees that it exists.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ImportErrors, ImportStatus } from "../../../../shared/api/userImport";
import { csvRows } from "../../../../shared/csv";
import { IMPORT_ROW_CODES, type ImportRowCode } from "../../../../shared/schemas/userImport";
import { isUniqueViolation } from "../../../db/errors";
import { toFlag } from "../../../db/flags";
import type { Database, Row } from "../../../db/types";
import { AppError } from "../../../errors";
import { isoUtc } from "../../../lib/isoTime";
import { isRootScope, type Scope } from "../../access";

/** chosen: how long a running import's process holds it without a sign of life (each batch extends it). */
export const IMPORT_LEASE_MS = 10_000;

/** The first rows listed per problem code. */
export const EXAMPLES_PER_CODE = 5;

/** An import this process may run: its record and the lease token every batch must still hold. */
export interface ClaimedImport {
  row: Row<"userImports">;
  /** null when the import is already finished: nothing to run, answer its state. */
  leaseToken: string | null;
}

/** What starting an import needs. */
export interface ImportStart {
  uid: string;
  sha256: string;
  total: number;
  allOrNothing: boolean;
  now: number;
}

/**
 * Starts the import `uid`, or takes it over to resume it: 404 `usersImport404` for another
 * administrator's import, 409 `usersImport409` when it was started with another file or another
 * process holds a live lease on it. A finished (done or rejected) import is returned as it is.
 */
export async function claimImport(db: Kysely<Database>, scope: Scope, start: ImportStart): Promise<ClaimedImport> {
  const leaseToken = randomUUID();
  const existing = await db.selectFrom("userImports").selectAll().where("uid", "=", start.uid).executeTakeFirst();
  if (!existing) {
    try {
      const row = await db
        .insertInto("userImports")
        .values({
          uid: start.uid,
          adminId: scope.adminId,
          fileSha256: start.sha256,
          allOrNothing: toFlag(start.allOrNothing),
          status: "running",
          totalRows: start.total,
          leaseToken,
          leaseUntil: start.now + IMPORT_LEASE_MS,
          createdAt: start.now,
          updatedAt: start.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, leaseToken };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("usersImport409", 409);
      throw error;
    }
  }
  if (existing.adminId !== scope.adminId) throw new AppError("usersImport404", 404);
  if (existing.fileSha256 !== start.sha256) throw new AppError("usersImport409", 409, { reason: "otherFile" });
  if (existing.status === "done" || existing.status === "rejected") return { row: existing, leaseToken: null };
  if (existing.status === "running" && existing.leaseUntil > start.now) throw new AppError("usersImport409", 409, { reason: "running" });
  // Compare-and-set on the old token: of two processes taking over at once, one wins.
  const taken = await db
    .updateTable("userImports")
    .set({ status: "running", leaseToken, leaseUntil: start.now + IMPORT_LEASE_MS, updatedAt: start.now, errorCode: null })
    .where("id", "=", existing.id)
    .where("leaseToken", "=", existing.leaseToken)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw new AppError("usersImport409", 409, { reason: "running" });
  return { row: { ...existing, status: "running", leaseToken, leaseUntil: start.now + IMPORT_LEASE_MS }, leaseToken };
}

/** Loads an import the caller may read (its owner, or root); otherwise 404 `code`. */
export async function findImport(
  db: Kysely<Database>,
  scope: Scope,
  uid: string,
  code: "usersImport404" | "usersImportRead404",
): Promise<Row<"userImports">> {
  const row = await db.selectFrom("userImports").selectAll().where("uid", "=", uid).executeTakeFirst();
  if (!row || (!isRootScope(scope) && row.adminId !== scope.adminId)) throw new AppError(code, 404);
  return row;
}

/** The row numbers already processed (a resume skips them). */
export async function processedRowNumbers(db: Kysely<Database>, importId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("userImportRows").select("rowNumber").where("importId", "=", importId).execute();
  return new Set(rows.map((row) => row.rowNumber));
}

/** Groups problem rows by code, keeping the first few of each. */
export function examplesByCode(
  rows: Iterable<{ rowNumber: number; username: string | null; code: string | null; field: string | null }>,
): ImportErrors {
  const out: ImportErrors = {};
  const known: readonly string[] = IMPORT_ROW_CODES;
  for (const row of rows) {
    if (!row.code || !known.includes(row.code)) continue;
    const list = (out[row.code as ImportRowCode] ??= []);
    if (list.length < EXAMPLES_PER_CODE) list.push({ row: row.rowNumber, username: row.username, field: row.field });
  }
  return out;
}

/** An import's state as the API answers it, with the first problem rows of each code (one query per code). */
export async function importStatus(db: Kysely<Database>, row: Row<"userImports">): Promise<ImportStatus> {
  const problems = await Promise.all(
    IMPORT_ROW_CODES.map((code) =>
      db
        .selectFrom("userImportRows")
        .select(["rowNumber", "username", "code", "field"])
        .where("importId", "=", row.id)
        .where("code", "=", code)
        .orderBy("rowNumber")
        .limit(EXAMPLES_PER_CODE)
        .execute(),
    ),
  );
  return {
    id: row.uid,
    status: row.status,
    allOrNothing: row.allOrNothing === 1,
    total: row.totalRows,
    processed: row.processedRows,
    counts: {
      created: row.createdCount,
      changed: row.changedCount,
      unchanged: row.unchangedCount,
      invalid: row.invalidCount,
      duplicate: row.duplicateCount,
      failed: row.failedCount,
      // Rows recorded without an effect of their own: the ones an all-or-nothing refusal left out.
      skipped: Math.max(
        0,
        row.processedRows -
          row.createdCount -
          row.changedCount -
          row.unchangedCount -
          row.invalidCount -
          row.duplicateCount -
          row.failedCount,
      ),
    },
    errorCode: row.errorCode,
    errors: examplesByCode(problems.flat()),
    createdOn: isoUtc(row.createdAt),
    finishedOn: row.finishedAt === null ? null : isoUtc(row.finishedAt),
  };
}

/** The per-row results CSV's header. */
export const RESULTS_HEADER = "row,username,team,outcome,code,field";

/** One page of results after `afterRow` (keyset on the unique (import, row) index) as CSV records, and how many. */
export async function resultPage(
  db: Kysely<Database>,
  importId: number,
  afterRow: number,
  limit: number,
): Promise<{ csv: string; count: number; last: number | null }> {
  const rows = await db
    .selectFrom("userImportRows")
    .select(["rowNumber", "username", "team", "outcome", "code", "field"])
    .where("importId", "=", importId)
    .where("rowNumber", ">", afterRow)
    .orderBy("rowNumber")
    .limit(limit)
    .execute();
  const csv = csvRows(rows.map((r) => [r.rowNumber, r.username, r.team, r.outcome, r.code, r.field]));
  return { csv, count: rows.length, last: rows.at(-1)?.rowNumber ?? null };
}
