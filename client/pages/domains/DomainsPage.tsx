import type { TeamDomainsItem } from "../../../shared/api/domains";
import type { ListResponse } from "../../../shared/schemas/list";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { DomainsEditor } from "../../islands/DomainsEditor";

/** Props of /domains. */
export interface DomainsPageProps {
  page: ListResponse<TeamDomainsItem>;
  search: string;
  cursor: string | null;
  csrfToken: string;
}

/** `/domains?…` with a search and a cursor. */
function domainsHref(search: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `/domains?${text}` : "/domains";
}

/**
 * Domains (SPEC §2 /domains, root only): every company with its white-listed domains and the
 * number of its users whose e-mail is outside them, searched and paged by links; each company's
 * domains are an island that adds and removes them with the root's password.
 */
export function DomainsPage({ page, search, cursor, csrfToken }: DomainsPageProps) {
  const t = useT();
  return (
    <div className="domains-page">
      <p className="card-note">{t("domains:intro")}</p>
      <form className="teams-search" method="get" action="/domains" role="search">
        <label className="visually-hidden" htmlFor="domains-search">{t("domains:searchLabel")}</label>
        <input id="domains-search" className="input" type="search" name="search" defaultValue={search} placeholder={t("domains:searchHint")} maxLength={320} />
        <button type="submit" className="button">{t("domains:searchSubmit")}</button>
        {search ? <a className="button" href="/domains">{t("domains:clear")}</a> : null}
      </form>
      <p className="teams-count" role="status">{t("domains:count", { total: page.total })}</p>
      {page.items.length === 0 ? (
        <div className="empty-state"><p className="empty-title">{t("domains:empty")}</p></div>
      ) : (
        <div className="table-scroll">
          <table className="data-table domains-table">
            <caption className="visually-hidden">{t("domains:caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("domains:columns.team")}</th>
                <th scope="col">{t("domains:columns.domains")}</th>
                <th scope="col" className="col-number">{t("domains:columns.outside")}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((team) => (
                <tr key={team.slug} data-slug={team.slug}>
                  <th scope="row"><a href={`/teams/profile/${encodeURIComponent(team.slug)}`}>{team.teamName}</a></th>
                  <td>
                    <Island name="DomainsEditor" component={DomainsEditor} namespaces={["domains"]} props={{ slug: team.slug, teamName: team.teamName, domains: team.domains, usersOutside: team.usersOutside, csrfToken }} />
                  </td>
                  <td className="col-number">{team.usersOutside}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor || page.nextCursor ? (
        <nav className="pager teams-pager" aria-label={t("domains:pages")}>
          {cursor ? <a className="button" href={domainsHref(search, null)}>{t("domains:first")}</a> : null}
          {page.nextCursor ? <a className="button" rel="next" href={domainsHref(search, page.nextCursor)}>{t("domains:next")}</a> : null}
        </nav>
      ) : null}
    </div>
  );
}
