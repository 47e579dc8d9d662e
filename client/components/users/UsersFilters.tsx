import { useEffect, useState } from "react";
import { useId } from "../hooks";
import { PLATFORM_CODE_LIST } from "../../../shared/domain/platforms";
import { USER_STATUSES, type UserStatus } from "../../../shared/domain/statuses";
import { TIME_GROUPS, type TimeGroup } from "../../../shared/domain/timeGroups";
import { maxLength } from "../../../shared/limits";
import { FilterForm, FilterSearch, FilterSelect } from "../list/FilterForm";
import { useT } from "../render-context";
import { platformLabel } from "./format";
import { DEFAULT_USERS_QUERY, hasFilters } from "./query";
import { useHydrated } from "../useHydrated";
import type { TeamOption, UsersQuery } from "./types";

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

const FLAGS = ["ecs", "sip", "cellcrypt"] as const;

/** The yes/no filters: the account flags, and whether a device's app is below its platform's minimum. */
const YES_NO = [...FLAGS, "outdated"] as const;

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
 * Cellcrypt account flags and the app below its minimum version (any, yes, no). Drawn with the
 * lists' one filter form (FilterForm), sent as GET to /users/manage before the island loads. The device
 * platform ECS and the ECS user flag are different things, so every label says which.
 */
export function UsersFilters({ query, teams, onChange }: UsersFiltersProps) {
  const t = useT();
  const searchId = useId();
  const [text, setText] = useState(query.search ?? "");
  // Last seen and the yes/no filters sit under 'More filters', closed as rendered unless one is in
  // force, so a phone's first screen shows the list's first row with or without script and
  // hydration moves nothing (it used to close it on phones: a layout shift of 0.19). From 600 px
  // the stylesheet shows its fields whatever the state (app.css, .filters-more).
  const hydrated = useHydrated();
  const [openAtLoad] = useState(() => query.lastSeen !== undefined || YES_NO.some((flag) => query[flag] !== undefined));
  const [toggled, setToggled] = useState<boolean | null>(null);
  const more = toggled ?? openAtLoad;

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
  return (
    <FilterForm
      action="/users/manage"
      label={t("users:list.filtersLabel")}
      live={hydrated}
      className="users-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <FilterSearch
        id={searchId}
        label={t("users:list.search")}
        placeholder={t("users:list.searchPlaceholder")}
        maxLength={maxLength.search}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="filters">
        <FilterSelect
          id={`${searchId}status`}
          name="status"
          label={t("users:list.status")}
          anyLabel={all}
          value={query.status ?? ""}
          options={USER_STATUSES.map((status) => ({ value: status, label: t(`users:statuses.${status}`) }))}
          onChange={(event) => onChange({ status: event.target.value === "" ? undefined : (event.target.value as UserStatus) })}
        />
        <FilterSelect
          id={`${searchId}team`}
          name="team"
          label={t("users:list.team")}
          anyLabel={all}
          value={query.team ?? ""}
          options={teams.map((team) => ({ value: team.slug, label: team.teamName }))}
          onChange={(event) => onChange({ team: event.target.value === "" ? undefined : event.target.value })}
        />
        <FilterSelect
          id={`${searchId}platform`}
          name="platform"
          label={t("users:list.platform")}
          anyLabel={all}
          value={query.platform === undefined ? "" : String(query.platform)}
          options={PLATFORM_CODE_LIST.map((code) => ({ value: String(code), label: platformLabel(t, code) }))}
          onChange={(event) =>
            onChange({ platform: event.target.value === "" ? undefined : (Number(event.target.value) as UsersQuery["platform"]) })
          }
        />
        <details className="filters-more" open={more} onToggle={(event) => setToggled(event.currentTarget.open)}>
          <summary>{t("users:list.moreFilters")}</summary>
          <div className="filters-more-fields">
            <FilterSelect
              id={`${searchId}lastSeen`}
              name="lastSeen"
              label={t("users:list.lastSeen")}
              anyLabel={all}
              value={query.lastSeen ?? ""}
              options={TIME_GROUPS.map((group) => ({ value: group, label: t(`users:list.lastSeenGroups.${group}`) }))}
              onChange={(event) => onChange({ lastSeen: event.target.value === "" ? undefined : (event.target.value as TimeGroup) })}
            />
            {YES_NO.map((flag) => (
              <FilterSelect
                key={flag}
                id={`${searchId}${flag}`}
                name={flag}
                label={flag === "outdated" ? t("users:list.outdated") : t(`users:flags.${flag}`)}
                anyLabel={all}
                value={flagValue(query[flag])}
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
      </div>
      {/* Sent with the filters before the island loads, so the sort chosen stays. */}
      {query.sort !== DEFAULT_USERS_QUERY.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.order !== DEFAULT_USERS_QUERY.order ? <input type="hidden" name="order" value={query.order} /> : null}
      {query.limit !== DEFAULT_USERS_QUERY.limit ? <input type="hidden" name="limit" value={String(query.limit)} /> : null}
    </FilterForm>
  );
}
