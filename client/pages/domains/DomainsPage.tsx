import type { TeamDomainsItem } from "../../../shared/api/domains";
import { maxLength } from "../../../shared/limits";
import type { ListResponse } from "../../../shared/schemas/list";
import { Island } from "../../components/Island";
import { EmptyState } from "../../components/list/EmptyState";
import { ListFrame, listFrameProps, ListTable } from "../../components/list/ListFrame";
import { clearedHref, hrefWith, keptSort, type ListFiltersProps } from "../../components/list/listQuery";
import { SortHeader, sortState } from "../../components/list/SortHeader";
import { useLang, useT } from "../../components/render-context";
import { DomainsEditor } from "../../islands/DomainsEditor";
import { formatNumber } from "../../lib/datetime";

/** The query of a root-only list searched by name (/domains, /associations). */
export interface SearchListView {
  search: string;
  order: "asc" | "desc";
  limit: number;
  defaultLimit: number;
  cursor: string | null;
}

/** Props of /domains. */
export interface DomainsPageProps {
  page: ListResponse<TeamDomainsItem>;
  query: SearchListView;
  csrfToken: string;
  error?: string | null;
}

/** The toolbar of a list searched by name, sorted by name either way. */
export function searchListFilters(action: string, label: string, placeholder: string, query: SearchListView): ListFiltersProps {
  return {
    action,
    label,
    search: { label, placeholder, value: query.search, maxLength: maxLength.search },
    selects: [],
    keep: keptSort(query, { order: "asc" }),
    limit: { value: query.limit, default: query.defaultLimit },
  };
}

/**
 * Domains (SPEC §2 /domains, root only) in the list frame (docs/DECISIONS.md "The list
 * pattern"): every company with its white-listed domains and the number of its users whose
 * e-mail is outside them; each company's domains are an island that adds and removes them with
 * the root's password.
 */
export function DomainsPage({ page, query, csrfToken, error }: DomainsPageProps) {
  const t = useT();
  const lang = useLang();
  const filters = searchListFilters("/domains", t("domains:searchLabel"), t("domains:searchHint"), query);
  const byName = sortState("name", { sort: "name", order: query.order }, (_, order) =>
    hrefWith(filters, { order: order === "asc" ? null : order }),
  );
  return (
    <div className="domains-page">
      <p className="card-note">{t("domains:intro")}</p>
      <ListFrame
        {...listFrameProps(filters, page, query.cursor, t("domains:pages"), error)}
        empty={
          <EmptyState
            title={t("domains:empty")}
            action={
              query.search ? (
                <a className="button" href={clearedHref(filters)}>
                  {t("common:list.clear")}
                </a>
              ) : null
            }
          />
        }
      >
        <ListTable caption={t("domains:caption")} className="domains-table">
          <thead>
            <tr>
              <SortHeader label={t("domains:columns.team")} {...byName} />
              <SortHeader label={t("domains:columns.domains")} href={null} sorted={null} />
              <SortHeader label={t("domains:columns.outside")} href={null} sorted={null} className="col-number" />
            </tr>
          </thead>
          <tbody>
            {page.items.map((team) => (
              <tr key={team.slug} data-slug={team.slug}>
                <th scope="row">
                  <a href={`/teams/profile/${encodeURIComponent(team.slug)}`}>{team.teamName}</a>
                </th>
                <td className="cell-block" data-label={t("domains:columns.domains")}>
                  <Island
                    name="DomainsEditor"
                    component={DomainsEditor}
                    namespaces={["domains"]}
                    props={{ slug: team.slug, teamName: team.teamName, domains: team.domains, usersOutside: team.usersOutside, csrfToken }}
                  />
                </td>
                <td className="col-number" data-label={t("domains:columns.outside")}>
                  {formatNumber(team.usersOutside, lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      </ListFrame>
    </div>
  );
}
