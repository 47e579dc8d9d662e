import { BackLink } from "../../components/layout/BackLink";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { TeamForm } from "../../islands/TeamForm";

/** Props of /teams/create. */
export interface TeamCreatePageProps {
  csrfToken: string;
  timezones: string[];
}

/** Create team (root only): the team form island in create mode inside a card. */
export function TeamCreatePage({ csrfToken, timezones }: TeamCreatePageProps) {
  const t = useT();
  return (
    <div className="profile-page teams-profile">
      <BackLink href="/teams">{t("teams:profile.backToList")}</BackLink>
      <section className="card" aria-label={t("pages:titles.teamsCreate")}>
        <Island
          name="TeamForm"
          component={TeamForm}
          props={{ mode: "create" as const, team: null, csrfToken, timezones }}
          namespaces={["teams", "validation"]}
        />
      </section>
    </div>
  );
}
