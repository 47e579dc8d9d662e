import { useEffect, useState, type KeyboardEvent } from "react";
import { useId } from "../hooks";
import { SETTINGS_GROUPS } from "../../../shared/schemas/settings";
import { TextField } from "../forms/Field";
import { EmptyState } from "../list/EmptyState";
import { useT } from "../render-context";
import { groupFields } from "./fieldModel";
import { pageOfGroup, settingAnchor } from "./tabs";

/** Folds case and accents, so 'seguranca' finds 'Segurança'. */
const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * Shows only the settings of this page whose anchor is in `shown` (null: every one): a field that
 * does not match is hidden, and so is a group left with none (its form in the first section,
 * which holds this filter; the whole section otherwise). The forms are separate islands, so this
 * works on the page's DOM, which they render and never hide themselves.
 */
function showOnly(shown: ReadonlySet<string> | null): void {
  for (const item of document.querySelectorAll<HTMLElement>(".setting-item[id]")) item.hidden = shown !== null && !shown.has(item.id);
  const forms = document.querySelectorAll<HTMLElement>(".settings-form");
  forms.forEach((form, index) => {
    const empty = shown !== null && form.querySelector(".setting-item:not([hidden])") === null;
    const section = form.closest("section");
    if (index === 0 || !section) {
      form.hidden = empty;
    } else {
      section.hidden = empty;
    }
  });
}

/**
 * A filter over every setting's name in the console's language (issue 27): as the admin types,
 * the fields of this page that do not match are hidden (and groups left with none); matches on
 * other tabs (and /apps) are listed, each a link to its block. No match anywhere says so in the
 * empty-state pattern. Escape clears the filter and shows everything again.
 */
export function SettingsFilter() {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState("");
  const wanted = fold(query.trim());
  const matches =
    wanted === ""
      ? []
      : SETTINGS_GROUPS.flatMap((group) =>
          groupFields(group).flatMap((field) => {
            const name = t(`settings:fields.${group}.${field}`);
            return fold(name).includes(wanted) ? [{ group, field, name, anchor: settingAnchor(group, field) }] : [];
          }),
        );
  const anchors = matches.map((match) => match.anchor).join(" ");
  // Typed only once hydrated: the page's own settings are those rendered on it.
  const here = new Set(
    wanted === "" || typeof document === "undefined"
      ? []
      : [...document.querySelectorAll<HTMLElement>(".setting-item[id]")].map((item) => item.id),
  );
  useEffect(() => {
    showOnly(wanted === "" ? null : new Set(anchors.split(" ").filter(Boolean)));
  }, [wanted, anchors]);
  useEffect(() => () => showOnly(null), []);
  const elsewhere = matches.filter((match) => !here.has(match.anchor));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Escape" || query === "") return;
    event.preventDefault();
    setQuery("");
  };
  return (
    <div className="settings-filter" role="search">
      <TextField
        label={t("settings:filter.label")}
        hint={t("settings:filter.hint")}
        type="search"
        name="settings-filter"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        aria-controls={`${id}-results`}
      />
      <div id={`${id}-results`} aria-live="polite">
        {wanted === "" ? null : matches.length === 0 ? (
          <EmptyState title={t("settings:filter.none")} hint={t("settings:filter.noneHint")} />
        ) : elsewhere.length > 0 ? (
          <ul className="settings-filter-results">
            {elsewhere.map((match) => (
              <li key={match.anchor}>
                <a href={`${pageOfGroup(match.group)}#${match.anchor}`}>{match.name}</a>{" "}
                <span className="muted">{t(`settings:groups.${match.group}`)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
