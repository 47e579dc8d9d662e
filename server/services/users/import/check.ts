/**
 * The checks of an import row that need no database (issue #32): the shared row schema, and
 * whether its username repeats an earlier row's. Kept apart from ./plan (the database's side) so
 * the import's reader thread (./readerWorker) loads only this, the CSV reader and the schemas.
 */
import { importRowInput, UserImportRowSchema, type ImportRowCode, type UserImportRow } from "../../../../shared/schemas/userImport";
import type { CsvRow } from "./csv";
import { UsernameSet } from "./seen";

/** What a row would do: create a user, change one, change nothing, or not import (with why). */
export type PlanKind = "new" | "changed" | "unchanged" | "invalid" | "duplicate";

/** One classified row. */
export interface PlannedRow {
  rowNumber: number;
  username: string | null;
  team: string | null;
  kind: PlanKind;
  code?: ImportRowCode;
  /** The refused field (`invalidField`) or the validation message key's field. */
  field?: string;
  /** The checked row (new, changed, unchanged). */
  input?: UserImportRow;
  teamId?: number;
  /** The existing user (changed, unchanged). */
  userId?: number;
  userUid?: string;
}

/**
 * Checks rows as they are read (no database): the shared row schema, and repeats of an earlier
 * row's username — the usernames seen so far are all it keeps (compactly: ./seen). Returns the
 * checker of the next batch; call it with the rows in file order. (Company slugs are shared
 * between rows on the import's side, ./reader: here they would be copied across the thread
 * boundary one per row anyway.)
 */
export function rowChecker(): (rows: readonly CsvRow[]) => PlannedRow[] {
  const seen = new UsernameSet();
  return (rows) => rows.map((row) => checkRow(row, seen));
}

/** One row's schema check and whether its username came earlier in the file. */
function checkRow(row: CsvRow, seen: UsernameSet): PlannedRow {
  if (!row.cells) return { rowNumber: row.rowNumber, username: null, team: null, kind: "invalid", code: "cellCount" };
  const raw = importRowInput(row.cells);
  const username = typeof raw.username === "string" ? raw.username.toLowerCase().slice(0, 320) : null;
  const team = typeof raw.team === "string" ? raw.team.slice(0, 100) : null;
  const parsed = UserImportRowSchema.safeParse(raw);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    return { rowNumber: row.rowNumber, username, team, kind: "invalid", code: "invalidField", field };
  }
  const input = { ...parsed.data, username: parsed.data.username.toLowerCase() };
  if (!seen.add(input.username)) return { rowNumber: row.rowNumber, username: input.username, team, kind: "duplicate", code: "duplicate" };
  return { rowNumber: row.rowNumber, username: input.username, team, kind: "new", input };
}
