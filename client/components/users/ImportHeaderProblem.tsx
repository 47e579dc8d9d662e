import { ApiError } from "../../../shared/api/errors";
import { useT } from "../render-context";

/** What a refused header row lacks or has too much of, as the server named them (field names). */
export interface HeaderProblem {
  missing: string[];
  unknown: string[];
}

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/**
 * The header problem of a refused import file (`usersImport400`, reason `columns`), or null: the
 * catalogue message says the file cannot be imported, this says which columns and how to fix it.
 */
export function headerProblemOf(error: unknown): HeaderProblem | null {
  if (!(error instanceof ApiError) || error.code !== "usersImport400") return null;
  const details = error.details;
  if (typeof details !== "object" || details === null || !("reason" in details) || details.reason !== "columns") return null;
  return { missing: "missing" in details ? names(details.missing) : [], unknown: "unknown" in details ? names(details.unknown) : [] };
}

/**
 * The lines under an import's refusal naming the missing and unknown columns, and the two header
 * styles the import reads (the export's titles in any language, or its 'Field names' option).
 */
export function ImportHeaderNote({ problem }: { problem: HeaderProblem }) {
  const t = useT();
  return (
    <>
      {problem.missing.length > 0 ? <span>{t("users:import.missingColumns", { names: problem.missing.join(", ") })}</span> : null}
      {problem.unknown.length > 0 ? <span>{t("users:import.unknownColumns", { names: problem.unknown.join(", ") })}</span> : null}
      <span>{t("users:import.headerHelp", { fieldNames: t("common:export.headerFields") })}</span>
    </>
  );
}
