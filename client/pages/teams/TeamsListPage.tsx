import type { TeamListItem } from "../../../shared/api/teams";
import type { ListResponse } from "../../../shared/schemas/list";
import type { TeamSortField } from "../../../shared/schemas/team";
import { ExportForm } from "../../components/list/ExportForm";
import { CountLine } from "../../components/list/CountLine";
import { useLang, useT } from "../../components/render-context";
import { formatDateTime, formatNumber } from "../../lib/datetime";

/** The list's query as the page echoes it into the search form and its links. */
export interface TeamListView {
  search: string;
  sort: TeamSortField;
  order: "asc" | "desc";
  limit: number;
  /** The default page size, left out of links. */
  defaultLimit: number;
  cursor: string | null;
}

/** Props of /teams. */
export interface TeamsListPageProps {
  page: ListResponse<TeamListItem>;
  query: TeamListView;
  /** Root may create teams. */
  canCreate: boolean;
  /** The signed-in admin's time zone. */
  timezone: string;
}

const COLUMNS = ["name", "slug", "location", "admins", "users", "createdOn"] as const;
const SORTABLE: Partial<Record<(typeof COLUMNS)[number], TeamSortField>> = { name: "name", slug: "slug", createdOn: "createdOn" };

/** `/teams?…` for the query with some changes; defaults and empty values are left out. */
export function teamsHref(query: TeamListView, changes: Partial<TeamListView> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.sort !== "name") params.set("sort", next.sort);
  if (next.order !== "asc") params.set("order", next.order);
  if (next.limit !== next.defaultLimit) params.set("limit", String(next.limit));
  if (next.cursor) params.set("cursor", next.cursor);
  const text = params.toString();
  return text ? `/teams?${text}` : "/teams";
}

function SortHeader({ column, query }: { column: (typeof COLUMNS)[number]; query: TeamListView }) {
  const t = useT();
  const label = t(`teams:columns.${column}`);
  const sort = SORTABLE[column];
  const numeric = column === "admins" || column === "users";
  if (!sort) return <th scope="col" className={numeric ? "col-number" : undefined}>{label}</th>;
  const current = query.sort === sort;
  const order = current ? (query.order === "asc" ? "desc" : "asc") : sort === "createdOn" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={current ? (query.order === "asc" ? "ascending" : "descending") : undefined}>
      <a className={current ? "teams-sort is-sorted" : "teams-sort"} href={teamsHref(query, { sort, order, cursor: null })} title={t("teams:list.sortBy", { column: label })}>
        {label}
        <span className="teams-sort-mark" aria-hidden="true">{current ? (query.order === "asc" ? "▲" : "▼") : "↕"}</span>
      </a>
    </th>
  );
}

/**
 * Teams (SPEC §2 /teams), rendered on the server with no script: a GET search form, sortable
 * column headers as links, the result count, keyset "Next page", an empty state and, for root,
 * the "Create team" button.
 */
export function TeamsListPage({ page, query, canCreate, timezone }: TeamsListPageProps) {
  const t = useT();
  const lang = useLang();
  const first = { ...query, cursor: null };
  return (
    <div className="teams-page">
      <div className="teams-toolbar">
        <form className="teams-search" method="get" action="/teams" role="search">
          <label className="visually-hidden" htmlFor="teams-search">{t("teams:list.searchLabel")}</label>
          <input id="teams-search" className="input" type="search" name="search" defaultValue={query.search} placeholder={t("teams:list.searchHint")} maxLength={320} />
          {query.sort !== "name" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.order !== "asc" ? <input type="hidden" name="order" value={query.order} /> : null}
          <button type="submit" className="button">{t("teams:list.searchSubmit")}</button>
          {query.search ? <a className="button" href={teamsHref(first, { search: "" })}>{t("teams:list.clear")}</a> : null}
        </form>
        {canCreate ? <a className="button button-primary" href="/teams/create">{t("teams:list.create")}</a> : null}
      </div>
      <ExportForm resource="teams" filters={{ search: query.search, sort: query.sort, order: query.order }} total={page.total} />
      <CountLine className="teams-count" index={query.cursor ? null : 0} limit={query.limit} shown={page.items.length} total={page.total} />
      {page.items.length === 0 ? (
        <div className="empty-state teams-empty">
          <p className="empty-title">{query.search ? t("teams:list.noMatch", { search: query.search }) : t("teams:list.emptyTitle")}</p>
          {query.search ? null : <p className="card-note">{t(canCreate ? "teams:list.emptyRoot" : "teams:list.emptyAdmin")}</p>}
          {canCreate && !query.search ? <a className="button button-primary" href="/teams/create">{t("teams:list.create")}</a> : null}
        </div>
      ) : (
        <div className="table-scroll">
          <table className="data-table teams-table">
            <caption className="visually-hidden">{t("teams:list.caption")}</caption>
            <thead>
              <tr>{COLUMNS.map((column) => <SortHeader key={column} column={column} query={query} />)}</tr>
            </thead>
            <tbody>
              {page.items.map((team) => (
                <tr key={team.slug} data-slug={team.slug}>
                  <th scope="row"><a href={`/teams/profile/${encodeURIComponent(team.slug)}`}>{team.teamName}</a></th>
                  <td><code className="teams-slug">{team.slug}</code></td>
                  <td>{[team.city, team.country].filter(Boolean).join(", ") || <span className="muted">—</span>}</td>
                  <td className="col-number">{team.adminCount === 0 ? <span className="badge badge-pending">0</span> : team.adminCount}</td>
                  <td className="col-number">{formatNumber(team.userCount, lang)}</td>
                  <td><time dateTime={team.createdOn}>{formatDateTime(team.createdOn, lang, timezone)}</time></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.cursor || page.nextCursor ? (
        <nav className="pager teams-pager" aria-label={t("teams:list.pages")}>
          {query.cursor ? <a className="button" href={teamsHref(first)}>{t("teams:list.first")}</a> : null}
          {page.nextCursor ? <a className="button" rel="next" href={teamsHref(query, { cursor: page.nextCursor })}>{t("teams:list.next")}</a> : null}
        </nav>
      ) : null}
    </div>
  );
}
