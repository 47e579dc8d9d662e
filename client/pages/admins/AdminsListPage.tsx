import { ADMIN_STATUSES } from "../../../shared/domain/statuses";
import { ROLES } from "../../../shared/domain/roles";
import type { AdminListItem } from "../../../shared/api/admins";
import type { TeamRef } from "../../../shared/api/responses";
import type { ListResponse } from "../../../shared/schemas/list";
import type { AdminSort } from "../../../shared/schemas/admin";
import { Alert } from "../../components/forms/Alert";
import { CountLine } from "../../components/list/CountLine";
import { ExportForm } from "../../components/list/ExportForm";
import { useLang, useT } from "../../components/render-context";
import { formatDateTime } from "../../lib/datetime";
import { fullName, roleText, StatusBadge, statusText } from "./format";

/** The list's query as the page echoes it back into the filter form and links. */
export interface AdminListView {
  search?: string;
  role?: string;
  status?: string;
  team?: string;
  sort: AdminSort;
  order: "asc" | "desc";
  cursor?: string;
}

/** Props of /admins/manage. */
export interface AdminsListPageProps {
  page: ListResponse<AdminListItem>;
  query: AdminListView;
  teams: TeamRef[];
  timezone: string;
  invalidQuery: boolean;
}

const COLUMN_SORT: Partial<Record<string, AdminSort>> = { name: "name", username: "username", status: "status", createdOn: "createdOn", lastSeen: "lastSeen" };
const COLUMNS = ["name", "username", "role", "status", "teams", "createdOn", "lastSeen"] as const;

/** `/admins/manage?…` with the given changes to the current query (empty values dropped). */
function hrefWith(query: AdminListView, changes: Partial<AdminListView>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `/admins/manage?${text}` : "/admins/manage";
}

/**
 * Administrators (SPEC §2 /admins/manage), rendered on the server with no script: a GET filter
 * form, sortable headers as links, keyset "Next page", the count and an empty state.
 */
export function AdminsListPage({ page, query, teams, timezone, invalidQuery }: AdminsListPageProps) {
  const t = useT();
  const lang = useLang();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, lang, timezone, "long") : t("admins:list.never"));
  const base: AdminListView = { ...query, cursor: undefined };
  return (
    <div className="admins-page">
      <div className="admins-toolbar">
        <CountLine className="admins-total" index={query.cursor ? null : 0} limit={page.items.length} shown={page.items.length} total={page.total} />
        <a className="button button-primary" href="/admins/create">{t("admins:list.create")}</a>
      </div>
      {invalidQuery ? <Alert variant="info">{t("admins:list.invalidQuery")}</Alert> : null}
      <ExportForm resource="admins" filters={{ ...base }} total={page.total} />
      <form className="admins-filters card" method="get" action="/admins/manage" role="search" aria-label={t("admins:filters.title")}>
        <div className="field">
          <label className="field-label" htmlFor="admins-search">{t("admins:filters.search")}</label>
          <input id="admins-search" className="input" type="search" name="search" defaultValue={query.search ?? ""} placeholder={t("admins:filters.searchHint")} maxLength={320} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="admins-role">{t("admins:filters.role")}</label>
          <select id="admins-role" className="input" name="role" defaultValue={query.role ?? ""}>
            <option value="">{t("admins:filters.any")}</option>
            {ROLES.map((role) => <option key={role} value={role}>{roleText(t, role)}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="admins-status">{t("admins:filters.status")}</label>
          <select id="admins-status" className="input" name="status" defaultValue={query.status ?? ""}>
            <option value="">{t("admins:filters.any")}</option>
            {ADMIN_STATUSES.map((status) => <option key={status} value={status}>{statusText(t, status)}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="admins-team">{t("admins:filters.team")}</label>
          <select id="admins-team" className="input" name="team" defaultValue={query.team ?? ""}>
            <option value="">{t("admins:filters.any")}</option>
            {teams.map((team) => <option key={team.slug} value={team.slug}>{team.teamName}</option>)}
          </select>
        </div>
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="order" value={query.order} />
        <div className="admins-filter-actions">
          <button type="submit" className="button button-primary">{t("admins:filters.apply")}</button>
          <a className="button" href="/admins/manage">{t("admins:filters.reset")}</a>
        </div>
      </form>
      {page.items.length === 0 ? (
        <div className="card admins-empty">
          <p>{t("admins:list.empty")}</p>
          <p className="card-note">{t("admins:list.emptyHint")}</p>
        </div>
      ) : (
        <div className="admins-table-wrap">
          <table className="admins-table">
            <caption className="visually-hidden">{t("admins:list.caption")}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const sort = COLUMN_SORT[column];
                  const label = t(`admins:columns.${column}`);
                  if (!sort) return <th key={column} scope="col">{label}</th>;
                  const current = query.sort === sort;
                  const next = current && query.order === "asc" ? "desc" : "asc";
                  return (
                    <th key={column} scope="col" aria-sort={current ? (query.order === "asc" ? "ascending" : "descending") : undefined}>
                      <a className={current ? "sort-link is-sorted" : "sort-link"} href={hrefWith(base, { sort, order: next })} data-sort={sort}>
                        {label}
                        {current ? <span aria-hidden="true">{query.order === "asc" ? " ▲" : " ▼"}</span> : null}
                        {current ? <span className="visually-hidden">, {t(query.order === "asc" ? "admins:list.sortedAsc" : "admins:list.sortedDesc")}</span> : null}
                      </a>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {page.items.map((admin) => (
                <tr key={admin.uid} data-uid={admin.uid}>
                  <td><a href={`/admins/profile/${encodeURIComponent(admin.uid)}`}>{fullName(admin)}</a></td>
                  <td className="admins-username">{admin.username}</td>
                  <td>{roleText(t, admin.role)}</td>
                  <td><StatusBadge t={t} status={admin.status} /></td>
                  <td>
                    {admin.role === "root" ? t("admins:list.allTeams") : admin.teams.length === 0 ? t("admins:list.noTeams") : admin.teams.map((team) => team.teamName).join(", ")}
                  </td>
                  <td>{when(admin.createdOn)}</td>
                  <td>{when(admin.lastSeen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="admins-pager">
        <p className="card-note">{t("admins:list.timesIn", { timezone })}</p>
        <div className="admins-pager-links">
          {query.cursor ? <a className="button" href={hrefWith(base, {})}>{t("admins:list.first")}</a> : null}
          {page.nextCursor ? <a className="button" rel="next" href={hrefWith(base, { cursor: page.nextCursor })}>{t("admins:list.next")}</a> : null}
        </div>
      </div>
    </div>
  );
}
