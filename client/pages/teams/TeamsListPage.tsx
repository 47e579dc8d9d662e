import type { TeamListItem } from "../../../shared/api/teams";
import { maxLength } from "../../../shared/limits";
import type { ListResponse } from "../../../shared/schemas/list";
import type { TeamSortField } from "../../../shared/schemas/team";
import { EmptyState } from "../../components/list/EmptyState";
import { ExportForm } from "../../components/list/ExportForm";
import { ListFrame, listFrameProps, ListTable } from "../../components/list/ListFrame";
import { hrefWith, keptSort, type ListFiltersProps } from "../../components/list/listQuery";
import { SortHeader, sortState } from "../../components/list/SortHeader";
import { useLang, useT } from "../../components/render-context";
import { formatNumber } from "../../lib/datetime";
import { DateTime } from "../../components/DateTime";

/** The list's query as the page echoes it into the toolbar and its links. */
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
  /** The catalogue message when the list could not be read (the list's error state). */
  error?: string | null;
}

const COLUMNS = ["name", "slug", "location", "admins", "users", "createdOn"] as const;
const SORTABLE: Partial<Record<(typeof COLUMNS)[number], TeamSortField>> = { name: "name", slug: "slug", createdOn: "createdOn" };

/**
 * Companies (SPEC §2 /teams) in the list frame (docs/DECISIONS.md "The list pattern"): search as
 * you type, chips, count, page size, pager above and below, sortable sticky headers, cards on
 * phones, and for root the "Create company" button.
 */
export function TeamsListPage({ page, query, canCreate, timezone, error }: TeamsListPageProps) {
  const t = useT();
  const lang = useLang();
  const filters: ListFiltersProps = {
    action: "/teams",
    label: t("teams:list.searchLabel"),
    search: {
      label: t("teams:list.searchLabel"),
      placeholder: t("teams:list.searchHint"),
      value: query.search,
      maxLength: maxLength.search,
    },
    selects: [],
    keep: keptSort(query, { sort: "name", order: "asc" }),
    limit: { value: query.limit, default: query.defaultLimit },
  };
  const create = canCreate ? (
    <a className="button button-primary" href="/teams/create">
      {t("teams:list.create")}
    </a>
  ) : null;
  const label = (column: (typeof COLUMNS)[number]) => t(`teams:columns.${column}`);
  return (
    <ListFrame
      className="teams-page"
      {...listFrameProps(filters, page, query.cursor, t("teams:list.pages"), error)}
      actions={create}
      exportMenu={
        <ExportForm resource="teams" filters={{ search: query.search, sort: query.sort, order: query.order }} total={page.total} />
      }
      empty={
        <EmptyState
          title={query.search ? t("teams:list.noMatch", { search: query.search }) : t("teams:list.emptyTitle")}
          hint={query.search ? null : t(canCreate ? "teams:list.emptyRoot" : "teams:list.emptyAdmin")}
          action={query.search ? null : create}
        />
      }
    >
      <ListTable caption={t("teams:list.caption")} className="teams-table">
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const sort = SORTABLE[column];
              const state = sort
                ? sortState(
                    sort,
                    query,
                    (s, order) => hrefWith(filters, { sort: s === "name" ? null : s, order: order === "asc" ? null : order }),
                    sort === "createdOn" ? "desc" : "asc",
                  )
                : null;
              return (
                <SortHeader
                  key={column}
                  label={label(column)}
                  href={state?.href ?? null}
                  sorted={state?.sorted ?? null}
                  className={column === "admins" || column === "users" ? "col-number" : undefined}
                />
              );
            })}
          </tr>
        </thead>
        <tbody>
          {page.items.map((team) => (
            <tr key={team.slug} data-slug={team.slug}>
              <th scope="row">
                <a href={`/teams/profile/${encodeURIComponent(team.slug)}`}>{team.teamName}</a>
              </th>
              <td data-label={label("slug")}>
                <code className="teams-slug">{team.slug}</code>
              </td>
              <td data-label={label("location")}>
                {[team.city, team.country].filter(Boolean).join(", ") || <span className="muted">—</span>}
              </td>
              <td data-label={label("admins")} className="col-number">
                {team.adminCount === 0 ? (
                  <span className="badge badge-pending">{formatNumber(0, lang)}</span>
                ) : (
                  formatNumber(team.adminCount, lang)
                )}
              </td>
              <td data-label={label("users")} className="col-number">
                {formatNumber(team.userCount, lang)}
              </td>
              <td data-label={label("createdOn")}>
                <DateTime iso={team.createdOn} timezone={timezone} />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
    </ListFrame>
  );
}
