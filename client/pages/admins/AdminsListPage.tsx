import { ADMIN_STATUSES } from "../../../shared/domain/statuses";
import { ROLES } from "../../../shared/domain/roles";
import type { AdminListItem } from "../../../shared/api/admins";
import type { TeamRef } from "../../../shared/api/responses";
import { maxLength } from "../../../shared/limits";
import type { ListResponse } from "../../../shared/schemas/list";
import type { AdminSort } from "../../../shared/schemas/admin";
import { DateTime } from "../../components/DateTime";
import { Alert } from "../../components/forms/Alert";
import { EmptyState } from "../../components/list/EmptyState";
import { ExportForm } from "../../components/list/ExportForm";
import { EmailText } from "../../components/list/EmailText";
import { ListFrame, listFrameProps, ListTable } from "../../components/list/ListFrame";
import { activeChips, clearedHref, hrefWith, keptSort, type ListFiltersProps } from "../../components/list/listQuery";
import { SortHeader, sortState } from "../../components/list/SortHeader";
import { useT } from "../../components/render-context";
import { fullName, roleText, StatusBadge, statusText } from "./format";

/** The list's query as the page echoes it back into the toolbar and links. */
export interface AdminListView {
  search?: string;
  role?: string;
  status?: string;
  team?: string;
  sort: AdminSort;
  order: "asc" | "desc";
  limit: number;
  defaultLimit: number;
  cursor?: string;
}

/** Props of /admins/manage. */
export interface AdminsListPageProps {
  page: ListResponse<AdminListItem>;
  query: AdminListView;
  teams: TeamRef[];
  timezone: string;
  invalidQuery: boolean;
  /** The catalogue message when the list could not be read (the list's error state). */
  error?: string | null;
}

/**
 * Administrators (SPEC §2 /admins/manage) in the list frame (docs/DECISIONS.md "The list
 * pattern"). The username is a secondary line of the name (its own sort link in the same
 * header), so the table fits its frame from 1280 px.
 */
