/**
 * Reading an import file: RFC 4180 CSV (csv-parse), UTF-8 with or without a BOM, a header row
 * naming the columns (any order; `IMPORT_COLUMNS`, plus the export's read-only columns, which are
 * read past: `IMPORT_IGNORED_COLUMNS`) by field name or by the export's column title in en/pt/es
 * (./headers). The `missing` of a refusal are field names, so every client can name them. A file the import cannot read at all —
 * not CSV, a required column missing, an unknown column, no rows, too many rows — is one 400
 * `usersImport400` whose details say why; a row with the wrong number of cells is that row's
 * own problem (`cellCount`), so the other rows still import.
 */
import { createHash } from "node:crypto";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { parse } from "csv-parse";
import { IMPORT_LIMITS, IMPORT_REQUIRED_COLUMNS } from "../../../../shared/schemas/userImport";
import { AppError } from "../../../errors";
import { resolveHeader } from "./headers";

/** One data row: its 1-based number (the header is row 0) and its cells by column, or null when the cell count is wrong. */
export interface CsvRow {
  rowNumber: number;
  cells: Record<string, string> | null;
}

/** A parsed import file and the checksum a resume must match. */
export interface ImportFile {
  sha256: string;
  columns: string[];
  rows: CsvRow[];
}

/** chosen: characters of CSV parsed between two turns of the event loop (~2-5 ms of work). */
const SLICE_CHARS = 64 * 1024;

/** The end of the slice from `start`, never between the two halves of a surrogate pair. */
function sliceEnd(text: string, start: number): number {
  const end = Math.min(start + SLICE_CHARS, text.length);
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end + 1 : end;
}

/**
 * The records of a CSV text, parsed slice by slice with a turn of the event loop between slices
 * (issue #32: the whole file parsed at once held every other request for seconds). Stops
 * reading once there are more rows than an import may have.
 */
async function readRecords(text: string): Promise<string[][]> {
  const records: string[][] = [];
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
  let failure: unknown = null;
  parser.on("data", (record: string[]) => records.push(record));
  parser.on("error", (error: unknown) => (failure ??= error));
  const ended = new Promise<void>((resolve) => parser.once("end", resolve).once("error", () => resolve()));
  for (let start = 0; start < text.length && failure === null;) {
    const end = sliceEnd(text, start);
    parser.write(text.slice(start, end));
    start = end;
    if (records.length > IMPORT_LIMITS.rows + 1) break;
    await yieldToOthers();
  }
  if (failure === null) parser.end();
  await ended;
  if (failure !== null) throw failure instanceof Error ? failure : new Error("the CSV could not be parsed");
  return records;
}

/** Parses the CSV text of an import (see the module comment for what is refused). */
export async function parseImportFile(text: string): Promise<ImportFile> {
  const sha256 = createHash("sha256").update(text).digest("hex");
  let records: string[][];
  try {
    records = await readRecords(text);
  } catch (error) {
    const line = typeof error === "object" && error !== null && "lines" in error ? Number(error.lines) : null;
    throw new AppError("usersImport400", 400, { reason: "notCsv", line });
  }
  const [header, ...data] = records;
  if (!header) throw new AppError("usersImport400", 400, { reason: "empty" });
  const { columns, missing, unknown, repeated } = resolveHeader(header, IMPORT_REQUIRED_COLUMNS);
  if (missing.length || unknown.length || repeated.length) {
    throw new AppError("usersImport400", 400, { reason: "columns", missing, unknown: unknown.slice(0, 20), repeated });
  }
  if (data.length === 0) throw new AppError("usersImport400", 400, { reason: "empty" });
  if (data.length > IMPORT_LIMITS.rows) throw new AppError("usersImport400", 400, { reason: "tooManyRows", max: IMPORT_LIMITS.rows });
  const rows = data.map((record, index): CsvRow => {
    if (record.length !== columns.length) return { rowNumber: index + 1, cells: null };
    const cells: Record<string, string> = {};
    columns.forEach((name, column) => (cells[name] = record[column] ?? ""));
    return { rowNumber: index + 1, cells };
  });
  return { sha256, columns, rows };
}
