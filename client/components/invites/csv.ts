import type { SendResult } from "./wizardState";

/**
 * The handles' codes as a CSV file built in the browser: the codes are shown
 * once and never stored readable, so the download is made from the answer in memory, not fetched.
 */

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it must be, with a leading quote that keeps formulas inert. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `handle,code` with one line per invitation that has a code (CRLF line ends, RFC 4180). */
export function codesCsv(result: SendResult, header: readonly [string, string] = ["handle", "code"]): string {
  const lines = [header.map(csvCell).join(",")];
  for (const item of result.ok) {
    if (item.code) lines.push(`${csvCell(item.address)},${csvCell(item.code)}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}