export function AdminsListPage({ page, query, teams, timezone, invalidQuery, error }: AdminsListPageProps) {
  const t = useT();
  const any = t("common:list.any");
  const filters: ListFiltersProps = {
    action: "/admins/manage",
    label: t("admins:filters.title"),
    search: {
      label: t("admins:filters.search"),
      placeholder: t("admins:filters.searchHint"),
      value: query.search ?? "",
      maxLength: maxLength.search,
    },
    selects: [
      {
        name: "role",
        label: t("admins:filters.role"),
        value: query.role ?? "",
        anyLabel: any,
        options: ROLES.map((role) => ({ value: role, label: roleText(t, role) })),
      },
      {
        name: "status",
        label: t("admins:filters.status"),
        value: query.status ?? "",
        anyLabel: any,
        options: ADMIN_STATUSES.map((status) => ({ value: status, label: statusText(t, status) })),
      },
      {
        name: "team",
        label: t("admins:filters.team"),
        value: query.team ?? "",
        anyLabel: any,
        options: teams.map((team) => ({ value: team.slug, label: team.teamName })),
      },
    ],
    keep: keptSort(query, { sort: "name", order: "asc" }),
    limit: { value: query.limit, default: query.defaultLimit },
  };
  const sortLink = (field: AdminSort, firstOrder: "asc" | "desc" = "asc") =>
    sortState(
      field,
      query,
      (sort, order) => hrefWith(filters, { sort: sort === "name" ? null : sort, order: order === "asc" ? null : order }),
      firstOrder,
    );
  const label = (column: string) => t(`admins:columns.${column}`);
  const filtered = activeChips(filters).length > 0;
  const create = (
    <a className="button button-primary" href="/admins/create">
      {t("admins:list.create")}
    </a>
  );
  const name = sortLink("name");
  const username = sortLink("username");
  return (
    <ListFrame
      className="admins-page"
      {...listFrameProps(filters, page, query.cursor, t("admins:list.pages"), error)}
      actions={create}
      notice={invalidQuery ? <Alert variant="info">{t("admins:list.invalidQuery")}</Alert> : null}
      exportMenu={
        <ExportForm
          resource="admins"
          filters={{
            search: query.search,
            role: query.role,
            status: query.status,
            team: query.team,
            sort: query.sort,
            order: query.order,
          }}
          total={page.total}
        />
      }
      footnote={<p className="card-note">{t("admins:list.timesIn", { timezone })}</p>}
      empty={
        <EmptyState
          title={t("admins:list.empty")}
          hint={t("admins:list.emptyHint")}
          action={
            filtered ? (
              <a className="button" href={clearedHref(filters)}>
                {t("common:list.clear")}
              </a>
            ) : (
              create
            )
          }
        />
      }
    >
      <ListTable caption={t("admins:list.caption")} className="admins-table">
        <thead>
          <tr>
            <th
              scope="col"
              aria-sort={
                name.sorted
                  ? name.sorted === "asc"
                    ? "ascending"
                    : "descending"
                  : username.sorted
                    ? username.sorted === "asc"
                      ? "ascending"
                      : "descending"
                    : undefined
              }
            >
              <span className="sort-pair">
                <a
                  className={name.sorted ? "sort-link is-sorted" : "sort-link"}
                  href={name.href}
                  data-sort="name"
                  title={t("common:list.sortBy", { column: label("name") })}
                >
                  {label("name")}
                  <span className="sort-mark" aria-hidden="true">
                    {name.sorted ? (name.sorted === "asc" ? "▲" : "▼") : "↕"}
                  </span>
                </a>
                <a
                  className={username.sorted ? "sort-link is-sorted" : "sort-link"}
                  href={username.href}
                  data-sort="username"
                  title={t("common:list.sortBy", { column: label("username") })}
                >
                  {label("username")}
                  <span className="sort-mark" aria-hidden="true">
                    {username.sorted ? (username.sorted === "asc" ? "▲" : "▼") : "↕"}
                  </span>
                </a>
              </span>
            </th>
            <SortHeader label={label("role")} href={null} sorted={null} />
            <SortHeader label={label("status")} {...sortLink("status")} />
            <SortHeader label={t("common:accessLevel.label")} href={null} sorted={null} />
            <SortHeader label={label("teams")} href={null} sorted={null} />
            <SortHeader label={label("createdOn")} {...sortLink("createdOn", "desc")} />
            <SortHeader label={label("lastSeen")} {...sortLink("lastSeen", "desc")} />
          </tr>
        </thead>
        <tbody>
          {page.items.map((admin) => (
            <tr key={admin.uid} data-uid={admin.uid}>
              <th scope="row">
                <a href={`/admins/profile/${encodeURIComponent(admin.uid)}`}>{fullName(admin)}</a>
                <span className="cell-secondary admins-username">
                  <EmailText value={admin.username} />
                </span>
              </th>
              <td data-label={label("role")}>{roleText(t, admin.role)}</td>
              <td data-label={label("status")}>
                <StatusBadge t={t} status={admin.status} />
              </td>
              <td data-label={t("common:accessLevel.label")} data-field="accessLevel" className="col-number">
                {admin.accessLevel ?? <span className="muted">{t("common:accessLevel.notSet")}</span>}
              </td>
              <td data-label={label("teams")}>
                {admin.role === "root"
                  ? t("admins:list.allTeams")
                  : admin.teams.length === 0
                    ? t("admins:list.noTeams")
                    : admin.teams.map((team) => team.teamName).join(", ")}
              </td>
              <td data-label={label("createdOn")}>
                <DateTime iso={admin.createdOn} timezone={timezone} fallback={t("admins:list.never")} />
              </td>
              <td data-label={label("lastSeen")}>
                <DateTime iso={admin.lastSeen} timezone={timezone} fallback={t("admins:list.never")} />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
    </ListFrame>
  );
}
