import type { Association } from "../../../shared/api/domains";
import type { ListResponse } from "../../../shared/schemas/list";
import { Island } from "../../components/Island";
import { ListFrame, listFrameProps } from "../../components/list/ListFrame";
import { useT } from "../../components/render-context";
import { AssociationCreate } from "../../islands/AssociationCreate";
import { AssociationsManager } from "../../islands/AssociationsManager";
import { searchListFilters, type SearchListView } from "./DomainsPage";

/** Props of /associations. */
export interface AssociationsPageProps {
  page: ListResponse<Association>;
  teams: { slug: string; teamName: string }[];
  query: SearchListView;
  csrfToken: string;
  error?: string | null;
}

/**
 * Associations (SPEC §2 /associations, root only) in the list frame (docs/DECISIONS.md "The list
 * pattern"): what an association means, a search by name or company, 'Create association'
 * top-right like every list's primary action, and the rows with edit and delete (an island, which
 * also draws the empty state and holds the create dialog).
 */
export function AssociationsPage({ page, teams, query, csrfToken, error }: AssociationsPageProps) {
  const t = useT();
  const filters = searchListFilters("/associations", t("associations:searchLabel"), t("associations:searchHint"), query);
  return (
    <div className="associations-page">
      <p className="card-note">{t("associations:intro")}</p>
      <ListFrame
        {...listFrameProps(filters, page, query.cursor, t("associations:pages"), error)}
        actions={<Island name="AssociationCreate" component={AssociationCreate} namespaces={["associations"]} props={{}} />}
        empty={null}
      >
        <Island
          name="AssociationsManager"
          component={AssociationsManager}
          namespaces={["associations"]}
          props={{ items: page.items, teams, csrfToken, filtered: query.search !== "" }}
        />
      </ListFrame>
    </div>
  );
}
