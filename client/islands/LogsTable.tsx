import { useMemo, useState } from "react";
import { createLogsApi, type LogEntryItem } from "../../shared/api/logs";
import type { LogListQuery } from "../../shared/schemas/logs";
import type { ListResponse } from "../../shared/schemas/list";
import { CountLine } from "../components/list/CountLine";
import { EmptyState } from "../components/list/EmptyState";
import { ExportForm } from "../components/list/ExportForm";
import { FilterChips, type FilterChip } from "../components/list/FilterChips";
import { ListError } from "../components/list/ListError";
import { ListLayout } from "../components/list/ListLayout";
import { PageSize } from "../components/list/PageSize";
import { Pager } from "../components/list/Pager";
import { useKeysetList, type KeysetSource } from "../components/list/useKeysetList";
import { LogsEntries } from "../components/logs/LogsEntries";
import { LogsFilters } from "../components/logs/LogsFilters";
import { hasLogFilters, logFiltersOf, logsPageHref } from "../components/logs/query";
import { isoToWallTime } from "../lib/zonedTime";
import { LOG_FILTER_FIELDS } from "../../shared/schemas/logs";
import { useT } from "../components/render-context";

/** Props of the access-log island: the server-rendered first page and what it was rendered from. */
export interface LogsTableProps {
  page: ListResponse<LogEntryItem>;
  query: LogListQuery;
  /** Companies in the admin's scope: the company filter. */
  teams: { slug: string; teamName: string }[];
  /** The admin's time zone; times are entered and shown in it. */
  timezone: string;
  csrfToken: string;
}

/**
 * /logs: the access log within the admin's scope, filters that apply as you type,
 * keyset pages with the pager above and below, each entry expandable to its details, and the
 * export of the filtered entries.
 */
export function LogsTable({ page: initialPage, query: initialQuery, teams, timezone, csrfToken }: LogsTableProps) {
  const t = useT();
  const source = useMemo<KeysetSource<LogListQuery, LogEntryItem>>(() => {
    const api = createLogsApi({ csrfToken });
    return { stateKey: "logsCursors", fetchPage: (query) => api.list(query), hrefOf: logsPageHref };
  }, [csrfToken]);
  const list = useKeysetList(initialPage, initialQuery, source);
  const { query, page, busy, pageIndex } = list;
  const pager = {
    label: t("logs:list.pagination"),
    hasPrevious: query.cursor !== undefined,
    hasNext: Boolean(page.nextCursor),
    busy,
    onPrevious: list.previous,
    onNext: list.next,
  };
  // Removing a chip remounts the filters, so their typed text follows the query.
  const [filtersKey, setFiltersKey] = useState(0);
  const chips: FilterChip[] = LOG_FILTER_FIELDS.filter((key) => query[key]).map((key) => {
    const value = query[key] ?? "";
    const shown =
      key === "from" || key === "to"
        ? isoToWallTime(value, timezone).replace("T", " ")
        : key === "outcome"
          ? t(`logs:outcomes.${value}`)
          : key === "team"
            ? (teams.find((team) => team.slug === value)?.teamName ?? value)
            : value;
    return { name: key, label: t(`logs:filters.${key}`), value: shown };
  });
  const removeChip = (name: string) => {
    setFiltersKey((k) => k + 1);
    list.change({ [name]: undefined });
  };
  const clearAll = () => {
    setFiltersKey((k) => k + 1);
    list.change(Object.fromEntries(LOG_FILTER_FIELDS.map((key) => [key, undefined])));
  };
  return (
    <ListLayout
      className="logs-list"
      busy={busy}
      resultsClassName="logs-results"
      // A failed read replaces the count and pagers as well as the rows: the last ones are no longer current.
      count={
        list.error ? null : (
          <CountLine
            index={pageIndex}
            limit={query.limit}
            shown={page.items.length}
            total={page.total}
            loading={busy ? t("logs:list.loading") : null}
          />
        )
      }
      actions={<ExportForm resource="logs" filters={logFiltersOf(query)} total={page.total} />}
      filters={<LogsFilters key={filtersKey} query={query} teams={teams} timezone={timezone} onChange={list.change} />}
      chips={<FilterChips chips={chips} onRemove={removeChip} onClear={clearAll} />}
      topPager={list.error ? null : <Pager position="top" {...pager} />}
      results={
        list.error ? (
          <ListError message={list.error} onRetry={() => list.change({})} />
        ) : page.items.length > 0 ? (
          <div className="table-scroll">
            <LogsEntries items={page.items} timezone={timezone} />
          </div>
        ) : (
          <EmptyState title={t("logs:list.empty")} hint={hasLogFilters(query) ? t("logs:list.emptyHint") : t("logs:list.emptyNoFilters")} />
        )
      }
      bottomPager={
        list.error ? null : (
          <Pager position="bottom" {...pager}>
            <PageSize value={query.limit} disabled={busy} onChange={(limit) => list.change({ limit })} />
          </Pager>
        )
      }
    />
  );
}
