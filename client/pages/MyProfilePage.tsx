import type { ReactNode } from "react";
import type { MeResponse } from "../../shared/api/responses";
import { roleLabel as roleLabelOf, roleTextKey } from "../../shared/domain/roles";
import { Island } from "../components/Island";
import { useLang, useT } from "../components/render-context";
import { DateTime } from "../components/DateTime";
import { MfaSettings } from "../islands/MfaSettings";
import { PasswordChangeForm } from "../islands/PasswordChangeForm";
import { ProfileForm } from "../islands/ProfileForm";
import { TerminateAccount } from "../islands/TerminateAccount";

/** Props of the own-profile page (/admins/profile/{own uid}). */
export interface MyProfilePageProps {
  /** The signed-in admin exactly as `GET /v2/me` answers. */
  profile: MeResponse;
  csrfToken: string;
  timezones: string[];
  /** Whether the MFA policy requires a second factor of this admin (their last one cannot be removed). */
  mfaRequired?: boolean;
}

/** Known statuses get a translated label; anything else is shown as sent. */
const STATUS_KEYS: ReadonlySet<string> = new Set(["registered", "invited", "active", "blocked"]);

function Section({ id, title, children, tone }: { id: string; title: string; children: ReactNode; tone?: "danger" }) {
  return (
    <section className={tone === "danger" ? "card card-danger" : "card"} aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * My profile: an account summary rendered on the server, then the islands that change it
 * (personal details, password, two-step verification, termination), each in its own headed section.
 */
export function MyProfilePage({ profile, csrfToken, timezones, mfaRequired = false }: MyProfilePageProps) {
  const t = useT();
  const lang = useLang();
  const roleLabel = roleLabelOf(profile.role);
  const ns = ["profile", "validation"] as const;
  return (
    <div className="profile-page">
      <Section id="profile-account" title={t("profile:sections.account")}>
        <dl className="summary">
          <dt>{t("profile:summary.username")}</dt>
          <dd>{profile.username}</dd>
          <dt>{t("profile:summary.role")}</dt>
          <dd data-role={roleLabel}>{t(roleTextKey(profile.role))}</dd>
          <dt>{t("profile:summary.status")}</dt>
          <dd>{STATUS_KEYS.has(profile.status) ? t(`profile:statuses.${profile.status}`) : profile.status}</dd>
          <dt>{t("profile:summary.createdOn")}</dt>
          <dd>
            <DateTime iso={profile.createdOn} timezone={profile.timezone} />
          </dd>
          <dt>{t("profile:summary.lastSeen")}</dt>
          <dd>
            <DateTime iso={profile.lastSeen} timezone={profile.timezone} fallback={t("profile:summary.never")} />
          </dd>
          <dt>{t("profile:summary.teams")}</dt>
          <dd>
            {profile.teams.length > 0 ? (
              <ul className="summary-list">
                {profile.teams.map((team) => (
                  <li key={team.slug}>
                    <a href={`/teams/profile/${encodeURIComponent(team.slug)}`}>{team.teamName}</a>
                  </li>
                ))}
              </ul>
            ) : profile.role === "root" ? (
              t("profile:summary.allTeams")
            ) : (
              t("profile:summary.noTeams")
            )}
          </dd>
        </dl>
        <p className="card-note">{t("profile:summary.timesIn", { timezone: profile.timezone })}</p>
        <p className="card-note">
          <a href="/tokens">{t("profile:summary.apiTokens")}</a>
        </p>
      </Section>
      <Section id="profile-details" title={t("profile:sections.details")}>
        <Island
          name="ProfileForm"
          component={ProfileForm}
          props={{
            profile: { firstName: profile.firstName, lastName: profile.lastName, lang: profile.lang, timezone: profile.timezone },
            csrfToken,
            timezones,
          }}
          namespaces={ns}
        />
      </Section>
      <Section id="profile-password" title={t("profile:sections.password")}>
        <p className="card-note">{t("profile:password.intro")}</p>
        <Island name="PasswordChangeForm" component={PasswordChangeForm} props={{ csrfToken }} namespaces={ns} />
      </Section>
      <Section id="mfa" title={t("profile:sections.mfa")}>
        <p className="card-note">{t("profile:mfa.intro")}</p>
        <Island
          name="MfaSettings"
          component={MfaSettings}
          props={{ csrfToken, timezone: profile.timezone, required: mfaRequired }}
          namespaces={ns}
        />
      </Section>
      <Section id="profile-danger" title={t("profile:sections.danger")} tone="danger">
        <Island name="TerminateAccount" component={TerminateAccount} props={{ csrfToken, lang }} namespaces={ns} />
      </Section>
    </div>
  );
}
