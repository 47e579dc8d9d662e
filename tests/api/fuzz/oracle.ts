/**
 * The fuzzing oracle: no server error, every error answer is the catalogue envelope, a body over
 * the JSON limit is refused as too large, and (for GET routes) the database is unchanged.
 */
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { sql, type Kysely } from "kysely";
import { englishMessage, entryFor, isCatalogueCode } from "../../../shared/errors";
import type { Database } from "../../../server/db/types";

/**
 * 5xx answers SPEC §8 defines as business outcomes (e-mailing disabled, no such company, user not
 * allowed on this team, could not send e-mail). Anything else at 500 or above is a server fault.
 */
const BUSINESS_5XX = new Set([501, 502, 509]);

/** The JSON body limit of /v2 (server/app.ts): a larger body must be answered 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** An answer as the fuzzer saw it. */
export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Leading characters a spreadsheet reads as a formula; an export must have neutralized them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Why a successful export's file is wrong, or null: CSV must parse as RFC 4180 with the header's
 * column count on every row and no cell that a spreadsheet would run as a formula (text cells
 * get a leading `'`; numbers may be negative); JSON Lines must be one JSON object per line.
 */
function exportViolation(answer: Answer): string | null {
  const text = answer.text.replace(/^\uFEFF/, "");
  if (answer.contentType.startsWith("application/x-ndjson")) {
    for (const line of text.split("\n").filter(Boolean)) {
      try {
        const record: unknown = JSON.parse(line);
        if (typeof record !== "object" || record === null || Array.isArray(record)) return "a JSON Lines record is not an object";
      } catch {
        return "a JSON Lines record is not JSON";
      }
    }
    return null;
  }
  if (!answer.contentType.startsWith("text/csv")) return `content type ${answer.contentType || "(none)"}`;
  let rows: string[][];
  try {
    rows = parse(text);
  } catch (error) {
    return `CSV does not parse: ${(error as Error).message.slice(0, 80)}`;
  }
  if (rows.length === 0) return "CSV without a header row";
  if (rows.some((row) => row.length !== rows[0]!.length)) return "CSV rows of different lengths";
  if (rows.some((row) => row.some((cell) => FORMULA_START.test(cell) && !/^-\d+(\.\d+)?$/.test(cell))))
    return "CSV cell starting a formula";
  return null;
}

/**
 * Why an answer breaks the oracle, or null when it is fine. `exporting`: a /export route, whose
 * success is a file. `undecodablePath`: the path holds a malformed percent-escape, which the router
 * refuses (400) while matching the route, before any body is read — so it may precede the 413.
 */
export function violation(answer: Answer, sentBytes: number, exporting = false, undecodablePath = false): string | null {
  const { status } = answer;
  if (sentBytes > BODY_LIMIT_BYTES && status !== 413 && !(undecodablePath && status === 400))
    return `a body over the 1 MiB limit answered ${status}, not 413`;
  // 431 with no body is Node's own HTTP parser refusing a request line and headers over its
  // 16 KiB limit (a fuzzed query string of thousands of characters): no route or middleware ran.
  if (status === 431 && answer.contentType === "" && answer.text === "") return null;
  if (exporting && status < 300) return exportViolation(answer);
  // A download (the per-row results of an import) is CSV; its errors are still the JSON envelope.
  if (status === 200 && answer.contentType.startsWith("text/csv")) return null;
  if (!answer.contentType.startsWith("application/json")) return `content type ${answer.contentType || "(none)"}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return "body is not JSON";
  }
  if (status < 400) return null;
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  if (!error || typeof error !== "object") return "error answer without the envelope";
  const keys = Object.keys(body as object);
  if (keys.length !== 1) return `envelope has extra keys: ${keys.join(",")}`;
  const extra = Object.keys(error).filter((k) => !["code", "status", "message", "details", "requestId"].includes(k));
  if (extra.length) return `envelope error has extra keys: ${extra.join(",")}`;
  if (typeof error.code !== "string" || !isCatalogueCode(error.code)) return `code ${String(error.code)} is not in the catalogue`;
  if (error.status !== status) return `envelope status ${String(error.status)} differs from HTTP ${status}`;
  if (error.message !== englishMessage(error.code)) return `message is not the catalogue text of ${error.code}`;
  if (status >= 500 && !(BUSINESS_5XX.has(status) && entryFor(error.code).status === status && error.code !== "internal"))
    return `server error ${status} ${error.code}`;
  return null;
}

/** A canonical text of a row: keys sorted, so column order never matters. */
function canonical(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k] instanceof Date ? row[k].toISOString() : row[k]]),
    (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v),
  );
}

/**
 * Tables and columns a read may write, left out of the snapshot (docs/DECISIONS.md "Fuzzing"):
 * a service token's `last_used_at` is recorded when it authenticates, reads included, and
 * express-rate-limit's counters live in `rate_limits`. Sessions are not excluded: bearer calls
 * never create one (saveUninitialized is off). An export (GET …/export) writes its access-log
 * entry by design, so the fuzzer leaves `access_log` out of those routes' comparison.
 */
const EXCLUDED: Record<string, "table" | string[]> = { rate_limits: "table", service_tokens: ["last_used_at"] };

/** A hash per table of every row (sorted), for comparing the database before and after the fuzzing of a read. */
export async function snapshot(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => EXCLUDED[name] !== "table")
    .sort();
  const out: Record<string, string> = {};
  for (const name of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db.withoutPlugins())).rows;
    const dropped = EXCLUDED[name];
    const lines = rows.map((row) => {
      if (Array.isArray(dropped)) for (const column of dropped) delete row[column];
      return canonical(row);
    });
    out[name] = `${rows.length}:${createHash("sha256").update(lines.sort().join("\n")).digest("hex")}`;
  }
  return out;
}
