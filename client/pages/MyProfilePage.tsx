import type { ReactNode } from "react";
import { Island } from "../components/Island";
import { useLang, useT } from "../components/render-context";
import { PasswordChangeForm } from "../islands/PasswordChangeForm";
import { ProfileForm } from "../islands/ProfileForm";
import { TerminateAccount } from "../islands/TerminateAccount";

/** The signed-in admin as the profile page shows them (times are ISO 8601 UTC strings). */
export interface MyProfile {
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  role: "root" | "admin";
  status: string;
  lang: string;
  timezone: string;
  createdOn: string;
  lastSeen: string | null;
  teams: { slug: string; teamName: string }[];
}

/** Props of the own-profile page (/admins/profile/{own uid}). */
export interface MyProfilePageProps {
  profile: MyProfile;
  csrfToken: string;
  timezones: string[];
}

/** BCP 47 locales the console formats dates in, per console language. */
const LOCALES: Readonly<Record<string, string>> = { en: "en-GB", pt: "pt-PT", es: "es-ES" };

/** Known statuses get a translated label; anything else is shown as sent. */
const STATUS_KEYS: ReadonlySet<string> = new Set(["registered", "invited", "active", "blocked"]);

/**
 * Formats an ISO time in the admin's time zone and language. Runs on the server only (this page
 * has no script of its own), so the text is deterministic and cannot mismatch on hydration.
 */
export function formatDateTime(iso: string, lang: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = LOCALES[lang] ?? "en-GB";
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date);
  }
}

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
 * My profile: an account summary rendered on the server, then the three islands that change
 * it (personal details, password, termination), each in its own headed section.
 */
export function MyProfilePage({ profile, csrfToken, timezones }: MyProfilePageProps) {
  const t = useT();
  const lang = useLang();
  const when = (iso: string) => formatDateTime(iso, lang, profile.timezone);
  const roleLabel = profile.role === "root" ? "superAdmin" : "admin";
  const ns = ["profile", "validation"] as const;
  return (
    <div className="profile-page">
      <Section id="profile-account" title={t("profile:sections.account")}>
        <dl className="summary">
          <dt>{t("profile:summary.username")}</dt>
          <dd>{profile.username}</dd>
          <dt>{t("profile:summary.role")}</dt>
          <dd data-role={roleLabel}>{t(`profile:roles.${roleLabel}`)}</dd>
          <dt>{t("profile:summary.status")}</dt>
          <dd>{STATUS_KEYS.has(profile.status) ? t(`profile:statuses.${profile.status}`) : profile.status}</dd>
          <dt>{t("profile:summary.createdOn")}</dt>
          <dd>{when(profile.createdOn)}</dd>
          <dt>{t("profile:summary.lastSeen")}</dt>
          <dd>{profile.lastSeen ? when(profile.lastSeen) : t("profile:summary.never")}</dd>
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
      <Section id="profile-danger" title={t("profile:sections.danger")} tone="danger">
        <Island name="TerminateAccount" component={TerminateAccount} props={{ csrfToken, lang }} namespaces={ns} />
      </Section>
    </div>
  );
}
