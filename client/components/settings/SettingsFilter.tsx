import { useId, useState } from "react";
import { SETTINGS_GROUPS } from "../../../shared/schemas/settings";
import { TextField } from "../forms/Field";
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
 * A filter over every setting's name in the console's language (all tabs and /apps): as the
 * admin types, the matching settings are listed, each a link to its block on its page. Nothing
 * is hidden from the forms themselves, so a half-typed filter never hides an unsaved edit.
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
            return fold(name).includes(wanted) ? [{ group, field, name }] : [];
          }),
        );
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
        aria-controls={`${id}-results`}
      />
      <div id={`${id}-results`} aria-live="polite">
        {wanted === "" ? null : matches.length === 0 ? (
          <p className="field-hint">{t("settings:filter.none")}</p>
        ) : (
          <ul className="settings-filter-results">
            {matches.map((match) => (
              <li key={`${match.group}.${match.field}`}>
                <a href={`${pageOfGroup(match.group)}#${settingAnchor(match.group, match.field)}`}>{match.name}</a>{" "}
                <span className="muted">{t(`settings:groups.${match.group}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
