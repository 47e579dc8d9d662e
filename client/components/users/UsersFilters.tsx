import { useEffect, useId, useState } from "react";
import { PLATFORM_CODE_LIST } from "../../../shared/domain/platforms";
import { USER_STATUSES, type UserStatus } from "../../../shared/domain/statuses";
import { TIME_GROUPS, type TimeGroup } from "../../../shared/domain/timeGroups";
import { maxLength } from "../../../shared/limits";
import { SelectField } from "../forms/Field";
import { useT } from "../render-context";
import { platformLabel } from "./format";
import { hasFilters } from "./query";
import { useHydrated } from "../useHydrated";
import type { TeamOption, UsersQuery } from "./types";

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

const FLAGS = ["ecs", "sip", "cellcrypt"] as const;

/** The yes/no filters: the account flags, and whether a device's app is below its platform's minimum. */
const YES_NO = [...FLAGS, "outdated"] as const;

/** The phone layout's breakpoint (client/styles/app.css). */
const PHONE = "(max-width: 599px)";

const flagValue = (value: boolean | undefined) => (value === undefined ? "" : String(value));
const parseFlag = (value: string) => (value === "" ? undefined : value === "true");

/** Props of {@link UsersFilters}. */
export interface UsersFiltersProps {
  query: UsersQuery;
  teams: readonly TeamOption[];
  onChange: (patch: Partial<UsersQuery>) => void;
}

/**
 * The users list's search box (name, username, alias; debounced) and filters: status, team,
 * device platform (SPEC §3 names: a user with a device of that platform), the dashboard's
 * last-seen groups, the ECS / SIP /
 * Cellcrypt account flags and the app below its minimum version (any, yes, no). The device
 * platform ECS and the ECS user flag are different things, so every label says which.
 */
export function UsersFilters({ query, teams, onChange }: UsersFiltersProps) {
  const t = useT();
  const searchId = useId();
  const [text, setText] = useState(query.search ?? "");
  // The yes/no filters sit under 'More filters': open as rendered, closed on a phone once
  // hydrated unless one is in force, so the list's first row stays on the first screen.
  // Decided once, at hydration; afterwards the admin opens and closes it.
  const hydrated = useHydrated();
  const [openAtLoad] = useState(() => YES_NO.some((flag) => query[flag] !== undefined));
  const [phoneAtLoad] = useState(() => typeof window !== "undefined" && window.matchMedia(PHONE).matches);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const more = toggled ?? (!hydrated || openAtLoad || !phoneAtLoad);

  useEffect(() => {
    const wanted = text.trim() === "" ? undefined : text.trim();
    if (wanted === (query.search ?? undefined)) return;
    const timer = setTimeout(() => onChange({ search: wanted }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query.search, onChange]);

  const clear = () => {
    setText("");
    onChange({
      search: undefined,
      status: undefined,
      team: undefined,
      platform: undefined,
      lastSeen: undefined,
      ecs: undefined,
      sip: undefined,
      cellcrypt: undefined,
      outdated: undefined,
    });
    // 'Clear filters' disappears once nothing is filtered: focus goes to the search, not the body.
    document.getElementById(searchId)?.focus();
  };
  // One word for an unset filter on every list (issue 27): 'Any'.
  const all = t("common:list.any");
  const any = all;
  return (
    <div className="users-filters">
      <div className="field users-search">
        <label className="field-label" htmlFor={searchId}>
          {t("users:list.search")}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          name="search"
          value={text}
          maxLength={maxLength.search}
          placeholder={t("users:list.searchPlaceholder")}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <fieldset className="filters">
        <legend className="visually-hidden">{t("users:list.filtersLabel")}</legend>
        <SelectField
          label={t("users:list.status")}
          name="status"
          value={query.status ?? ""}
          placeholder={all}
          options={USER_STATUSES.map((status) => ({ value: status, label: t(`users:statuses.${status}`) }))}
          onChange={(event) => onChange({ status: event.target.value === "" ? undefined : (event.target.value as UserStatus) })}
        />
        <SelectField
          label={t("users:list.team")}
          name="team"
          value={query.team ?? ""}
          placeholder={all}
          options={teams.map((team) => ({ value: team.slug, label: team.teamName }))}
          onChange={(event) => onChange({ team: event.target.value === "" ? undefined : event.target.value })}
        />
        <SelectField
          label={t("users:list.platform")}
          name="platform"
          value={query.platform === undefined ? "" : String(query.platform)}
          placeholder={all}
          options={PLATFORM_CODE_LIST.map((code) => ({ value: String(code), label: platformLabel(t, code) }))}
          onChange={(event) =>
            onChange({ platform: event.target.value === "" ? undefined : (Number(event.target.value) as UsersQuery["platform"]) })
          }
        />
        <SelectField
          label={t("users:list.lastSeen")}
          name="lastSeen"
          value={query.lastSeen ?? ""}
          placeholder={all}
          options={TIME_GROUPS.map((group) => ({ value: group, label: t(`users:list.lastSeenGroups.${group}`) }))}
          onChange={(event) => onChange({ lastSeen: event.target.value === "" ? undefined : (event.target.value as TimeGroup) })}
        />
        <details className="filters-more" open={more} onToggle={(event) => setToggled(event.currentTarget.open)}>
          <summary>{t("users:list.moreFilters")}</summary>
          <div className="filters-more-fields">
            {YES_NO.map((flag) => (
              <SelectField
                key={flag}
                label={flag === "outdated" ? t("users:list.outdated") : t(`users:flags.${flag}`)}
                name={flag}
                value={flagValue(query[flag])}
                placeholder={any}
                options={[
                  { value: "true", label: t("users:list.yes") },
                  { value: "false", label: t("users:list.no") },
                ]}
                onChange={(event) => onChange({ [flag]: parseFlag(event.target.value) })}
              />
            ))}
          </div>
        </details>
        {hasFilters(query) ? (
          <button type="button" className="button button-small filters-clear" onClick={clear}>
            {t("users:list.clearFilters")}
          </button>
        ) : null}
      </fieldset>
    </div>
  );
}
