import { useMemo } from "react";
import { createLogsApi, type LogEntryItem } from "../../shared/api/logs";
import type { LogListQuery } from "../../shared/schemas/logs";
import type { ListResponse } from "../../shared/schemas/list";
import { Alert } from "../components/forms/Alert";
import { CountLine } from "../components/list/CountLine";
import { EmptyState } from "../components/list/EmptyState";
import { ExportForm } from "../components/list/ExportForm";
import { PageSize } from "../components/list/PageSize";
import { Pager } from "../components/list/Pager";
import { useKeysetList, type KeysetSource } from "../components/list/useKeysetList";
import { LogsEntries } from "../components/logs/LogsEntries";
import { LogsFilters } from "../components/logs/LogsFilters";
import { hasLogFilters, logFiltersOf, logsPageHref } from "../components/logs/query";
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
 * /logs (issue 19): the access log within the admin's scope, filters that apply as you type,
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
    previousLabel: t("logs:list.previous"),
    nextLabel: t("logs:list.next"),
    hasPrevious: query.cursor !== undefined,
    hasNext: Boolean(page.nextCursor),
    busy,
    onPrevious: list.previous,
    onNext: list.next,
  };
  const pageSize = <PageSize value={query.limit} disabled={busy} onChange={(limit) => list.change({ limit })} />;
  return (
    <div className="logs-list">
      <LogsFilters query={query} teams={teams} timezone={timezone} onChange={list.change} />
      <ExportForm resource="logs" filters={logFiltersOf(query)} total={page.total} />
      {list.error ? <Alert variant="error">{list.error}</Alert> : null}
      <Pager position="top" {...pager}>
        {pageSize}
      </Pager>
      <div className="logs-results" aria-busy={busy}>
        <CountLine index={pageIndex} limit={query.limit} shown={page.items.length} total={page.total} loading={busy ? t("logs:list.loading") : null} />
        {page.items.length > 0 ? (
          <div className="table-scroll">
            <LogsEntries items={page.items} timezone={timezone} />
          </div>
        ) : (
          <EmptyState title={t("logs:list.empty")} hint={hasLogFilters(query) ? t("logs:list.emptyHint") : t("logs:list.emptyNoFilters")} />
        )}
      </div>
      <Pager position="bottom" {...pager}>
        {pageSize}
      </Pager>
    </div>
  );
}
