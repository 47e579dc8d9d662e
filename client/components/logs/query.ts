/**
 * The access-log query in the address bar of /logs: the island writes it with
 * `history.replaceState` and the server reads the same parameters (validated with
 * LogListQuerySchema) to render the same view on reload or from a shared link.
 */
import { listLimit } from "../../../shared/limits";
import { LOG_FILTER_FIELDS, type LogListQuery } from "../../../shared/schemas/logs";

/** The query of an unfiltered first page. */
export const DEFAULT_LOGS_QUERY: LogListQuery = { limit: listLimit.default };

/** The filters alone (no paging), without empty values: what the export link carries. */
export function logFiltersOf(query: LogListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LOG_FILTER_FIELDS) {
    const value = query[key];
    if (value !== undefined && value !== "") params.set(key, value);
  }
  return params;
}

/** The path of the /logs page showing this query (the default page size left out). */
export function logsPageHref(query: LogListQuery): string {
  const params = logFiltersOf(query);
  if (query.limit !== DEFAULT_LOGS_QUERY.limit) params.set("limit", String(query.limit));
  if (query.cursor) params.set("cursor", query.cursor);
  const text = params.toString();
  return text ? `/logs?${text}` : "/logs";
}

/** True when any filter is set (the empty state then suggests changing them). */
export function hasLogFilters(query: LogListQuery): boolean {
  return LOG_FILTER_FIELDS.some((key) => query[key] !== undefined && query[key] !== "");
}
