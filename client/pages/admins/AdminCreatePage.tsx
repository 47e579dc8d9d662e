import { BackLink } from "../../components/layout/BackLink";
import type { TeamRef } from "../../../shared/api/responses";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { AdminCreateForm } from "../../islands/AdminCreateForm";

/** Props of /admins/create. */
export interface AdminCreatePageProps {
  csrfToken: string;
  teams: TeamRef[];
  canCreateRoot: boolean;
  lang: string;
}

/** Create administrator (SPEC §2): an intro and the AdminCreateForm island in a card. */
export function AdminCreatePage({ csrfToken, teams, canCreateRoot, lang }: AdminCreatePageProps) {
  const t = useT();
  return (
    <div className="profile-page">
      <BackLink href="/admins/manage">{t("admins:profile.backToList")}</BackLink>
      <section className="card" aria-label={t("pages:titles.adminsCreate")}>
        <p className="card-note">{t("admins:create.intro")}</p>
        <Island
          name="AdminCreateForm"
          component={AdminCreateForm}
          props={{ csrfToken, teams, canCreateRoot, lang }}
          namespaces={["admins", "validation"]}
        />
      </section>
    </div>
  );
}
