import { useEffect, useId, useRef, useState } from "react";
import type { TeamRef } from "../../../shared/api/responses";
import { createTeamsApi } from "../../../shared/api/teams";
import { maxLength } from "../../../shared/limits";
import { SelectField } from "../forms/Field";
import { useT } from "../render-context";

/** Up to this many companies travel with the page as a list; a larger scope is searched instead. */
export const TEAM_LIST_MAX = 200;

/** How many matches a search shows. */
const MATCHES = 20;
const SEARCH_DELAY_MS = 250;

/** Props of {@link TeamPicker}. */
export interface TeamPickerProps {
  label: string;
  placeholder: string;
  /** Every company to choose from, or null: the scope is large, so the picker searches `GET /v2/teams`. */
  teams: TeamRef[] | null;
  value: string;
  onChange: (team: TeamRef | null) => void;
  /** A company that cannot be chosen (a pack's own company). */
  exclude?: string | null;
  /** The company chosen before the picker opened (its name, when the list is searched). */
  initial?: TeamRef | null;
  csrfToken: string;
  error?: string;
  required?: boolean;
}

/**
 * Chooses a company. A small scope is a plain select of every company; a large one (root with
 * hundreds of companies) is a search box over the companies API with a select of the matches,
 * so the page does not carry every company's name in its markup and props.
 */
export function TeamPicker({ label, placeholder, teams, value, onChange, exclude = null, initial = null, csrfToken, error, required }: TeamPickerProps) {
  const t = useT();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [matches, setMatches] = useState<TeamRef[]>(initial ? [initial] : []);
  const latest = useRef(0);

  useEffect(() => {
    if (teams) return;
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      createTeamsApi({ csrfToken })
        .list({ search: search.trim() || undefined, limit: MATCHES })
        .then(
          (page) => ticket === latest.current && setMatches(page.items.map(({ slug, teamName }) => ({ slug, teamName }))),
          () => ticket === latest.current && setMatches([]),
        );
    }, search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [teams, search, csrfToken]);

  const options = (teams ?? matches).filter((team) => team.slug !== exclude);
  const shown = value && !options.some((team) => team.slug === value) && initial?.slug === value ? [initial, ...options] : options;
  const select = (
    <SelectField
      label={label}
      required={required}
      error={error}
      placeholder={placeholder}
      options={shown.map((team) => ({ value: team.slug, label: team.teamName }))}
      value={value}
      onChange={(event) => onChange(shown.find((team) => team.slug === event.target.value) ?? null)}
    />
  );
  if (teams) return select;
  return (
    <div className="team-picker">
      <div className="field">
        <label className="field-label" htmlFor={searchId}>{t("licenses:picker.search")}</label>
        <input id={searchId} className="input" type="search" value={search} maxLength={maxLength.search} placeholder={t("licenses:picker.hint")} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {select}
    </div>
  );
}
