import { csvRows } from "../../../shared/csv";
import type { SendResult } from "./wizardState";

/**
 * The handles' codes as a CSV file built in the browser: the codes are shown once and never stored
 * readable, so the download is made from the answer in memory, not fetched. The islands import
 * this module only when the download is clicked: the CSV library is its own chunk, not in their first load.
 */

export { csvCell } from "../../../shared/csv";

/** `handle,code` with one line per invitation that has a code (the shared writer: CRLF, formulas kept inert). */
export function codesCsv(result: SendResult, header: readonly [string, string] = ["handle", "code"]): string {
  const records: (readonly string[])[] = [header];
  for (const item of result.ok) if (item.code) records.push([item.address, item.code]);
  return csvRows(records);
}
