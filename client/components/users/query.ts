/**
 * The users list query in the address bar: the island writes it with `history.replaceState` and
 * the server reads the same parameters (validated with UserListQuerySchema) to render the same
 * view on reload or from a shared link. Defaults are left out so links stay short.
 */
import { listLimit } from "../../../shared/limits";
import { USER_FILTER_FIELDS, type UserFilter } from "../../../shared/schemas/user";
import type { UsersQuery } from "./types";

/** The query of an unfiltered first page. */
export const DEFAULT_USERS_QUERY: UsersQuery = { sort: "name", order: "asc", limit: listLimit.default };

/** Filter, sort and page-size parameters in the order they appear in a URL. */
const KEYS = [
  "search",
  "status",
  "team",
  "platform",
  "lastSeen",
  "ecs",
  "sip",
  "cellcrypt",
  "outdated",
  "sort",
  "order",
  "limit",
  "cursor",
] as const;

/** The query as URL search parameters, without defaults and empty values. */
export function queryToParams(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key];
    if (value === undefined || value === null || value === "") continue;
    if (key === "sort" && value === DEFAULT_USERS_QUERY.sort) continue;
    if (key === "order" && value === DEFAULT_USERS_QUERY.order) continue;
    if (key === "limit" && value === DEFAULT_USERS_QUERY.limit) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The path of the users page showing this query. */
export function usersPageHref(query: UsersQuery): string {
  const search = queryToParams(query).toString();
  return search ? `/users/manage?${search}` : "/users/manage";
}

/** True when any filter or search is set (the empty state then suggests changing them). */
export function hasFilters(query: UsersQuery): boolean {
  return (
    Boolean(query.search) ||
    [query.status, query.team, query.platform, query.lastSeen, query.ecs, query.sip, query.cellcrypt, query.outdated].some(
      (v) => v !== undefined,
    )
  );
}

/** The query's filters alone: what a 'select all matching' bulk call sends as `filter`. */
export function filterOf(query: UsersQuery): UserFilter {
  const filter: Record<string, unknown> = {};
  for (const key of USER_FILTER_FIELDS) if (query[key] !== undefined && query[key] !== "") filter[key] = query[key];
  return filter;
}
