import { BackLink } from "../../components/layout/BackLink";
import { packTypeLabel } from "../../components/format/enums";
import { StateBadge } from "../../components/licenses/format";
import { licenseState, type LicenseState } from "../../../shared/domain/licenses";
import type { ReactNode } from "react";
import type { TeamDetails } from "../../../shared/api/teams";
import { roleTextKey } from "../../../shared/domain/roles";
import { Island } from "../../components/Island";
import { useLang, useT } from "../../components/render-context";
import { formatNumber } from "../../lib/datetime";
import { DateTime } from "../../components/DateTime";
import { editableTeam } from "../../components/teams/teamFormModel";
import { TeamDelete } from "../../islands/TeamDelete";
import { TeamForm } from "../../islands/TeamForm";
import { TeamSettingsEditor, type TeamSettingsEditorProps } from "../../islands/TeamSettingsEditor";
import { TeamDomainsCards, type TeamDomainsView } from "../../components/domains/TeamDomainsCards";
import { TeamOverrides, type TeamOverrideView } from "../../components/teams/TeamOverrides";

/** Props of /teams/profile/{slug}. */
export interface TeamProfilePageProps {
  team: TeamDetails;
  /** Root sees the delete island. */
  canDelete: boolean;
  /** Root edits the identifier and the authentication; a company admin sees them read-only. */
  canEditRootOnly?: boolean;
  csrfToken: string;
  timezones: string[];
  /** The signed-in admin's time zone. */
  timezone: string;
  /** Root only: the domains editor and the team's associations. */
  domainsView?: TeamDomainsView | null;
  /** The settings the team overrides, beside the system values. */
  overrides?: readonly TeamOverrideView[];
  /** The system values of the settings a team may override (no TURN relay): an override starts from them. */
  systemSettings?: TeamSettingsEditorProps["system"];
}

const ISLAND_NAMESPACES = ["teams", "validation"] as const;
const OVERRIDES_NAMESPACES = ["teams", "validation", "settings"] as const;
const ADMIN_STATUSES: ReadonlySet<string> = new Set(["registered", "invited", "active", "blocked"]);

