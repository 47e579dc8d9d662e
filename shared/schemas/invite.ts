/**
 * Invitations (SPEC §3, §7 `POST/PUT/DELETE v2/invite`): by e-mail or by pre-provisioned handles,
 * drawing on a team's license pack.
 */
import { z } from "zod";
import { maxCount, maxLength } from "../limits";
import { INVITE_STATUSES, INVITE_TYPES } from "../domain/statuses";
import { bool, obj, oneOf, requiredText, uniqueList } from "./builders";
import { ListQuerySchema, search } from "./list";
import { V } from "./messages";
import { email, language, slug, uid, username } from "./primitives";

/** Invite recipients: 1..1000 distinct e-mails or handles (checked against `type` below). */
export const inviteRecipients = uniqueList(requiredText(maxLength.username, { trim: true }), {
  min: 1,
  max: maxCount.inviteRecipients,
});

/**
 * `POST v2/invite`: invite recipients into `team`. `licensePack` picks the pack (default: the
 * team's healthiest). `matchUser`: sign-up must use the invited e-mail. `directSignIn`: the
 * invitee signs in without a separate registration step.
 */
export const InviteCreateSchema = obj({
  type: oneOf(INVITE_TYPES),
  recipients: inviteRecipients,
  team: slug,
  licensePack: uid.optional(),
  lang: language,
  matchUser: bool().default(false),
  directSignIn: bool().default(false),
}).superRefine((value, ctx) => {
  const rule = value.type === "email" ? email : username;
  value.recipients.forEach((recipient, index) => {
    if (!rule.safeParse(recipient).success) {
      ctx.addIssue({
        code: "custom",
        message: value.type === "email" ? V.email : V.username,
        path: ["recipients", index],
        input: recipient,
      });
    }
  });
});
/** Invite creation body. */
export type InviteCreateReq = z.infer<typeof InviteCreateSchema>;

/** The invites acted on (1..10 000 ids). */
const inviteIds = uniqueList(uid, { min: 1, max: maxCount.bulkIds });

/** `PUT v2/invite`: resend invites (refused for users already onboarded). */
export const InviteResendSchema = obj({ ids: inviteIds });
/** Invite resend body. */
export type InviteResendReq = z.infer<typeof InviteResendSchema>;

/** `DELETE v2/invite`: delete invites. */
export const InviteDeleteSchema = obj({ ids: inviteIds });
/** Invite delete body. */
export type InviteDeleteReq = z.infer<typeof InviteDeleteSchema>;

/** `GET v2/invites` query. */
export const InviteListQuerySchema = ListQuerySchema.extend({
  search,
  status: oneOf(INVITE_STATUSES).optional(),
  type: oneOf(INVITE_TYPES).optional(),
  team: slug.optional(),
});
/** Invite list query. */
export type InviteListQuery = z.infer<typeof InviteListQuerySchema>;
