import type { TeamDomainsView } from "../../../shared/api/domains";
import { Island } from "../Island";
import { useT } from "../render-context";
import { DomainsEditor } from "../../islands/DomainsEditor";

export type { TeamDomainsView } from "../../../shared/api/domains";

/**
 * The team profile's root-only cards: its domains, editable with the same password
 * confirmation as /domains, and the associations it belongs to.
 */
export function TeamDomainsCards({ view, csrfToken }: { view: TeamDomainsView; csrfToken: string }) {
  const t = useT();
  return (
    <>
      <section className="card" aria-labelledby="team-domains">
        <h2 id="team-domains" className="card-title">
          {t("domains:columns.domains")}
        </h2>
        <Island
          name="DomainsEditor"
          component={DomainsEditor}
          namespaces={["domains"]}
          props={{ slug: view.slug, teamName: view.teamName, domains: view.domains, usersOutside: view.usersOutside, csrfToken }}
        />
      </section>
      <section className="card" aria-labelledby="team-associations">
        <h2 id="team-associations" className="card-title">
          {t("pages:titles.associations")}
        </h2>
        {view.associations.length === 0 ? (
          <p className="muted">{t("associations:empty")}</p>
        ) : (
          <ul>
            {view.associations.map((a) => (
              <li key={a.id}>
                {a.name}{" "}
                <span className={a.status === "open" ? "badge badge-active" : "badge badge-blocked"}>
                  {t(`associations:status.${a.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={`/associations?search=${encodeURIComponent(view.slug)}`}>{t("pages:titles.associations")}</a>
        </p>
      </section>
    </>
  );
}
