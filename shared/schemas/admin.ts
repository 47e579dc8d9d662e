/**
 * Admin management and self-service calls (SPEC §7 `v2/admin*`, DESIGN §3 body shapes).
 */
import { z } from "zod";
import { ADMIN_STATUSES } from "../domain/statuses";
import { ROLES } from "../domain/roles";
import { maxCount } from "../limits";
import { bool, obj, objectError, oneOf, uniqueList } from "./builders";
import { ListQuerySchema, search, sortOrder } from "./list";
import { V } from "./messages";
import { email, firstName, language, lastName, passwordHash, slug, timezone, uid, username } from "./primitives";
import { accessLevel } from "./accessLevel";

/** A list of team slugs an admin manages (may be empty for root). */
export const adminTeams = uniqueList(slug, { min: 0, max: maxCount.teams });

/**
 * `POST v2/admin`: exactly one of `password` (hashed; the admin is active at once) or
 * `invite: true` (an e-mail invitation; the username must then be an e-mail). A non-root admin
 * manages at least one team; a root manages every team and is given none. `lang` and `timezone`
 * default to the creator's. `accessLevel` (0..9, #31) is root's to give.
 */
export const AdminCreateSchema = obj({
  username,
  firstName,
  lastName,
  teams: adminTeams,
  root: bool().optional(),
  password: passwordHash.optional(),
  invite: z.literal(true, { error: V.invalidOption }).optional(),
  lang: language.optional(),
  timezone: timezone.optional(),
  accessLevel: accessLevel.optional(),
}).superRefine((value, ctx) => {
  if ((value.password === undefined) === (value.invite === undefined)) {
    ctx.addIssue({ code: "custom", message: V.passwordOrInvite, path: ["password"], input: value.password });
  }
  if (value.invite && !email.safeParse(value.username).success) {
    ctx.addIssue({ code: "custom", message: V.inviteNeedsEmail, path: ["username"], input: value.username });
  }
  if (!value.root && value.teams.length === 0) {
    ctx.addIssue({ code: "custom", message: V.adminTeamsRequired, path: ["teams"], input: value.teams });
  }
  if (value.root && value.teams.length > 0) {
    ctx.addIssue({ code: "custom", message: V.rootNoTeams, path: ["teams"], input: value.teams });
  }
});
/** Admin creation body. */
export type AdminCreateReq = z.infer<typeof AdminCreateSchema>;

/**
 * `PUT v2/admin`: edit another admin's name, language, time zone and access level (root's alone to
 * change, #31; null clears it). Teams go through `PUT v2/admin/teams`; the username and the role
 * are fixed once created.
 */
export const AdminUpdateSchema = obj({
  uid,
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  lang: language.optional(),
  timezone: timezone.optional(),
  accessLevel: accessLevel.optional(),
});
/** Admin edit body. */
export type AdminUpdateReq = z.infer<typeof AdminUpdateSchema>;

/** `PUT v2/admin/block`, `PUT v2/admin/activate`, `DELETE v2/admin`: the one admin acted on. */
export const AdminUidSchema = obj({ uid });
/** One admin's id body. */
export type AdminUidReq = z.infer<typeof AdminUidSchema>;

/** A list of admin uids, for bulk tools (the API acts on one admin per call, see AdminUidSchema). */
export const AdminIdsSchema = obj({ uids: uniqueList(uid, { min: 1, max: maxCount.bulkIds }) });
/** Admin ids body. */
export type AdminIdsReq = z.infer<typeof AdminIdsSchema>;

/** `PUT v2/admin/teams`: replace the teams an admin manages. */
export const AdminTeamsSchema = obj({ uid, teams: adminTeams });
/** Admin teams body. */
export type AdminTeamsReq = z.infer<typeof AdminTeamsSchema>;

/** The orders the admin list can be sorted in. */
export const ADMIN_SORTS = ["name", "username", "createdOn", "lastSeen", "status"] as const;
/** An admin list sort key. */
export type AdminSort = (typeof ADMIN_SORTS)[number];

/** An empty query-string value (a GET form's untouched field) counts as absent. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** `GET v2/admins`: free-text search, role, status and team filters, sort and keyset paging. */
export const AdminListQuerySchema = z.object(
  {
    ...ListQuerySchema.shape,
    search: blank(search),
    role: blank(oneOf(ROLES)),
    status: blank(oneOf(ADMIN_STATUSES)),
    team: blank(slug),
    sort: blank(oneOf(ADMIN_SORTS)).transform((value) => value ?? "name"),
    order: blank(sortOrder).transform((value) => value ?? "asc"),
  },
  { error: objectError },
);
/** Admin list query (parsed). */
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;

/** Own profile update (name, language, time zone: the session claims an admin may change). */
export const ProfileUpdateSchema = obj({ firstName, lastName, lang: language, timezone });
/** Profile update body. */
export type ProfileUpdateReq = z.infer<typeof ProfileUpdateSchema>;

/** Own password change: current and new password, both hashed; they must differ. */
export const PasswordChangeSchema = obj({ password: passwordHash, new_password: passwordHash }).superRefine((value, ctx) => {
  if (value.password === value.new_password) {
    ctx.addIssue({ code: "custom", message: V.passwordUnchanged, path: ["new_password"], input: value.new_password });
  }
});
/** Password change body. */
export type PasswordChangeReq = z.infer<typeof PasswordChangeSchema>;

/** `DELETE v2/admin/terminate`: terminate one's own account; the password confirms it (SPEC §4). */
export const TerminateSchema = obj({ password: passwordHash });
/** Terminate body. */
export type TerminateReq = z.infer<typeof TerminateSchema>;
