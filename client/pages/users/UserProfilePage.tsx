import { userRoleLabel } from "../../components/format/enums";
import { BackLink } from "../../components/layout/BackLink";
import type { ReactNode } from "react";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { DateTime, StatusBadge, displayName, platformLabel } from "../../components/users/format";
import type { TeamOption, UserDetail, UserDevice } from "../../components/users/types";
import { UserActions } from "../../islands/UserActions";
import { DeviceActions } from "../../islands/DeviceActions";
import { UserEditForm } from "../../islands/UserEditForm";
import { UserResetButton } from "../../islands/UserResetButton";
import { USERS_ISLAND_NAMESPACES } from "./UsersManagePage";

/** Props of the user profile page (/users/profile/{uid}). */
export interface UserProfilePageProps {
  user: UserDetail;
  /** Teams in the admin's scope: the move targets of the account actions. */
  teams: TeamOption[];
  csrfToken: string;
  /** The admin's time zone; times are shown in it. */
  timezone: string;
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

function Location({ location }: { location: UserDevice["location"] }) {
  const t = useT();
  const place = [location?.city, location?.country].filter(Boolean).join(", ");
  if (!location || (!place && !location.geocountry && !location.ip)) return <span className="muted">{t("users:profile.notKnown")}</span>;
  return (
    <span className="device-location">
      {place ? <span>{place}</span> : null}
      {location.geocountry ? <span className="muted">{t("users:devices.geocountry", { geocountry: location.geocountry })}</span> : null}
      {location.ip ? <code>{location.ip}</code> : null}
    </span>
  );
}

function DevicesTable({ user, csrfToken, timezone }: UserProfilePageProps) {
  const t = useT();
  const dash = <span className="muted">—</span>;
  if (user.devices.length === 0) return <p className="card-note">{t("users:devices.empty")}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("users:devices.caption", { name: displayName(user) })}>
      <table className="data-table devices-table">
        <caption className="visually-hidden">{t("users:devices.caption", { name: displayName(user) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("users:devices.deviceName")}</th>
            <th scope="col">{t("users:devices.os")}</th>
            <th scope="col">{t("users:devices.osVersion")}</th>
            <th scope="col">{t("users:devices.appVersion")}</th>
            <th scope="col">{t("users:devices.browser")}</th>
            <th scope="col">{t("users:devices.location")}</th>
            <th scope="col">{t("users:devices.lastSeen")}</th>
            <th scope="col">{t("users:devices.wipe")}</th>
          </tr>
        </thead>
        <tbody>
          {user.devices.map((device) => {
            const os = platformLabel(t, device.platform);
            return (
              <tr key={device.id} data-device={device.id}>
                <th scope="row" data-label={t("users:devices.deviceName")}>
                  {device.deviceName || dash}
                </th>
                <td data-platform={device.platform} data-label={t("users:devices.os")}>
                  {os}
                </td>
                <td data-label={t("users:devices.osVersion")}>{device.osVersion || dash}</td>
                <td data-label={t("users:devices.appVersion")}>
                  {device.appVersion || dash}
                  {device.belowMinimum ? (
                    <>
                      {" "}
                      <span className="badge badge-outdated" data-outdated="true" title={t("users:devices.outdatedHint")}>
                        {t("users:devices.outdated")}
                      </span>
                    </>
                  ) : null}
                </td>
                <td data-label={t("users:devices.browser")}>{device.browser || dash}</td>
                <td data-label={t("users:devices.location")}>
                  <Location location={device.location} />
                </td>
                <td data-label={t("users:devices.lastSeen")}>
                  <DateTime iso={device.lastSeen} timeZone={timezone} />
                </td>
                <td data-label={t("users:devices.wipe")}>
                  <Island
                    name="DeviceActions"
                    component={DeviceActions}
                    props={{ uid: user.uid, deviceId: device.id, label: device.deviceName || os, wipe: device.wipe, csrfToken, timezone }}
                    namespaces={USERS_ISLAND_NAMESPACES}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A user's profile (the form pattern: each field once): the account facts the form
 * does not edit, rendered on the server; the edit form (names, aliases, access level, flags: shown there only,
 * filled with the saved values); the devices table with a DeviceActions island per device
 * (remote wipe, delete); the password reset; and the account actions (block, activate, move,
 * delete) with the users list's confirmation and review (UserActions).
 */
export function UserProfilePage(props: UserProfilePageProps) {
  const { user, teams, csrfToken, timezone } = props;
  const t = useT();
  const none = <span className="muted">{t("users:profile.none")}</span>;
  const rows: [string, ReactNode][] = [
    ["username", user.username],
    ["role", user.role ? userRoleLabel(t, user.role) : none],
    ["status", <StatusBadge key="s" status={user.status} />],
    [
      "team",
      <a key="t" href={`/teams/profile/${encodeURIComponent(user.team.slug)}`}>
        {user.team.teamName}
      </a>,
    ],
    ["createdOn", <DateTime key="c" iso={user.createdOn} timeZone={timezone} />],
    ["lastSeen", <DateTime key="l" iso={user.lastSeen} timeZone={timezone} />],
    ["ipAddress", user.ipAddress ? <code>{user.ipAddress}</code> : <span className="muted">{t("users:profile.notKnown")}</span>],
  ];
  return (
    <div className="profile-page user-profile">
      <BackLink href="/users/manage">{t("users:profile.back")}</BackLink>
      <Section id="user-details" title={t("users:profile.sections.details")}>
        <dl className="summary">
          {rows.map(([key, value]) => (
            <div key={key} className="summary-row" data-field={key}>
              <dt>{t(`users:profile.fields.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="card-note">{t("users:profile.timesIn", { timezone })}</p>
      </Section>
      <Section id="user-edit" title={t("users:profile.sections.edit")}>
        <Island
          name="UserEditForm"
          component={UserEditForm}
          props={{
            user: {
              uid: user.uid,
              firstName: user.firstName,
              lastName: user.lastName,
              aliases: user.aliases,
              accessLevel: user.accessLevel,
              ecs: user.ecs,
              sip: user.sip,
              cellcrypt: user.cellcrypt,
            },
            csrfToken,
          }}
          namespaces={USERS_ISLAND_NAMESPACES}
        />
      </Section>
      <Section id="user-devices" title={t("users:profile.sections.devices")}>
        <DevicesTable {...props} />
      </Section>
      <Section id="user-reset" title={t("users:profile.sections.reset")}>
        <p className="card-note">{t("users:reset.intro")}</p>
        <Island
          name="UserResetButton"
          component={UserResetButton}
          props={{ uid: user.uid, csrfToken }}
          namespaces={USERS_ISLAND_NAMESPACES}
        />
      </Section>
      <Section id="user-actions" title={t("users:profile.sections.actions")}>
        <Island
          name="UserActions"
          component={UserActions}
          props={{
            user: {
              uid: user.uid,
              username: user.username,
              firstName: user.firstName,
              lastName: user.lastName,
              status: user.status,
              team: user.team,
            },
            teams,
            csrfToken,
          }}
          namespaces={USERS_ISLAND_NAMESPACES}
        />
      </Section>
    </div>
  );
}
