/**
 * CSV cells and rows (RFC 4180) that a spreadsheet cannot turn into formulas (issue 19).
 * Written here rather than taken from a library: csv-stringify is not in the tree, and the
 * quoting is a few lines; the neutralizing is ours either way.
 */

/** A cell value as the export columns give it. */
export type CellValue = string | number | boolean | null | undefined;

/** Leading characters a spreadsheet reads as a formula (or as the start of one, after a tab or CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text that a spreadsheet shows as text: one starting with `=`, `+`, `-`, `@`, tab or CR gets a
 * leading `'` (OWASP's CSV injection advice), so `=HYPERLINK(…)` in a name is never evaluated.
 * Numbers are left alone: they are written by us, not typed by someone.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: neutralized text, quoted when it holds a comma, quote, CR or LF (quotes doubled). */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(cells: readonly CellValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
