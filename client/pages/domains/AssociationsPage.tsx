import type { Association } from "../../../shared/api/domains";
import type { ListResponse } from "../../../shared/schemas/list";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { AssociationsManager } from "../../islands/AssociationsManager";

/** Props of /associations. */
export interface AssociationsPageProps {
  page: ListResponse<Association>;
  teams: { slug: string; teamName: string }[];
  search: string;
  cursor: string | null;
  csrfToken: string;
}

/** `/associations?…` with a search and a cursor. */
function associationsHref(search: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `/associations?${text}` : "/associations";
}

/**
 * Associations (SPEC §2 /associations, root only): what an association means, a search by name
 * or company, and the list with create, edit and delete (an island).
 */
export function AssociationsPage({ page, teams, search, cursor, csrfToken }: AssociationsPageProps) {
  const t = useT();
  return (
    <div className="associations-page">
      <p className="card-note">{t("associations:intro")}</p>
      <form className="teams-search" method="get" action="/associations" role="search">
        <label className="visually-hidden" htmlFor="associations-search">{t("associations:searchLabel")}</label>
        <input id="associations-search" className="input" type="search" name="search" defaultValue={search} placeholder={t("associations:searchHint")} maxLength={320} />
        <button type="submit" className="button">{t("associations:searchSubmit")}</button>
        {search ? <a className="button" href="/associations">{t("associations:clear")}</a> : null}
      </form>
      <p className="teams-count" role="status">{t("associations:count", { total: page.total })}</p>
      <Island name="AssociationsManager" component={AssociationsManager} namespaces={["associations"]} props={{ items: page.items, teams, csrfToken }} />
      {cursor || page.nextCursor ? (
        <nav className="pager teams-pager" aria-label={t("associations:pages")}>
          {cursor ? <a className="button" href={associationsHref(search, null)}>{t("associations:first")}</a> : null}
          {page.nextCursor ? <a className="button" rel="next" href={associationsHref(search, page.nextCursor)}>{t("associations:next")}</a> : null}
        </nav>
      ) : null}
    </div>
  );
}
