import { useEffect, useState } from "react";
import { useId } from "../hooks";
import { maxLength } from "../../../shared/limits";
import { LOG_OUTCOMES, type LogListQuery } from "../../../shared/schemas/logs";
import { TextField } from "../forms/Field";
import { FilterForm, FilterSearch, FilterSelect } from "../list/FilterForm";
import { useHydrated } from "../useHydrated";
import { useT } from "../render-context";
import { TimeFilter } from "./TimeFilter";

/** How long typing pauses before the list reloads. */
const TYPING_DELAY_MS = 300;

/** The text filters, typed freely and applied after a pause. */
const TEXT_FILTERS = ["search", "actor", "action", "target"] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];
type Texts = Record<TextFilter, string>;

const textsOf = (query: LogListQuery): Texts => ({
  search: query.search ?? "",
  actor: query.actor ?? "",
  action: query.action ?? "",
  target: query.target ?? "",
});

/** Props of {@link LogsFilters}. */
export interface LogsFiltersProps {
  query: LogListQuery;
  teams: readonly { slug: string; teamName: string }[];
  /** The admin's time zone: the time range is entered and shown in it. */
  timezone: string;
  onChange: (patch: Partial<LogListQuery>) => void;
}

/**
 * The access log's filters: free text, actor, action (a prefix such as `admin.`),
 * target, outcome, company and a time range in the admin's time zone (TimeFilter: typed as
 * year-month-day, read back in the console's date style). Text applies as you type (after a
 * pause), choices at once. 'Clear filters' is the filter chips' one, under these fields. Drawn
 * with the lists' one filter form (FilterForm), sent as GET to /logs before the island loads.
 */
export function LogsFilters({ query, teams, timezone, onChange }: LogsFiltersProps) {
  const t = useT();
  const searchId = useId();
  const [texts, setTexts] = useState<Texts>(() => textsOf(query));
  const hydrated = useHydrated();

  useEffect(() => {
    const patch: Partial<LogListQuery> = {};
    let changed = false;
    for (const key of TEXT_FILTERS) {
      const wanted = texts[key].trim() === "" ? undefined : texts[key].trim();
      if (wanted !== (query[key] || undefined)) {
        patch[key] = wanted;
        changed = true;
      }
    }
    if (!changed) return;
    const timer = setTimeout(() => onChange(patch), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [texts, query, onChange]);

  const text = (key: Exclude<TextFilter, "search">, label: string, hint: string, max: number) => (
    <TextField
      label={label}
      type="text"
      name={key}
      value={texts[key]}
      maxLength={max}
      placeholder={hint}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => setTexts((prev) => ({ ...prev, [key]: event.target.value }))}
    />
  );
  const time = (key: "from" | "to", label: string) => (
    <TimeFilter name={key} label={label} value={query[key]} timezone={timezone} onChange={(iso) => onChange({ [key]: iso })} />
  );

  return (
    <FilterForm
      action="/logs"
      label={t("logs:filters.label")}
      live={hydrated}
      className="logs-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <FilterSearch
        id={searchId}
        label={t("logs:filters.search")}
        placeholder={t("logs:filters.searchHint")}
        maxLength={maxLength.search}
        value={texts.search}
        onChange={(event) => setTexts((prev) => ({ ...prev, search: event.target.value }))}
      />
      <div className="filters">
        {text("actor", t("logs:filters.actor"), t("logs:filters.actorHint"), maxLength.username)}
        {text("action", t("logs:filters.action"), t("logs:filters.actionHint"), 64)}
        {text("target", t("logs:filters.target"), t("logs:filters.targetHint"), maxLength.search)}
        <FilterSelect
          id={`${searchId}outcome`}
          name="outcome"
          label={t("logs:filters.outcome")}
          anyLabel={t("common:list.any")}
          value={query.outcome ?? ""}
          options={LOG_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`logs:outcomes.${outcome}`) }))}
          onChange={(event) =>
            onChange({ outcome: event.target.value === "" ? undefined : (event.target.value as LogListQuery["outcome"]) })
          }
        />
        <FilterSelect
          id={`${searchId}team`}
          name="team"
          label={t("logs:filters.team")}
          anyLabel={t("common:list.any")}
          value={query.team ?? ""}
          options={teams.map((team) => ({ value: team.slug, label: team.teamName }))}
          onChange={(event) => onChange({ team: event.target.value === "" ? undefined : event.target.value })}
        />
        {time("from", t("logs:filters.from"))}
        {time("to", t("logs:filters.to"))}
      </div>
      <p className="card-note">{t("logs:filters.timesIn", { timezone })}</p>
    </FilterForm>
  );
}
