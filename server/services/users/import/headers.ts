/**
 * The header row of an import file, resolved to field names. An export is headed either by the
 * field names (`--headers fields`) or by the column titles of the language it was made in
 * (locales/<lang>/export.json, `columns.users`): both import back, in any of the console's
 * languages, so a file exported with the defaults is a file the import accepts (issue #27).
 */
import en from "../../../../locales/en/export.json";
import es from "../../../../locales/es/export.json";
import pt from "../../../../locales/pt/export.json";
import { IMPORT_COLUMNS, IMPORT_IGNORED_COLUMNS } from "../../../../shared/schemas/userImport";

/** Every column an import reads or reads past: what a header cell may resolve to. */
const FIELDS: readonly string[] = [...IMPORT_COLUMNS, ...IMPORT_IGNORED_COLUMNS];

/** How a header cell is compared: trimmed, inner spaces collapsed, case ignored (accents count). */
function normalized(cell: string): string {
  return cell.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}

/** Title (normalized) → field, from the export titles of every language; field names map to themselves. */
function titleIndex(): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const field of FIELDS) index.set(normalized(field), field);
  for (const locale of [en, pt, es]) {
    const titles: Readonly<Record<string, string>> = locale.columns.users;
    for (const field of FIELDS) {
      const title = titles[field];
      // A title that reads as another field's name (never today) must not shadow that field.
      if (title && !index.has(normalized(title))) index.set(normalized(title), field);
    }
  }
  return index;
}

const INDEX = titleIndex();

/** The field a header cell names (a field name or an export title in en/pt/es), or null. */
export function fieldOfHeader(cell: string): string | null {
  return INDEX.get(normalized(cell)) ?? null;
}

/** A header row resolved: the field of each column (unknown cells keep their text), and what is wrong with it. */
export interface ResolvedHeader {
  columns: string[];
  missing: string[];
  unknown: string[];
  repeated: string[];
}

/** Resolves a header row against `required` (field names): titles become fields; unknown and repeated columns are reported. */
export function resolveHeader(header: readonly string[], required: readonly string[]): ResolvedHeader {
  const unknown: string[] = [];
  const columns = header.map((cell) => {
    const field = fieldOfHeader(cell);
    if (field === null) unknown.push(cell.trim());
    return field ?? cell.trim();
  });
  const missing = required.filter((name) => !columns.includes(name));
  const repeated = columns.filter((name, index) => columns.indexOf(name) !== index);
  return { columns, missing, unknown, repeated };
}
