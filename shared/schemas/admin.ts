/**
 * Admin management and self-service calls (SPEC §7 `v2/admin*`, DESIGN §3 body shapes).
 */
import { z } from "zod";
import { maxCount } from "../limits";
import { bool, obj, uniqueList } from "./builders";
import { V } from "./messages";
import { email, firstName, language, lastName, passwordHash, slug, timezone, uid, username } from "./primitives";

/** A list of team slugs an admin manages (may be empty for root). */
export const adminTeams = uniqueList(slug, { min: 0, max: maxCount.teams });

/**
 * `POST v2/admin`: exactly one of `password` (hashed; the admin is active at once) or
 * `invite: true` (an e-mail invitation; the username must then be an e-mail). A non-root admin
 * manages at least one team.
 */
export const AdminCreateSchema = obj({
  username,
  firstName,
  lastName,
  teams: adminTeams,
  root: bool().optional(),
  password: passwordHash.optional(),
  invite: z.literal(true, { error: V.invalidOption }).optional(),
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
});
/** Admin creation body. */
export type AdminCreateReq = z.infer<typeof AdminCreateSchema>;

/** `PUT v2/admin`: edit another admin's identity fields (teams go through `PUT v2/admin/teams`). */
export const AdminUpdateSchema = obj({
  uid,
  username: username.optional(),
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  root: bool().optional(),
});
/** Admin edit body. */
export type AdminUpdateReq = z.infer<typeof AdminUpdateSchema>;

/** `DELETE v2/admin`, `PUT v2/admin/activate`, `PUT v2/admin/block`: the admins acted on. */
export const AdminIdsSchema = obj({ uids: uniqueList(uid, { min: 1, max: maxCount.bulkIds }) });
/** Admin ids body. */
export type AdminIdsReq = z.infer<typeof AdminIdsSchema>;

/** `PUT v2/admin/teams`: replace the teams an admin manages. */
export const AdminTeamsSchema = obj({ uid, teams: adminTeams });
/** Admin teams body. */
export type AdminTeamsReq = z.infer<typeof AdminTeamsSchema>;

/** Own profile update (name, language, time zone: the session claims an admin may change). */
export const ProfileUpdateSchema = obj({ firstName, lastName, lang: language, timezone });
/** Profile update body. */
export type ProfileUpdateReq = z.infer<typeof ProfileUpdateSchema>;

/** Own password change: current and new password, both hashed; they must differ. */
export const PasswordChangeSchema = obj({ password: passwordHash, new_password: passwordHash }).superRefine(
  (value, ctx) => {
    if (value.password === value.new_password) {
      ctx.addIssue({ code: "custom", message: V.passwordUnchanged, path: ["new_password"], input: value.new_password });
    }
  },
);
/** Password change body. */
export type PasswordChangeReq = z.infer<typeof PasswordChangeSchema>;

/** `DELETE v2/admin/terminate`: terminate one's own account; the password confirms it (SPEC §4). */
export const TerminateSchema = obj({ password: passwordHash });
/** Terminate body. */
export type TerminateReq = z.infer<typeof TerminateSchema>;
