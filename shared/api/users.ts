/**
 * The users and devices calls of docs/API.md ("Users and devices"), built on the shared
 * transport: list, read, create, edit, password reset, bulk block / activate / move / delete and
 * their review, device wipe and deletion. Used by the users islands and the CLI. Replies are parsed with the
 * schemas below; unknown extra fields are dropped so the server may add fields.
 */
import { z } from "zod";
import { USER_STATUSES } from "../domain/statuses";
import type { DeviceActionReq } from "../schemas/device";
import { BulkResponseSchema, listResponseSchema, type BulkResponse, type ListResponse } from "../schemas/list";
import type { UserCreateSchema, UserListQuery, UserResetReq, UsersBulkReq, UsersMoveReq, UserUpdateReq } from "../schemas/user";
import { BulkReviewSchema, type BulkReview, type UsersBulkReviewReq } from "../schemas/userBulk";
import { OkResponseSchema, TeamRefSchema, type OkResponse } from "./responses";
import { listQueryString } from "./query";
import { createTransport, type ApiClientOptions } from "./transport";

const text = z.string().nullable();
/** An access level (0..9, #31) or null: not set. */
const level = z.number().int().nullable();

/** One row of `GET /v2/users`. */
export const UserListItemSchema = z.object({
  uid: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  team: TeamRefSchema,
  status: z.enum(USER_STATUSES),
  ecs: z.boolean(),
  sip: z.boolean(),
  cellcrypt: z.boolean(),
  /** 0..9 for the communications service, null when not set (#31). */
  accessLevel: level,
  createdOn: z.string(),
  lastSeen: text,
  deviceCount: z.number().int(),
  /** Whether one of the user's devices runs an app below its platform's minimum version. */
  appOutdated: z.boolean(),
});
/** A user as the list shows it. */
export type UserListItem = z.infer<typeof UserListItemSchema>;

/**
 * `GET /v2/users`: a page of users. `totalCapped`: a search or a filter counted from rows stopped
 * counting at `total` (10,000), so there are more matches than that ("10,000+").
 */
export const UserListResponseSchema = listResponseSchema(UserListItemSchema).extend({ totalCapped: z.boolean().optional() });
/** A page of users. */
export type UserListResponse = ListResponse<UserListItem>;

/** A device's remote wipe: none, pending until the service acknowledges it, or done. */
export const DeviceWipeSchema = z.object({ status: z.enum(["none", "pending", "done"]), requestedAt: text, wipedAt: text });
/** A device's wipe state. */
export type DeviceWipeState = z.infer<typeof DeviceWipeSchema>;

/** A device of a user, with its platform's name and latest location. */
export const UserDeviceSchema = z.object({
  id: z.string(),
  platform: z.number().int(),
  platformName: z.string(),
  appVersion: text,
  osVersion: text,
  deviceName: text,
  browser: text,
  createdOn: z.string(),
  lastSeen: z.string(),
  wipe: DeviceWipeSchema,
  location: z.object({ city: text, country: text, geocountry: text, ip: text }).nullable(),
  /** The app version is below the minimum of the device's platform (the apps settings). */
  belowMinimum: z.boolean(),
});
/** A user's device. */
export type UserDevice = z.infer<typeof UserDeviceSchema>;

/** `GET /v2/user/:uid` (and the reply of create and edit): a user with aliases and devices. */
export const UserDetailsSchema = z.object({
  uid: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  accessLevel: level,
  team: TeamRefSchema,
  status: z.enum(USER_STATUSES),
  ecs: z.boolean(),
  sip: z.boolean(),
  cellcrypt: z.boolean(),
  aliases: z.array(z.string()),
  ipAddress: text,
  createdOn: z.string(),
  lastSeen: text,
  devices: z.array(UserDeviceSchema),
});
/** A user with every field. */
export type UserDetails = z.infer<typeof UserDetailsSchema>;

/** `POST /v2/user` body as a client gives it (the flags default to false). */
export type UserCreateBody = z.input<typeof UserCreateSchema>;

/** The list query as a client may give it: every part optional. */
export type UserListParams = Partial<UserListQuery>;

/** The users and devices calls. */
export interface UsersApi {
  /** `GET /v2/users`: search, filters, sort and keyset paging within the caller's scope. */
  list(params?: UserListParams): Promise<UserListResponse>;
  /** `GET /v2/user/:uid`. */
  get(uid: string): Promise<UserDetails>;
  /** `POST /v2/user`. */
  create(body: UserCreateBody): Promise<UserDetails>;
  /** `PUT /v2/user`. */
  update(body: UserUpdateReq): Promise<UserDetails>;
  /** `POST /v2/user/reset`: e-mail the user a password reset link. */
  reset(body: UserResetReq): Promise<OkResponse>;
  /** `PUT /v2/users/block`. */
  block(body: UsersBulkReq): Promise<BulkResponse>;
  /** `PUT /v2/users/activate`. */
  activate(body: UsersBulkReq): Promise<BulkResponse>;
  /** `PUT /v2/users/move`. */
  move(body: UsersMoveReq): Promise<BulkResponse>;
  /** `DELETE /v2/users`. */
  remove(body: UsersBulkReq): Promise<BulkResponse>;
  /** `POST /v2/users/bulk/review`: what a bulk action would do (changing, refused by code, a move's seats), nothing written. */
  review(body: UsersBulkReviewReq): Promise<BulkReview>;
  /** `PUT /v2/device/wipe` ('Wipe requested'; pending until the service acknowledges it). */
  wipeDevice(body: DeviceActionReq): Promise<OkResponse>;
  /** `DELETE /v2/device`. */
  deleteDevice(body: DeviceActionReq): Promise<OkResponse>;
}

/** Builds the users calls bound to one server and one credential. */
export function createUsersApi(options: ApiClientOptions = {}): UsersApi {
  const call = createTransport(options);
  return {
    list: (params = {}) => call("userList", "GET", `/v2/users${listQueryString(params)}`, UserListResponseSchema),
    get: (uid) => call("userRead", "GET", `/v2/user/${encodeURIComponent(uid)}`, UserDetailsSchema),
    create: (body) => call("userCreate", "POST", "/v2/user", UserDetailsSchema, body),
    update: (body) => call("userEdit", "PUT", "/v2/user", UserDetailsSchema, body),
    reset: (body) => call("userReset", "POST", "/v2/user/reset", OkResponseSchema, body),
    block: (body) => call("usersBlock", "PUT", "/v2/users/block", BulkResponseSchema, body),
    activate: (body) => call("usersActivate", "PUT", "/v2/users/activate", BulkResponseSchema, body),
    move: (body) => call("usersMove", "PUT", "/v2/users/move", BulkResponseSchema, body),
    remove: (body) => call("usersDelete", "DELETE", "/v2/users", BulkResponseSchema, body),
    review: (body) => call("usersReview", "POST", "/v2/users/bulk/review", BulkReviewSchema, body),
    wipeDevice: (body) => call("deviceWipe", "PUT", "/v2/device/wipe", OkResponseSchema, body),
    deleteDevice: (body) => call("deviceDelete", "DELETE", "/v2/device", OkResponseSchema, body),
  };
}
