import type { UserDetails } from "../../shared/api";
import type { Translate } from "../i18n";
import type { CliContext } from "../runtime";
import { cell, yesNo } from "./common";

/** The human view of a user. */
export function userFields(t: Translate, user: UserDetails): [string, string][] {
  return [
    [t("fields.uid"), user.uid],
    [t("fields.username"), user.username],
    [t("fields.name"), `${user.firstName} ${user.lastName}`.trim()],
    [t("fields.team"), `${user.team.teamName} (${user.team.slug})`],
    [t("fields.status"), user.status],
    [t("fields.role"), user.role],
    [t("fields.accessLevel"), cell(user.accessLevel)],
    [t("fields.aliases"), cell(user.aliases.join(", "))],
    [t("fields.flags"), `ECS ${yesNo(t, user.ecs)}, SIP ${yesNo(t, user.sip)}, Cellcrypt ${yesNo(t, user.cellcrypt)}`],
    [t("fields.ipAddress"), cell(user.ipAddress)],
    [t("fields.createdOn"), user.createdOn],
    [t("fields.lastSeen"), cell(user.lastSeen)],
  ];
}

/** The devices of a user as a table. */
export function deviceRows(t: CliContext["t"], user: UserDetails): string[][] {
  return user.devices.map((d) => {
    const where = d.location ? [d.location.city, d.location.country].filter(Boolean).join(", ") : "";
    const version = d.belowMinimum ? `${cell(d.appVersion)} (${t("users.outdatedMark")})` : cell(d.appVersion);
    return [d.id, d.platformName, version, cell(d.osVersion), cell(d.deviceName), d.lastSeen, d.wipe.status, cell(where)];
  });
}
