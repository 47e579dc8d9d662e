import { BackLink } from "../../components/layout/BackLink";
import type { ReactNode } from "react";
import type { AdminDetail } from "../../../shared/api/admins";
import type { TeamRef } from "../../../shared/api/responses";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { AdminActions, type AdminAction } from "../../islands/AdminActions";
import { AdminDetailsForm } from "../../islands/AdminDetailsForm";
import { AdminTeamsForm } from "../../islands/AdminTeamsForm";
import { DateTime } from "../../components/DateTime";
import { fullName, roleText, StatusBadge } from "./format";

/** What the viewer may do on this profile, as the server decided it. */
export interface AdminProfilePermissions {
  edit: boolean;
  /** The viewer may change the access level (root alone, #31): the details form then carries it. */
  accessLevel: boolean;
  teams: boolean;
  actions: AdminAction[];
  /** The admin manages teams outside the viewer's scope (kept by the teams editor). */
  hasOtherTeams: boolean;
}

/** Props of /admins/profile/{uid} for someone else. */
export interface AdminProfilePageProps {
  admin: AdminDetail;
  can: AdminProfilePermissions;
  /** The teams the viewer manages (root: all): the teams editor's choices. */
  teamOptions: TeamRef[];
  csrfToken: string;
  timezones: string[];
  /** The viewer's time zone: times are shown in it. */
  viewerTimezone: string;
}

/** Whether a lock still holds: the page renders once per request, so the clock is the request's. */
function lockedNow(lockedUntil: string | null): boolean {
  return lockedUntil !== null && Date.parse(lockedUntil) > Date.now();
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Another administrator's profile (SPEC §2): uid, username, names, role, status, time zone,
 * failed attempts, created on, last seen and teams; islands to edit details and teams and to
 * block, activate or delete, each shown only when the server allows it.
 */
export function AdminProfilePage({ admin, can, teamOptions, csrfToken, timezones, viewerTimezone }: AdminProfilePageProps) {
  const t = useT();
  const when = (iso: string | null) => <DateTime iso={iso} timezone={viewerTimezone} fallback={t("admins:profile.never")} />;
  const name = fullName(admin);
  const ns = ["admins", "validation"] as const;
  return (
    <div className="profile-page">
      <BackLink href="/admins/manage">{t("admins:profile.backToList")}</BackLink>
      <Section id="admin-account" title={t("admins:profile.account")}>
        <dl className="summary">
          <dt>{t("admins:profile.uid")}</dt>
          <dd>
            <code>{admin.uid}</code>
          </dd>
          <dt>{t("admins:profile.username")}</dt>
          <dd>{admin.username}</dd>
          {/* Each field once: the name and time zone are in the details form when it is shown. */}
          {can.edit ? null : (
            <>
              <dt>{t("admins:profile.name")}</dt>
              <dd>{name}</dd>
            </>
          )}
          <dt>{t("admins:profile.role")}</dt>
          <dd data-role={admin.role}>{roleText(t, admin.role)}</dd>
          <dt>{t("admins:profile.status")}</dt>
          <dd data-status={admin.status}>
            <StatusBadge t={t} status={admin.status} />
          </dd>
          {can.edit ? null : (
            <>
              <dt>{t("admins:profile.timezone")}</dt>
              <dd>{admin.timezone}</dd>
            </>
          )}
          {can.edit && can.accessLevel ? null : (
            <>
              <dt>{t("common:accessLevel.label")}</dt>
              <dd data-field="accessLevel">{admin.accessLevel ?? <span className="muted">{t("common:accessLevel.notSet")}</span>}</dd>
            </>
          )}
          <dt>{t("admins:profile.failedAttempts")}</dt>
          <dd>{admin.failedAttempts}</dd>
          {lockedNow(admin.lockedUntil) ? (
            <>
              <dt>{t("admins:profile.lockedUntil")}</dt>
              <dd>{when(admin.lockedUntil)}</dd>
            </>
          ) : null}
          <dt>{t("admins:profile.createdOn")}</dt>
          <dd>{when(admin.createdOn)}</dd>
          <dt>{t("admins:profile.lastSeen")}</dt>
          <dd>{when(admin.lastSeen)}</dd>
          {can.teams ? null : (
            <>
              <dt>{t("admins:profile.teams")}</dt>
              <dd>
                {admin.role === "root" ? (
                  t("admins:profile.allTeams")
                ) : admin.teams.length === 0 ? (
                  t("admins:profile.noTeams")
                ) : (
                  <ul className="summary-list">
                    {admin.teams.map((team) => (
                      <li key={team.slug}>
                        <a href={`/teams/profile/${encodeURIComponent(team.slug)}`}>{team.teamName}</a>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </>
          )}
        </dl>
        <p className="card-note">{t("admins:profile.timesIn", { timezone: viewerTimezone })}</p>
      </Section>
      {can.edit ? (
        <Section id="admin-details" title={t("admins:profile.details")}>
          <Island
            name="AdminDetailsForm"
            component={AdminDetailsForm}
            props={{
              csrfToken,
              uid: admin.uid,
              details: { firstName: admin.firstName, lastName: admin.lastName, lang: admin.lang, timezone: admin.timezone },
              timezones,
              ...(can.accessLevel ? { accessLevel: admin.accessLevel } : {}),
            }}
            namespaces={ns}
          />
        </Section>
      ) : null}
      {can.teams ? (
        <Section id="admin-teams" title={t("admins:profile.teams")}>
          <Island
            name="AdminTeamsForm"
            component={AdminTeamsForm}
            props={{
              csrfToken,
              uid: admin.uid,
              options: teamOptions,
              selected: admin.teams.map((team) => team.slug),
              hasOtherTeams: can.hasOtherTeams,
            }}
            namespaces={ns}
          />
        </Section>
      ) : admin.role === "root" ? (
        <Section id="admin-teams" title={t("admins:profile.teams")}>
          <p className="card-note">{t("admins:teams.rootNote")}</p>
        </Section>
      ) : null}
      {can.actions.length > 0 ? (
        <Section id="admin-status" title={t("admins:profile.actions")}>
          <Island
            name="AdminActions"
            component={AdminActions}
            props={{ csrfToken, uid: admin.uid, name, allowed: can.actions }}
            namespaces={ns}
          />
        </Section>
      ) : null}
    </div>
  );
}
