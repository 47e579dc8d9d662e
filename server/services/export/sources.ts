/**
 * What each list exports: its batches, read through the list's own service with its own filters,
 * sort and scope, so an export holds exactly the rows the list shows. Only the page size differs
 * (EXPORT_BATCH). The rows are the services' own; the export router presents them and names the
 * columns, as the list calls do.
 */
import type { AdminListQuery } from "../../../shared/schemas/admin";
import type { InviteListQuery } from "../../../shared/schemas/invite";
import type { LicenseListQuery } from "../../../shared/schemas/license";
import type { LogListQuery } from "../../../shared/schemas/logs";
import type { TeamListQuery } from "../../../shared/schemas/team";
import type { UserListQuery } from "../../../shared/schemas/user";
import type { ServiceContext } from "../../lib/context";
import type { Scope } from "../access";
import { listAccessLog, type LogRecord } from "../accessLog";
import { listAdmins, type AdminRecord } from "../admins";
import { listInvitations, type Invitation } from "../invites";
import { listPacks, type Pack } from "../licenses";
import { listTeams, type TeamListRow } from "../teams";
import { listUsers, type UserListRow } from "../users";
import { EXPORT_BATCH, type ExportBatches } from "./stream";

/** A list's query without paging: what an export filters and sorts by. */
export type Unpaged<Q> = Omit<Q, "limit" | "cursor">;

/** The users list (GET /v2/users), batch by batch. */
export function userBatches(ctx: ServiceContext, scope: Scope, query: Unpaged<UserListQuery>): ExportBatches<UserListRow> {
  return (cursor) => listUsers(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor });
}

/** The administrators list (GET /v2/admins), batch by batch. */
export function adminBatches(ctx: ServiceContext, scope: Scope, query: Unpaged<AdminListQuery>): ExportBatches<AdminRecord> {
  return (cursor) => listAdmins(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor });
}

/** The companies list (GET /v2/teams), batch by batch. */
export function teamBatches(ctx: ServiceContext, scope: Scope, query: Unpaged<TeamListQuery>): ExportBatches<TeamListRow> {
  return (cursor) => listTeams(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor });
}

/** The license packs list (GET /v2/licenses), batch by batch. */
export function licenseBatches(ctx: ServiceContext, scope: Scope, query: Unpaged<LicenseListQuery>): ExportBatches<Pack> {
  return (cursor) => listPacks(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor });
}

/** The invitations list (GET /v2/invites), batch by batch. */
export function inviteBatches(ctx: ServiceContext, scope: Scope, query: Unpaged<InviteListQuery>): ExportBatches<Invitation> {
  return (cursor) => listInvitations(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor });
}

/** The access log (GET /v2/logs), batch by batch; no total is counted per batch. */
export function logBatches(ctx: ServiceContext, scope: Scope, query: Unpaged<LogListQuery>): ExportBatches<LogRecord> {
  return (cursor) => listAccessLog(ctx, scope, { ...query, limit: EXPORT_BATCH, cursor }, { withTotal: false });
}
