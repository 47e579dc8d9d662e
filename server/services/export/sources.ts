/**
 * What each list exports: its columns (stable field names, in the order of the file)
 * and its batches, read through the list's own service with its own filters, sort and scope, so
 * an export holds exactly the rows the list shows. Only the page size differs (EXPORT_BATCH).
 */
import type { Kysely } from "kysely";
import type { AdminListItem } from "../../../shared/api/admins";
import type { UserListItem } from "../../../shared/api/users";
import type { AdminListQuery } from "../../../shared/schemas/admin";
import type { InviteListItem, InviteListQuery } from "../../../shared/schemas/invite";
import type { ExportResource } from "../../../shared/schemas/export";
import type { LicenseListQuery, LicensePack } from "../../../shared/schemas/license";
import type { LogListQuery } from "../../../shared/schemas/logs";
import type { TeamListQuery } from "../../../shared/schemas/team";
import type { UserListQuery } from "../../../shared/schemas/user";
import type { Database } from "../../db/types";
import { listAccessLog, type LogEntry } from "../accessLog";
import { listAdmins } from "../admins";
import { listInvitations, type Invitation } from "../invites";
import { isoUtc } from "../../lib/isoTime";
import { listPacks, type Pack } from "../licenses";
import type { ServiceContext } from "../../lib/context";
import type { Scope } from "../access";
import { listTeams, type TeamListRow } from "../teams";
import { listUsers } from "../users";
import { EXPORT_BATCH, type ExportColumn, type ExportSource } from "./stream";

/** A list's query without paging: what an export filters and sorts by. */
type Unpaged<Q> = Omit<Q, "limit" | "cursor">;

const col = <T>(field: string, value: (row: T) => unknown): ExportColumn<T> => ({ field, value });

/** The columns of each list, by stable field name (the CSV `headers=fields` row and JSONL keys). */
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
    col<TeamListRow>("slug", (t) => t.slug),
    col<TeamListRow>("teamName", (t) => t.teamName),
    col<TeamListRow>("institution", (t) => t.institution),
    col<TeamListRow>("city", (t) => t.city),
    col<TeamListRow>("country", (t) => t.country),
    col<TeamListRow>("language", (t) => t.language),
    col<TeamListRow>("adminCount", (t) => t.adminCount),
    col<TeamListRow>("userCount", (t) => t.userCount),
    col<TeamListRow>("createdOn", (t) => isoUtc(t.createdAt)),
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
    col<LogEntry>("id", (e) => e.id),
    col<LogEntry>("at", (e) => e.at),
    col<LogEntry>("action", (e) => e.action),
    col<LogEntry>("outcome", (e) => e.outcome),
    col<LogEntry>("actor", (e) => e.actor.username),
    col<LogEntry>("actorUid", (e) => e.actor.uid),
    col<LogEntry>("targetType", (e) => e.target?.type ?? null),
    col<LogEntry>("targetId", (e) => e.target?.id ?? null),
    col<LogEntry>("team", (e) => e.team),
    col<LogEntry>("ip", (e) => e.ip),
    col<LogEntry>("userAgent", (e) => e.userAgent),
    col<LogEntry>("requestId", (e) => e.requestId),
    col<LogEntry>("details", (e) => e.details),
  ],
} as const satisfies Record<ExportResource, readonly ExportColumn<never>[]>;

/** The users list (GET /v2/users) as an export source. */
export function usersSource(db: Kysely<Database>, scope: Scope, query: Unpaged<UserListQuery>): ExportSource<UserListItem> {
  return { resource: "users", columns: EXPORT_COLUMNS.users, batch: (cursor) => listUsers(db, scope, { ...query, limit: EXPORT_BATCH, cursor }) };
}

/** The administrators list (GET /v2/admins) as an export source. */
export function adminsSource(db: Kysely<Database>, scope: Scope, query: Unpaged<AdminListQuery>): ExportSource<AdminListItem> {
  return { resource: "admins", columns: EXPORT_COLUMNS.admins, batch: (cursor) => listAdmins(db, scope, { ...query, limit: EXPORT_BATCH, cursor }) };
}

/** The companies list (GET /v2/teams) as an export source. */
export function teamsSource(db: Kysely<Database>, scope: Scope, query: Unpaged<TeamListQuery>): ExportSource<TeamListRow> {
  return { resource: "teams", columns: EXPORT_COLUMNS.teams, batch: (cursor) => listTeams(db, scope, { ...query, limit: EXPORT_BATCH, cursor }) };
}

/** The license packs list (GET /v2/licenses) as an export source. */
export function licensesSource(ctx: ServiceContext, scope: Scope, query: Unpaged<LicenseListQuery>, present: (pack: Pack) => LicensePack): ExportSource<LicensePack> {
  const batch = async (cursor: string | undefined) => {
    const page = await listPacks(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor });
    return { items: page.items.map(present), nextCursor: page.nextCursor };
  };
  return { resource: "licenses", columns: EXPORT_COLUMNS.licenses, batch };
}

/** The invitations list (GET /v2/invites) as an export source. */
export function invitesSource(ctx: ServiceContext, scope: Scope, query: Unpaged<InviteListQuery>, present: (invite: Invitation) => InviteListItem): ExportSource<InviteListItem> {
  const batch = async (cursor: string | undefined) => {
    const page = await listInvitations(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor });
    return { items: page.items.map(present), nextCursor: page.nextCursor };
  };
  return { resource: "invites", columns: EXPORT_COLUMNS.invites, batch };
}

/** The access log (GET /v2/logs) as an export source; no total is counted per batch. */
export function logsSource(db: Kysely<Database>, scope: Scope, query: Unpaged<LogListQuery>): ExportSource<LogEntry> {
  return { resource: "logs", columns: EXPORT_COLUMNS.logs, batch: (cursor) => listAccessLog(db, scope, { ...query, limit: EXPORT_BATCH, cursor }, { withTotal: false }) };
}
