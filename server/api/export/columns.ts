/**
 * The columns of each exported list, by stable field name (the CSV `headers=fields` row and the
 * JSON Lines keys), in file order. Each reads the item its list call presents, so an export's
 * values are the API's own (ISO times, booleans, team slugs).
 */
import type { AdminListItem } from "../../../shared/api/admins";
import type { LogEntryItem } from "../../../shared/api/logs";
import type { TeamListItem } from "../../../shared/api/teams";
import type { UserListItem } from "../../../shared/api/users";
import type { ExportResource } from "../../../shared/schemas/export";
import type { InviteListItem } from "../../../shared/schemas/invite";
import type { LicensePack } from "../../../shared/schemas/license";
import type { ExportColumn } from "../../services/export";

const col = <T>(field: string, value: (row: T) => unknown): ExportColumn<T> => ({ field, value });

/** The columns of each list. */
export const EXPORT_COLUMNS = {
  users: [
    col<UserListItem>("uid", (u) => u.uid),
    col<UserListItem>("username", (u) => u.username),
    col<UserListItem>("firstName", (u) => u.firstName),
    col<UserListItem>("lastName", (u) => u.lastName),
    col<UserListItem>("team", (u) => u.team.slug),
    col<UserListItem>("teamName", (u) => u.team.teamName),
    col<UserListItem>("status", (u) => u.status),
    col<UserListItem>("ecs", (u) => u.ecs),
    col<UserListItem>("sip", (u) => u.sip),
    col<UserListItem>("cellcrypt", (u) => u.cellcrypt),
    col<UserListItem>("deviceCount", (u) => u.deviceCount),
    col<UserListItem>("createdOn", (u) => u.createdOn),
    col<UserListItem>("lastSeen", (u) => u.lastSeen),
  ],
  admins: [
    col<AdminListItem>("uid", (a) => a.uid),
    col<AdminListItem>("username", (a) => a.username),
    col<AdminListItem>("firstName", (a) => a.firstName),
    col<AdminListItem>("lastName", (a) => a.lastName),
    col<AdminListItem>("role", (a) => a.role),
    col<AdminListItem>("status", (a) => a.status),
    col<AdminListItem>("teams", (a) => a.teams.map((team) => team.slug).join(" ")),
    col<AdminListItem>("createdOn", (a) => a.createdOn),
    col<AdminListItem>("lastSeen", (a) => a.lastSeen),
  ],
  teams: [
    col<TeamListItem>("slug", (t) => t.slug),
    col<TeamListItem>("teamName", (t) => t.teamName),
    col<TeamListItem>("institution", (t) => t.institution),
    col<TeamListItem>("city", (t) => t.city),
    col<TeamListItem>("country", (t) => t.country),
    col<TeamListItem>("language", (t) => t.language),
    col<TeamListItem>("adminCount", (t) => t.adminCount),
    col<TeamListItem>("userCount", (t) => t.userCount),
    col<TeamListItem>("createdOn", (t) => t.createdOn),
  ],
  licenses: [
    col<LicensePack>("id", (p) => p.id),
    col<LicensePack>("team", (p) => p.team),
    col<LicensePack>("licenseType", (p) => p.licenseType),
    col<LicensePack>("licenseCount", (p) => p.licenseCount),
    col<LicensePack>("state", (p) => p.state),
    col<LicensePack>("expiration", (p) => p.expiration),
    col<LicensePack>("issuedOn", (p) => p.issuedOn),
    col<LicensePack>("source", (p) => p.source),
    col<LicensePack>("tokenId", (p) => p.tokenId),
  ],
  invites: [
    col<InviteListItem>("id", (i) => i.id),
    col<InviteListItem>("team", (i) => i.team.slug),
    col<InviteListItem>("type", (i) => i.type),
    col<InviteListItem>("address", (i) => i.address),
    col<InviteListItem>("lang", (i) => i.lang),
    col<InviteListItem>("state", (i) => i.state),
    col<InviteListItem>("issuedOn", (i) => i.issuedOn),
    col<InviteListItem>("expiration", (i) => i.expiration),
    col<InviteListItem>("lastSentAt", (i) => i.lastSentAt),
    col<InviteListItem>("pack", (i) => i.pack),
    col<InviteListItem>("user", (i) => i.user),
  ],
  logs: [
    col<LogEntryItem>("id", (e) => e.id),
    col<LogEntryItem>("at", (e) => e.at),
    col<LogEntryItem>("action", (e) => e.action),
    col<LogEntryItem>("outcome", (e) => e.outcome),
    col<LogEntryItem>("actor", (e) => e.actor.username),
    col<LogEntryItem>("actorUid", (e) => e.actor.uid),
    col<LogEntryItem>("targetType", (e) => e.target?.type ?? null),
    col<LogEntryItem>("targetId", (e) => e.target?.id ?? null),
    col<LogEntryItem>("team", (e) => e.team),
    col<LogEntryItem>("ip", (e) => e.ip),
    col<LogEntryItem>("userAgent", (e) => e.userAgent),
    col<LogEntryItem>("requestId", (e) => e.requestId),
    col<LogEntryItem>("details", (e) => e.details),
  ],
} as const satisfies Record<ExportResource, readonly ExportColumn<never>[]>;
