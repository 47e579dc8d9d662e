/**
 * End users (SPEC §3): `POST v2/user`, bulk actions (delete, move, block, activate), the user list
 * query, and `POST v2/user/reset`.
 */
import { z } from "zod";
import { maxCount } from "../limits";
import { USER_STATUSES } from "../domain/statuses";
import { bool, obj, oneOf, queryBool, uniqueList } from "./builders";
import { ListQuerySchema, search, sortOrder } from "./list";
import { V } from "./messages";
import { email, firstName, lastName, passwordHash, platformCode, slug, uid, username } from "./primitives";

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
  ...userFlags,
}).superRefine((value, ctx) => {
  if (value.viaEmail && !email.safeParse(value.username).success) {
    ctx.addIssue({ code: "custom", message: V.email, path: ["username"], input: value.username });
  }
});
/** User creation body. */
export type UserCreateReq = z.infer<typeof UserCreateSchema>;

/** Edit a user's names, aliases and flags; absent fields are unchanged. */
export const UserUpdateSchema = obj({
  uid,
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  aliases: aliases.optional(),
  ecs: bool().optional(),
  sip: bool().optional(),
  cellcrypt: bool().optional(),
});
/** User edit body. */
export type UserUpdateReq = z.infer<typeof UserUpdateSchema>;

/** The uids of a bulk action (1..10 000, distinct). */
export const bulkUids = uniqueList(uid, { min: 1, max: maxCount.bulkIds });

/** Bulk delete / block / activate: `{uids}`. */
export const UsersBulkSchema = obj({ uids: bulkUids });
/** Bulk users body. */
export type UsersBulkReq = z.infer<typeof UsersBulkSchema>;

/** Bulk move to another team. */
export const UsersMoveSchema = obj({ uids: bulkUids, team: slug });
/** Bulk move body. */
export type UsersMoveReq = z.infer<typeof UsersMoveSchema>;

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
  sort: oneOf(USER_SORT_FIELDS).default("name"),
  order: sortOrder,
});
/** User list query. */
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
