/**
 * The administrator calls of docs/API.md, built on the shared transport: list, read, create,
 * edit, block, activate, unlock, delete and team membership. Used by the admin islands and the CLI.
 * Replies are parsed with the schemas below; unknown extra fields are dropped.
 */
import { z } from "zod";
import { ROLES } from "../domain/roles";
import { ADMIN_STATUSES } from "../domain/statuses";
import type { AdminCreateReq, AdminListQuery, AdminTeamsReq, AdminUpdateReq } from "../schemas/admin";
import { listResponseSchema, type ListResponse } from "../schemas/list";
import { OkResponseSchema, TeamRefSchema, type OkResponse } from "./responses";
import { listQueryString } from "./query";
import { createTransport, type ApiClientOptions } from "./transport";

/** One row of `GET /v2/admins` (times are ISO 8601 UTC strings; teams within the caller's scope). */
export const AdminListItemSchema = z.object({
  uid: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(ADMIN_STATUSES),
  teams: z.array(TeamRefSchema),
  /** 0..9, null when not set (#31); root alone changes it. */
  accessLevel: z.number().int().nullable(),
  createdOn: z.string(),
  lastSeen: z.string().nullable(),
});
/** An admin as the list shows them. */
export type AdminListItem = z.infer<typeof AdminListItemSchema>;

/** `GET /v2/admins`: a page of admins. */
export const AdminListResponseSchema = listResponseSchema(AdminListItemSchema);
/** A page of admins. */
export type AdminListResponse = ListResponse<AdminListItem>;

/** `GET /v2/admin/:uid` (and the reply of create, edit and teams): an admin's profile. */
export const AdminDetailSchema = AdminListItemSchema.extend({
  lang: z.string(),
  timezone: z.string(),
  failedAttempts: z.number().int(),
  lockedUntil: z.string().nullable(),
});
/** An admin's profile. */
export type AdminDetail = z.infer<typeof AdminDetailSchema>;

/** The list query as a client may give it: every part optional. */
export type AdminListParams = Partial<AdminListQuery>;

/** The administrator calls. */
export interface AdminsApi {
  /** `GET /v2/admins`: search, filters, sort and keyset paging within the caller's scope. */
  list(params?: AdminListParams): Promise<AdminListResponse>;
  /** `GET /v2/admin/:uid`. */
  get(uid: string): Promise<AdminDetail>;
  /** `POST /v2/admin`: with a hashed `password` (active) or `invite: true` (e-mail invitation). */
  create(body: AdminCreateReq): Promise<AdminDetail>;
  /** `PUT /v2/admin`: names, language, time zone, access level (root). */
  update(body: AdminUpdateReq): Promise<AdminDetail>;
  /** `PUT /v2/admin/teams`: the teams the admin manages (within the caller's scope). */
  setTeams(body: AdminTeamsReq): Promise<AdminDetail>;
  /** `PUT /v2/admin/block`: every session and token of the admin ends. */
  block(uid: string): Promise<OkResponse>;
  /** `PUT /v2/admin/activate`: also clears failed attempts and a lock. */
  activate(uid: string): Promise<OkResponse>;
  /** `PUT /v2/admin/unlock` (root only): lifts a sign-in lock and clears the failed attempts. */
  unlock(uid: string): Promise<OkResponse>;
  /** `DELETE /v2/admin` (another admin; one's own account uses termination). */
  remove(uid: string): Promise<OkResponse>;
}

/** Builds the administrator calls bound to one server and one credential. */
export function createAdminsApi(options: ApiClientOptions = {}): AdminsApi {
  const call = createTransport(options);
  return {
    list: (params = {}) => call("adminList", "GET", `/v2/admins${listQueryString(params)}`, AdminListResponseSchema),
    get: (uid) => call("adminRead", "GET", `/v2/admin/${encodeURIComponent(uid)}`, AdminDetailSchema),
    create: (body) => call("adminCreate", "POST", "/v2/admin", AdminDetailSchema, body),
    update: (body) => call("adminEdit", "PUT", "/v2/admin", AdminDetailSchema, body),
    setTeams: (body) => call("adminTeams", "PUT", "/v2/admin/teams", AdminDetailSchema, body),
    block: (uid) => call("adminBlock", "PUT", "/v2/admin/block", OkResponseSchema, { uid }),
    activate: (uid) => call("adminActivate", "PUT", "/v2/admin/activate", OkResponseSchema, { uid }),
    unlock: (uid) => call("adminUnlock", "PUT", "/v2/admin/unlock", OkResponseSchema, { uid }),
    remove: (uid) => call("adminDelete", "DELETE", "/v2/admin", OkResponseSchema, { uid }),
  };
}
