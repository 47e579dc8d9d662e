/**
 * Streams a list to an HTTP response as CSV or JSON Lines: keyset batches read through
 * the list's own service (its filters and scope, no second implementation), each batch written
 * with backpressure (the next batch is read only once the socket has taken the last one) and the
 * event loop yielded between batches, so a 1,000,000-row export keeps the server's memory flat
 * and does not hold up other requests. Every export, finished or cut off, is access-logged.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Response } from "express";
import type { ExportFormat, ExportResource } from "../../../shared/schemas/export";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, type Scope } from "../access";
import { csvRow, csvRows, type CellValue } from "./csv";
import { exportsInProgress } from "../../lib/metrics";

/** Rows read per batch: big enough that per-query costs vanish, small enough to stay flat. */
export const EXPORT_BATCH = 1_000;

/** One column: its stable field name and how a row gives its value. */
export interface ExportColumn<T> {
  field: string;
  value: (row: T) => unknown;
}

/** A list's items in list order, one batch per call (cursor undefined: the first). */
export type ExportBatches<T> = (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>;

/** A list to export: its columns and its batches. */
export interface ExportSource<T> {
  resource: ExportResource;
  columns: readonly ExportColumn<T>[];
  batch: ExportBatches<T>;
}

/** How the file is written. */
export interface ExportFile {
  format: ExportFormat;
  bom: boolean;
  /** The header row's titles (CSV), in column order. */
  titles: readonly string[];
}

/** What an export wrote: the rows, and whether it reached the end (false: the client left). */
export interface ExportOutcome {
  rows: number;
  complete: boolean;
}

/** A cell for CSV: scalars as they are, structured values (a log entry's details) as JSON. */
function cellOf(value: unknown): CellValue {
  if (value === null || value === undefined || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  return JSON.stringify(value);
}

/** Writes a chunk; resolves once the socket can take more, false when the client has gone. */
function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  if (res.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      res.off("drain", onDrain);
      res.off("close", onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.once("drain", onDrain);
    res.once("close", onClose);
  });
}

/** The download's file name: the list and the day (UTC), e.g. `users-2026-11-26.csv`. */
export function exportFileName(resource: ExportResource, format: ExportFormat, now = Date.now()): string {
  return `${resource}-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}

/**
 * Streams `source` to `res`. The first batch is read before anything is sent, so a bad cursor
 * or a failing query still answers with the error envelope; a failure after that cuts the
 * download (the client sees it incomplete) and is rethrown for the server log.
 */
export async function streamExport<T>(res: Response, source: ExportSource<T>, file: ExportFile): Promise<ExportOutcome> {
  let batch = await source.batch(undefined);
  res.status(200);
  res.setHeader("Content-Type", file.format === "csv" ? "text/csv; charset=utf-8; header=present" : "application/x-ndjson; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${exportFileName(source.resource, file.format)}"`);
  res.setHeader("Cache-Control", "no-store");
  const head = (file.bom ? "\uFEFF" : "") + (file.format === "csv" ? csvRow(file.titles) : "");
  let rows = 0;
  try {
    if (!(await write(res, head))) return { rows, complete: false };
    for (;;) {
      let chunk = "";
      if (file.format === "csv") {
        // One writer call per batch: per row, the CSV library's setup would cost more than the rows.
        chunk = csvRows(batch.items.map((item) => source.columns.map((column) => cellOf(column.value(item)))));
      } else {
        for (const item of batch.items) {
          const record: Record<string, unknown> = {};
          for (const column of source.columns) record[column.field] = column.value(item) ?? null;
          chunk += `${JSON.stringify(record)}\n`;
        }
      }
      if (chunk && !(await write(res, chunk))) return { rows, complete: false };
      rows += batch.items.length;
      if (!batch.nextCursor) break;
      const cursor = batch.nextCursor;
      // Let other requests run between batches (the batch query itself is one await).
      await nextTurn();
      batch = await source.batch(cursor);
    }
    // end() without a callback: the compression middleware's end() takes none.
    const finished = new Promise<boolean>((resolve) => {
      res.once("finish", () => resolve(true));
      res.once("close", () => resolve(res.writableFinished));
    });
    res.end();
    return { rows, complete: await finished };
  } catch (error) {
    res.destroy(error instanceof Error ? error : undefined);
    throw error;
  }
}

/**
 * Streams an export and records it in the access log (action `<list>.export`): the format, the
 * filters it was given, the rows written and whether it finished. The entry is written even
 * when the client leaves part-way (as a failure) or a batch fails.
 */
export async function exportList<T>(
  ctx: ServiceContext,
  scope: Scope,
  origin: RequestOrigin,
  res: Response,
  source: ExportSource<T>,
  file: ExportFile,
  filters: Record<string, unknown>,
): Promise<ExportOutcome> {
  let outcome: ExportOutcome = { rows: 0, complete: false };
  const shownFilters = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""));
  exportsInProgress.inc();
  try {
    outcome = await streamExport(res, source, file);
    return outcome;
  } finally {
    exportsInProgress.dec();
    if (res.headersSent) {
      await recordAccess(
        ctx.db,
        { actor: actorOf(scope), ...origin },
        {
          action: `${source.resource}.export`,
          outcome: outcome.complete ? "success" : "failure",
          target: { type: "export", id: source.resource },
          details: { format: file.format, rows: outcome.rows, complete: outcome.complete, filters: shownFilters },
        },
      );
    }
  }
}
