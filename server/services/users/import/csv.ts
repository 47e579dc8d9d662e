/**
 * Reading an import file: RFC 4180 CSV (csv-parse), UTF-8 with or without a BOM, a header row
 * naming the columns (any order; `IMPORT_COLUMNS`, plus the export's read-only columns, which are
 * read past: `IMPORT_IGNORED_COLUMNS`) by field name or by the export's column title in en/pt/es
 * (./headers). The `missing` of a refusal are field names, so every client can name them. A file the import cannot read at all —
 * not CSV, a required column missing, an unknown column, no rows, too many rows — is one 400
 * `usersImport400` whose details say why; a row with the wrong number of cells is that row's
 * own problem (`cellCount`), so the other rows still import.
 *
 * The file is read as a stream (issue #32): bytes are parsed as they arrive, in slices,
 * and handed on in batches of {@link READ_BATCH_ROWS} rows that the caller checks before the next
 * bytes are read (back-pressure holds the rest in the socket). Memory is bounded by a batch, not
 * by the file; nothing keeps the file's text.
 */
import { createHash } from "node:crypto";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { CsvError, parse, type Parser } from "csv-parse";
import { IMPORT_LIMITS, IMPORT_REQUIRED_COLUMNS } from "../../../../shared/schemas/userImport";
import { AppError } from "../../../errors";
import { resolveHeader } from "./headers";

/** One data row: its 1-based number (the header is row 0) and its cells by column, or null when the cell count is wrong. */
export interface CsvRow {
  rowNumber: number;
  cells: Record<string, string> | null;
}

/** A parsed import file and the checksum a resume must match (tests and callers holding the whole text). */
export interface ImportFile {
  sha256: string;
  columns: string[];
  rows: CsvRow[];
}

/** What reading a file leaves once every batch was handed on: its checksum, columns and row count. */
export interface ReadSummary {
  /** SHA-256 of the file as UTF-8 (BOM left out): the same file resumes the same import. */
  sha256: string;
  columns: string[];
  total: number;
}

/**
 * The body of an import as it arrives: its bytes (content-decoded), the charset its media type
 * names (UTF-8 when none), and `read()`, called once every byte was read — it answers false when
 * the call was answered meanwhile (an idempotent replay) and the import must stop there.
 */
export interface ImportBody {
  chunks: AsyncIterable<Uint8Array>;
  charset: string;
  read(): Promise<boolean>;
}

/** chosen: bytes of CSV parsed between two turns of the event loop (~1 ms of work idle; 64 KiB took 4-6 ms, ~3× that on a starved machine). */
const SLICE_BYTES = 16 * 1024;
/** chosen: rows handed on (and checked) at a time: the most rows a running import holds as text. */
export const READ_BATCH_ROWS = 1_000;

