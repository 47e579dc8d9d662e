import type { ImportErrors } from "../../../shared/api/userImport";
import { useT } from "../render-context";

/** The first rows of each problem: the code's text and its row numbers (with the field, when one was refused). */
export function ProblemList({ errors }: { errors: ImportErrors }) {
  const t = useT();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div className="import-problems">
      <h3 className="card-title">{t("users:import.problemsTitle")}</h3>
      <ul className="summary-list">
        {entries.map(([code, list]) => (
          <li key={code}>
            <strong>{t(`users:import.codes.${code}`)}</strong>
            {": "}
            {(list ?? [])
              .map(
                (e) => `${t("users:import.rowRef", { row: e.row })}${e.username ? `: ${e.username}` : ""}${e.field ? ` (${e.field})` : ""}`,
              )
              .join("; ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Counts as a definition list. */
export function Counts({ counts, keys }: { counts: Readonly<Record<string, number>>; keys: readonly string[] }) {
  const t = useT();
  return (
    <dl className="summary">
      {keys.map((key) => (
        <div className="summary-row" key={key}>
          <dt>{t(`users:import.counts.${key}`)}</dt>
          <dd>{counts[key] ?? 0}</dd>
        </div>
      ))}
    </dl>
  );
}
