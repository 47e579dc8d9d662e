/**
 * The one CSV writer (RFC 4180: quotes doubled, CRLF after every record) for exports, import
 * results and the browser's codes download. Built on csv-stringify's browser-safe sync build so the
 * same bytes come out of the server and the browser.
 */
import { stringify, type Options } from "csv-stringify/browser/esm/sync";

/** A cell as callers hold it: absent values are empty cells, numbers and booleans written as `String()` gives them. */
export type CsvCell = string | number | boolean | null | undefined;

/** Leading characters a spreadsheet reads as a formula (or as the start of one, after a tab or CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text a spreadsheet shows as text: one starting with `=`, `+`, `-`, `@`, tab or CR gets a
 * leading `'` (OWASP's CSV injection advice), so `=HYPERLINK(…)` in a name is never evaluated.
 * Numbers are left alone: they are written by us, not typed by someone. The library's own
 * `escape_formulas` also rewrites full-width variants, which would change the files we write.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const OPTIONS: Options = {
  record_delimiter: "\r\n",
  // With a custom record delimiter the library stops quoting lone CR and LF unless asked to.
  quote_record_delimiter: true,
  cast: { string: neutralizeFormula, boolean: (value) => String(value) },
};

/** Several records, each CRLF-terminated; one call per batch is much cheaper than one per row. */
export function csvRows(records: readonly (readonly CsvCell[])[]): string {
  return stringify(records as CsvCell[][], OPTIONS);
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly CsvCell[]): string {
  return csvRows([cells]);
}

/** One cell as it appears between the commas: neutralized, and quoted when it holds a comma, quote, CR or LF. */
export function csvCell(value: CsvCell): string {
  return csvRow([value]).slice(0, -2);
}