function Card({ id, title, children, tone }: { id: string; title: string; children: ReactNode; tone?: "danger" }) {
  return (
    <section className={tone === "danger" ? "card card-danger" : "card"} aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A summary row; empty values read as "None". */
function Row({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  const empty = children === null || children === undefined || children === "";
  return (
    <>
      <dt>{label}</dt>
      <dd>{empty ? <span className="muted">{t("teams:form.none")}</span> : children}</dd>
    </>
  );
}

/**
 * What the form below does not edit: the domains (their own page), the number of users and the
 * times. Every other field appears once, in the form (a profile shows each field once).
 */
function Facts({ team, timezone }: { team: TeamDetails; timezone: string }) {
  const t = useT();
  const lang = useLang();
  const list = (items: readonly string[]) =>
    items.length === 0 ? null : (
      <ul className="summary-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return (
    <dl className="summary">
      <Row label={t("teams:fields.domains")}>{list(team.domains)}</Row>
      <Row label={t("teams:fields.users")}>{formatNumber(team.userCount, lang)}</Row>
      <Row label={t("teams:fields.createdOn")}>
        <DateTime iso={team.createdOn} timezone={timezone} />
      </Row>
      <Row label={t("teams:fields.updatedOn")}>
        <DateTime iso={team.updatedOn} timezone={timezone} />
      </Row>
    </dl>
  );
}

/** The team's administrators, or the catalogue notice when nobody manages it. */
function Admins({ team }: { team: TeamDetails }) {
  const t = useT();
  if (team.admins.length === 0) return <p className="notice teams-unmanaged">{t("errors:companyNotManaged")}</p>;
  return (
    <ul className="teams-admins">
      {team.admins.map((admin) => (
        <li key={admin.uid}>
          <a href={`/admins/profile/${encodeURIComponent(admin.uid)}`}>{`${admin.firstName} ${admin.lastName}`.trim() || admin.username}</a>
          <span className="muted">{admin.username}</span>
          {admin.role === "root" ? <span className="badge badge-flag">{t(roleTextKey("root"))}</span> : null}
          <span className={`badge badge-${admin.status}`}>
            {ADMIN_STATUSES.has(admin.status) ? t(`teams:statuses.${admin.status}`) : admin.status}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A pack's state now, in the words and colours of /licenses (valid, near expiration, expired)
 * rather than its stored status. The profile renders on the server only (no island), so reading
 * the clock cannot make a hydration mismatch.
 */
function packStateOf(pack: { status: string; expiresOn: string | null }): LicenseState {
  const expiration = pack.expiresOn ?? Number.MAX_SAFE_INTEGER;
  return licenseState({ status: pack.status === "expired" ? "expired" : "active", expiration }, Date.now());
}

/** The team's license packs, or an empty state (license management arrives with a later issue). */
function Licenses({ team, timezone }: { team: TeamDetails; timezone: string }) {
  const t = useT();
  if (team.licensePacks.length === 0) return <p className="teams-empty-note">{t("teams:profile.noLicenses")}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("teams:sections.licenses")}>
      <table className="data-table teams-table">
        <thead>
          <tr>
            {(["licenseId", "licenseType", "licenseCount", "licenseStatus", "licenseExpires"] as const).map((key) => (
              <th key={key} scope="col">
                {t(`teams:profile.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {team.licensePacks.map((pack) => (
            <tr key={pack.id}>
              <td>#{pack.id}</td>
              <td>{packTypeLabel(t, pack.licenseType)}</td>
              <td className="col-number">{pack.licenseCount}</td>
              <td>
                <StateBadge t={t} state={packStateOf(pack)} />
              </td>
              <td>
                <DateTime iso={pack.expiresOn} timezone={timezone} fallback={t("teams:profile.never")} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A team's profile: each field once, in cards that save on their own — the details (the facts
 * the form does not edit, then identity, contacts and location), the authentication (read-only
 * to a company admin: only root may change it, and the identifier), the e-mail theme — then the
 * administrators (or the "not managed" notice), license packs, the custom settings and, for
 * root, the domains and deletion behind a confirmation dialog.
 */
export function TeamProfilePage({
  team,
  canDelete,
  canEditRootOnly = canDelete,
  csrfToken,
  timezones,
  timezone,
  domainsView,
  overrides = [],
  systemSettings = {},
}: TeamProfilePageProps) {
  const t = useT();
  const formProps = { mode: "edit" as const, team: editableTeam(team), csrfToken, timezones, canEditRootOnly };
  return (
    <div className="profile-page teams-profile">
      <BackLink href="/teams">{t("teams:profile.backToList")}</BackLink>
      <Card id="team-details" title={t("teams:sections.details")}>
        <Facts team={team} timezone={timezone} />
        <p className="card-note">{t("teams:profile.timesIn", { timezone })}</p>
        <Island name="TeamForm" component={TeamForm} props={{ ...formProps, part: "details" as const }} namespaces={ISLAND_NAMESPACES} />
      </Card>
      <Card id="team-authentication" title={t("teams:sections.authentication")}>
        <Island
          name="TeamForm"
          component={TeamForm}
          props={{ ...formProps, part: "authentication" as const }}
          namespaces={ISLAND_NAMESPACES}
        />
      </Card>
      <Card id="team-email-theme" title={t("teams:sections.emailTheme")}>
        <Island name="TeamForm" component={TeamForm} props={{ ...formProps, part: "emailTheme" as const }} namespaces={ISLAND_NAMESPACES} />
      </Card>
      <Card id="team-admins" title={t("teams:sections.admins")}>
        <Admins team={team} />
      </Card>
      <Card id="team-licenses" title={t("teams:sections.licenses")}>
        <Licenses team={team} timezone={timezone} />
      </Card>
      <Card id="team-settings" title={t("teams:sections.settings")}>
        <TeamOverrides overrides={overrides} />
        <Island
          name="TeamSettingsEditor"
          component={TeamSettingsEditor}
          props={{ slug: team.slug, customSettings: team.customSettings, system: systemSettings, csrfToken }}
          namespaces={OVERRIDES_NAMESPACES}
        />
      </Card>
      {domainsView ? <TeamDomainsCards view={domainsView} csrfToken={csrfToken} /> : null}
      {canDelete ? (
        <Card id="team-danger" title={t("teams:sections.danger")} tone="danger">
          <Island
            name="TeamDelete"
            component={TeamDelete}
            props={{ slug: team.slug, teamName: team.teamName, userCount: team.userCount, csrfToken }}
            namespaces={ISLAND_NAMESPACES}
          />
        </Card>
      ) : null}
    </div>
  );
}
