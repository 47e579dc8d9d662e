/**
 * The export menu every list shows in its toolbar (issue 27): one 'Export' disclosure beside the
 * primary action instead of options and two buttons above the rows. Opened, it holds a plain GET
 * form to `GET /v2/<list>/export` carrying the list's current filters (so the download works
 * without script): the column titles (the language's or the stable field names), the BOM, and
 * one button per format that says what it exports and how many rows ('Export 1,234 users (CSV)').
 * The requests are those of the old form: `format` is the button pressed, `headers`, `bom`, `lang`.
 * Where script runs, Escape and a click outside close it and focus returns to its button.
 */
import { useEffect, useRef } from "react";
import { useId } from "../hooks";
import { formatTotal } from "../../lib/datetime";
import { useLang, useT } from "../render-context";
import { enhanceExportMenu } from "./exportMenu";

/** The lists that export. */
export type ExportResource = "users" | "admins" | "teams" | "licenses" | "invites" | "logs";

/** Props of {@link ExportForm}. */
export interface ExportFormProps {
  resource: ExportResource;
  /** The list's filters (and sort) as query parameters, no paging; empty values are left out. */
  filters: URLSearchParams | Readonly<Record<string, string | number | boolean | null | undefined>>;
  /** How many rows the filters match (the list's total). */
  total: number;
  /** `total` is a count's bound (a users list past 10,000): the buttons say "10,000+". */
  capped?: boolean;
}

/** Plural keys are built, not literal, so the key checker does not look for a base key. */
const buttonKey = (resource: ExportResource) => ["common:export", resource].join(".");

/** See the module comment. */
export function ExportForm({ resource, filters, total, capped = false }: ExportFormProps) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const entries = (filters instanceof URLSearchParams ? [...filters.entries()] : Object.entries(filters))
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== undefined && entry[1] !== null && entry[1] !== "" && entry[0] !== "cursor" && entry[0] !== "limit",
    )
    .map(([name, value]) => [name, String(value)] as const);
  const count = formatTotal(Math.max(total, 0), lang, capped);
  const menu = useRef<HTMLDetailsElement>(null);
  // Runs only inside a hydrated island: Escape and an outside click close the menu (exportMenu.ts).
  useEffect(() => (menu.current ? enhanceExportMenu(menu.current) : undefined), []);
  return (
    <details ref={menu} className="export-menu">
      <summary className="button export-toggle">{t("common:export.label")}</summary>
      <form className="export-form" method="get" action={`/v2/${resource}/export`} aria-label={t("common:export.label")}>
        {entries.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="lang" value={lang} />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-headers`}>
            {t("common:export.headers")}
          </label>
          <select id={`${id}-headers`} className="input" name="headers" defaultValue="labels">
            <option value="labels">{t("common:export.headerLabels")}</option>
            <option value="fields">{t("common:export.headerFields")}</option>
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="bom" value="1" />
          {t("common:export.bom")}
        </label>
        <div className="export-buttons">
          <button type="submit" className="button" name="format" value="csv" disabled={total === 0}>
            {t(buttonKey(resource), { count: total, total: count, format: "CSV" })}
          </button>
          <button type="submit" className="button" name="format" value="jsonl" disabled={total === 0}>
            {t(buttonKey(resource), { count: total, total: count, format: "JSON Lines" })}
          </button>
        </div>
      </form>
    </details>
  );
}
