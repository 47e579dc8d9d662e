/**
 * End users (SPEC §3): `POST v2/user`, bulk actions (delete, move, block, activate), the user list
 * query, and `POST v2/user/reset`.
 */
import { z } from "zod";
import { maxCount } from "../limits";
import { USER_STATUSES } from "../domain/statuses";
import { TIME_GROUPS } from "../domain/timeGroups";
import { bool, obj, oneOf, queryBool, uniqueList } from "./builders";
import { ListQuerySchema, search, sortOrder } from "./list";
import { V } from "./messages";
import { email, firstName, lastName, passwordHash, platformCode, slug, uid, username } from "./primitives";
import { accessLevel } from "./accessLevel";

/** A user's other usernames (0..20, distinct, same rule as username). */
export const aliases = uniqueList(username, { min: 0, max: maxCount.aliases });

/** Feature flags of a user: ECS user, third-party SIP user, Cellcrypt device (SPEC §3). */
const userFlags = {
  ecs: bool().default(false),
  sip: bool().default(false),
  cellcrypt: bool().default(false),
};

/**
 * `POST v2/user`: create a user in `team`. With `viaEmail` the username must be an e-mail
 * (SPEC §5). `password` is hashed; without it the user completes registration by e-mail.
 */
export const UserCreateSchema = obj({
  username,
  firstName,
  lastName,
  team: slug,
  password: passwordHash.optional(),
  aliases: aliases.optional(),
  viaEmail: bool().optional(),
  /** 0..9 for the communications service (#31); absent or null: not set. */
  accessLevel: accessLevel.optional(),
  ...userFlags,
}).superRefine((value, ctx) => {
  if (value.viaEmail && !email.safeParse(value.username).success) {
    ctx.addIssue({ code: "custom", message: V.email, path: ["username"], input: value.username });
  }
});
/** User creation body. */
export type UserCreateReq = z.infer<typeof UserCreateSchema>;

/**
 * Edit a user's names, aliases, flags, access level (null clears it) and password (SHA-512 hex;
 * refused when among the user's last 'user password history' passwords); absent fields are unchanged.
 */
export const UserUpdateSchema = obj({
  uid,
  password: passwordHash.optional(),
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  aliases: aliases.optional(),
  ecs: bool().optional(),
  sip: bool().optional(),
  cellcrypt: bool().optional(),
  accessLevel: accessLevel.optional(),
});
/** User edit body. */
export type UserUpdateReq = z.infer<typeof UserUpdateSchema>;

/** The uids of a bulk action (1..10 000, distinct). */
export const bulkUids = uniqueList(uid, { min: 1, max: maxCount.bulkIds });

/** `POST v2/user/reset`: send a password reset to a user. */
export const UserResetSchema = obj({ uid });
/** User reset body. */
export type UserResetReq = z.infer<typeof UserResetSchema>;

/** Sortable columns of the user list. */
export const USER_SORT_FIELDS = ["name", "username", "team", "status", "createdOn", "lastSeen"] as const;

/** `GET v2/users` query: filters, sort and paging (query-string friendly). Unknown parameters are ignored. */
export const UserListQuerySchema = ListQuerySchema.extend({
  search,
  status: oneOf(USER_STATUSES).optional(),
  team: slug.optional(),
  platform: z.preprocess((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v), platformCode).optional(),
  ecs: queryBool().optional(),
  sip: queryBool().optional(),
  cellcrypt: queryBool().optional(),
  /** true: users with a device whose app version is below its platform's minimum (the apps settings); false: none. */
  outdated: queryBool().optional(),
  /**
   * The dashboard's last-seen time groups (today, thisWeek, thisMonth, longAgo: never seen
   * included), in the caller's time zone, so a dashboard figure and the list it opens agree.
   */
  lastSeen: oneOf(TIME_GROUPS).optional(),
  sort: oneOf(USER_SORT_FIELDS).default("name"),
  order: sortOrder,
});
/** User list query. */
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** The list's filters as a bulk call's `filter` (JSON: booleans and platform codes as such). */
export const UserFilterSchema = obj(
  UserListQuerySchema.pick({
    search: true,
    status: true,
    team: true,
    platform: true,
    ecs: true,
    sip: true,
    cellcrypt: true,
    outdated: true,
    lastSeen: true,
  }).shape,
);
/** A bulk call's filter. */
export type UserFilter = z.infer<typeof UserFilterSchema>;

/** The filters of the user list (no sort, order or paging): what 'select all matching' sends. */
export const USER_FILTER_FIELDS = ["search", "status", "team", "platform", "ecs", "sip", "cellcrypt", "outdated", "lastSeen"] as const;

/**
 * Either `uids` or `filter` (never both, never neither): a bulk call on the users listed, or on
 * every user the list's filter matches in the caller's scope, resolved by the server inside the
 * call's transaction ('select all matching').
 */
export function exactlyOneTarget(body: { uids?: unknown; filter?: unknown }, ctx: z.RefinementCtx): void {
  if (body.uids !== undefined && body.filter !== undefined)
    ctx.addIssue({ code: "custom", message: V.invalidOption, path: ["filter"], input: body.filter });
  if (body.uids === undefined && body.filter === undefined)
    ctx.addIssue({ code: "custom", message: V.required, path: ["uids"], input: undefined });
}

/** Bulk delete / block / activate: `{uids}` or `{filter}`. */
export const UsersBulkSchema = obj({ uids: bulkUids.optional(), filter: UserFilterSchema.optional() }).superRefine(exactlyOneTarget);
/** Bulk users body. */
export type UsersBulkReq = z.infer<typeof UsersBulkSchema>;

/** Bulk move to another team: `{uids, team}` or `{filter, team}`. */
export const UsersMoveSchema = obj({ uids: bulkUids.optional(), filter: UserFilterSchema.optional(), team: slug }).superRefine(
  exactlyOneTarget,
);
/** Bulk move body. */
export type UsersMoveReq = z.infer<typeof UsersMoveSchema>;
