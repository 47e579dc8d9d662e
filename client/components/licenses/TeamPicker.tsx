import { useEffect, useRef, useState } from "react";
import { useId } from "../hooks";
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

/** Props of {@link TeamPicker}; `T` is what the picker knows of a company (at least its slug and name). */
export interface TeamPickerProps<T extends TeamRef = TeamRef> {
  label: string;
  placeholder: string;
  /** Every company to choose from, or null: the scope is large, so the picker searches (`GET /v2/teams` unless `search` is given). */
  teams: T[] | null;
  value: string;
  onChange: (team: T | null) => void;
  /** A company that cannot be chosen (a pack's own company). */
  exclude?: string | null;
  /** The company chosen before the picker opened (its name, when the list is searched). */
  initial?: T | null;
  csrfToken: string;
  error?: string;
  required?: boolean;
  /** Searches the companies (text, at most `limit`); by default every company of the scope through `GET /v2/teams`. */
  search?: (text: string, limit: number) => Promise<T[]>;
  /** An option's text; by default the company's name. */
  optionLabel?: (team: T) => string;
  /** The search box's label and hint, when not the license pages' ones (another page's namespaces). */
  searchLabel?: string;
  searchHint?: string;
}

/**
 * Chooses a company. A small scope is a plain select of every company; a large one (root with
 * hundreds of companies) is a search box over the companies API with a select of the matches,
 * so the page does not carry every company's name in its markup and props. The license pages
 * pick any company; the invitation wizard passes its own search (companies with available
 * licenses, with their domains) and option text (with the available count).
 */
export function TeamPicker<T extends TeamRef = TeamRef>({
  label,
  placeholder,
  teams,
  value,
  onChange,
  exclude = null,
  initial = null,
  csrfToken,
  error,
  required,
  search: searchTeams,
  optionLabel = (team) => team.teamName,
  searchLabel,
  searchHint,
}: TeamPickerProps<T>) {
  const t = useT();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [matches, setMatches] = useState<T[]>(initial ? [initial] : []);
  const latest = useRef(0);
  // The caller's search may be a new function each render; the latest one is used, without re-running the effect.
  const searchRef = useRef(searchTeams);
  useEffect(() => {
    searchRef.current = searchTeams;
  });

  useEffect(() => {
    if (teams) return;
    const ticket = ++latest.current;
    const timer = setTimeout(
      () => {
        const text = search.trim();
        const found: Promise<T[]> = searchRef.current
          ? searchRef.current(text, MATCHES)
          : createTeamsApi({ csrfToken })
              .list({ search: text || undefined, limit: MATCHES })
              // Without a search of its own, T is a TeamRef: the slug and the name are all it holds.
              .then((page) => page.items.map(({ slug, teamName }) => ({ slug, teamName }) as T));
        found.then(
          (items) => ticket === latest.current && setMatches(items),
          () => ticket === latest.current && setMatches([]),
        );
      },
      search ? SEARCH_DELAY_MS : 0,
    );
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
      options={shown.map((team) => ({ value: team.slug, label: optionLabel(team) }))}
      value={value}
      onChange={(event) => onChange(shown.find((team) => team.slug === event.target.value) ?? null)}
    />
  );
  if (teams) return select;
  return (
    <div className="team-picker">
      <div className="field">
        <label className="field-label" htmlFor={searchId}>
          {searchLabel ?? t("licenses:picker.search")}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={search}
          maxLength={maxLength.search}
          placeholder={searchHint ?? t("licenses:picker.hint")}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {select}
    </div>
  );
}