/** A decoder for `charset` (a BOM is read past); an unknown charset is refused as body-parser refused it (415, answered 400). */
function decoderFor(charset: string): TextDecoder {
  try {
    return new TextDecoder(charset);
  } catch {
    throw Object.assign(new Error(`unsupported charset "${charset}"`), { status: 415, type: "charset.unsupported" });
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF8: ReadonlySet<string> = new Set(["utf-8", "utf8", "unicode-1-1-utf-8"]);

/**
 * The body as UTF-8 bytes for the parser, and the file's SHA-256 over them without a leading BOM
 * (for UTF-8 text, the SHA-256 of the text as before #32, which hashed the decoded string). UTF-8
 * bytes go to the parser as they are (csv-parse decodes a field once it ends, so a character
 * split between two chunks stays whole); another charset is decoded and re-encoded first.
 */
async function* utf8Chunks(body: ImportBody, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  const decoder = UTF8.has(body.charset.toLowerCase()) ? null : decoderFor(body.charset);
  let head: Buffer | null = Buffer.alloc(0);
  for await (const raw of body.chunks) {
    let chunk = decoder
      ? Buffer.from(decoder.decode(raw, { stream: true }), "utf8")
      : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (head !== null) {
      // The first three bytes decide whether there is a BOM to leave out of the checksum.
      head = Buffer.concat([head, chunk]);
      if (head.length < UTF8_BOM.length) continue;
      chunk = head.subarray(0, 3).equals(UTF8_BOM) ? head.subarray(3) : head;
      head = null;
    }
    hash.update(chunk);
    yield chunk;
  }
  const rest = Buffer.concat([head ?? Buffer.alloc(0), decoder ? Buffer.from(decoder.decode(), "utf8") : Buffer.alloc(0)]);
  const tail = head !== null && rest.subarray(0, 3).equals(UTF8_BOM) ? rest.subarray(3) : rest;
  hash.update(tail);
  yield tail;
}

/** The end of the slice from `start`: at most {@link SLICE_BYTES} of `chunk`. */
function sliceEnd(chunk: Buffer, start: number): number {
  return Math.min(start + SLICE_BYTES, chunk.length);
}

/** The file's refusal for a parse failure, with the line csv-parse reached. */
function notCsv(error: unknown): AppError {
  const line = typeof error === "object" && error !== null && "lines" in error ? Number(error.lines) : null;
  return new AppError("usersImport400", 400, { reason: "notCsv", line });
}

/** Writes `chunk` to the parser in slices, waiting for it to drain and giving other requests a turn between slices. */
async function writeSlices(parser: Parser, chunk: Buffer): Promise<void> {
  for (let start = 0; start < chunk.length && !parser.destroyed;) {
    const end = sliceEnd(chunk, start);
    if (!parser.write(chunk.subarray(start, end))) {
      await new Promise<void>((resolve) => {
        const done = () => {
          parser.off("drain", done).off("close", done);
          resolve();
        };
        parser.on("drain", done).on("close", done);
      });
    }
    start = end;
    await yieldToOthers();
  }
}

/** Feeds the body into the parser (as UTF-8, hashed) and ends it; a failure (the body's own: too large, aborted) destroys the parser with it. */
async function feed(body: ImportBody, parser: Parser, hash: ReturnType<typeof createHash>): Promise<void> {
  try {
    for await (const chunk of utf8Chunks(body, hash)) {
      if (parser.destroyed) return;
      await writeSlices(parser, chunk);
    }
    if (!parser.destroyed) parser.end();
  } catch (error) {
    parser.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Reads an import file from its body (see the module comment for what is refused), handing its
 * rows to `onBatch` a batch at a time, in file order, and awaiting each before reading on.
 * A failure of the body itself (413, an aborted request) is thrown as it is.
 */
export async function readImportFile(body: ImportBody, onBatch: (rows: CsvRow[]) => Promise<void>): Promise<ReadSummary> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
  const hash = createHash("sha256");
  const feeding = feed(body, parser, hash);
  let columns: string[] | null = null;
  let total = 0;
  let batch: CsvRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (columns === null) {
        const resolved = resolveHeader(record, IMPORT_REQUIRED_COLUMNS);
        const { missing, unknown, repeated } = resolved;
        if (missing.length || unknown.length || repeated.length) {
          throw new AppError("usersImport400", 400, { reason: "columns", missing, unknown: unknown.slice(0, 20), repeated });
        }
        columns = resolved.columns;
        continue;
      }
      total += 1;
      if (total > IMPORT_LIMITS.rows) throw new AppError("usersImport400", 400, { reason: "tooManyRows", max: IMPORT_LIMITS.rows });
      batch.push(rowOf(columns, record, total));
      if (batch.length >= READ_BATCH_ROWS) {
        await onBatch(batch);
        batch = [];
      }
    }
  } catch (error) {
    // Not awaiting the feed: it may wait for bytes the client is still sending; it stops at the next chunk.
    parser.destroy();
    // The parser's own failure is "not CSV"; the body's (too large, an unknown charset, aborted) is passed on.
    throw error instanceof CsvError ? notCsv(error) : error;
  }
  await feeding;
  if (columns === null || total === 0) throw new AppError("usersImport400", 400, { reason: "empty" });
  if (batch.length > 0) await onBatch(batch);
  return { sha256: hash.digest("hex"), columns, total };
}

/** One record as a row: its cells by column, or null when it has the wrong number of cells. */
function rowOf(columns: readonly string[], record: readonly string[], rowNumber: number): CsvRow {
  if (record.length !== columns.length) return { rowNumber, cells: null };
  const cells: Record<string, string> = {};
  columns.forEach((name, column) => (cells[name] = record[column] ?? ""));
  return { rowNumber, cells };
}

/** A body over one text already in memory (tests, parseImportFile). */
export function textBody(text: string, chunkBytes = 64 * 1024): ImportBody {
  const bytes = Buffer.from(text, "utf8");
  return {
    charset: "utf-8",
    chunks: {
      [Symbol.asyncIterator]: () => {
        let at = 0;
        return {
          next: () => {
            const chunk = bytes.subarray(at, at + chunkBytes);
            at += chunkBytes;
            return Promise.resolve(chunk.length > 0 ? { done: false, value: chunk } : { done: true, value: undefined });
          },
        };
      },
    },
    read: () => Promise.resolve(true),
  };
}

/** Parses a whole import file held as text (see {@link readImportFile}): tests, and the slices' edge cases. */
export async function parseImportFile(text: string | ImportBody): Promise<ImportFile> {
  const rows: CsvRow[] = [];
  const summary = await readImportFile(typeof text === "string" ? textBody(text) : text, (batch) => {
    rows.push(...batch);
    return Promise.resolve();
  });
  return { sha256: summary.sha256, columns: summary.columns, rows };
}
