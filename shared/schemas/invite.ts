/**
 * Invitations (SPEC §3, §7 `POST/PUT/DELETE v2/invite`): by e-mail or by pre-provisioned
 * handles, each holding one seat of a team's license pack until accepted, deleted or expired.
 * The wizard island, the server and the CLI validate with these schemas.
 */
import { z } from "zod";
import { lengthRange, maxCount, maxLength } from "../limits";
import { INVITE_STATES, INVITE_TYPES, type InviteType } from "../domain/statuses";
import { bool, obj, objectError, oneOf, patternText, queryIntIn, requiredText, str, typeError, uniqueList } from "./builders";
import { ListQuerySchema, search, sortOrder } from "./list";
import { V } from "./messages";
import { email, language, slug, uid, username } from "./primitives";
import { ReportedDeviceSchema } from "./service";

/**
 * The addresses (or handles) of one create call: 1..10 000 distinct non-empty strings. Each one's
 * format is checked per address by the server (an invalid one is a per-address failure, not a
 * refusal of the whole call), with {@link inviteAddressProblem}, which the wizard's review uses too.
 */
export const inviteAddresses = uniqueList(requiredText(maxLength.username, { trim: true }), {
  min: 1,
  max: maxCount.inviteRecipients,
});

/**
 * `POST /v2/invite`: invite `addresses` into `team`. `pack` picks the license pack the seats are
 * taken from (default: the team's unexpired pack that expires last). `matchUser`: the sign-up
 * must use the invited e-mail. `directSignIn`: the invitee signs in without a registration step.
 */
export const InviteCreateSchema = obj({
  team: slug,
  type: oneOf(INVITE_TYPES),
  addresses: inviteAddresses,
  lang: language,
  matchUser: bool().default(false),
  directSignIn: bool().default(false),
  pack: uid.optional(),
});
/** Invite creation body. */
export type InviteCreateReq = z.infer<typeof InviteCreateSchema>;
/** Invite creation body as a client sends it (flags optional). */
export type InviteCreateInput = z.input<typeof InviteCreateSchema>;

/**
 * Why one address cannot be invited as `type`, before any database check: `notValidEmailAccount`
 * for an e-mail invitation whose address is not an e-mail, `inviteCreate406` for a handle that is
 * not a valid username; null when the format is fine.
 */
export function inviteAddressProblem(type: InviteType, address: string): "notValidEmailAccount" | "inviteCreate406" | null {
  if (type === "email") return email.safeParse(address).success ? null : "notValidEmailAccount";
  return username.safeParse(address).success ? null : "inviteCreate406";
}

/** The invitations acted on (1..10 000 distinct ids). */
const inviteIds = uniqueList(uid, { min: 1, max: maxCount.bulkIds });

/** `PUT /v2/invite`: resend invitations (a new code and expiry; refused once accepted). */
export const InviteResendSchema = obj({ ids: inviteIds });
/** Invite resend body. */
export type InviteResendReq = z.infer<typeof InviteResendSchema>;

/** `DELETE /v2/invite`: delete invitations (their seats are freed). */
export const InviteDeleteSchema = obj({ ids: inviteIds });
/** Invite delete body. */
export type InviteDeleteReq = z.infer<typeof InviteDeleteSchema>;

/** `GET /v2/invites` query: filters by team, state, type and address search; sorted by expiry. */
export const InviteListQuerySchema = ListQuerySchema.extend({
  search,
  state: oneOf(INVITE_STATES).optional(),
  type: oneOf(INVITE_TYPES).optional(),
  team: slug.optional(),
  order: sortOrder,
});
/** Invite list query. */
export type InviteListQuery = z.infer<typeof InviteListQuerySchema>;

/** How many companies one `GET /v2/invite/teams` call answers at most (a picker's matches). */
export const INVITE_TEAMS_MAX = 50;

/**
 * `GET /v2/invite/teams` query: the companies in scope that have available licenses, searched on
 * name and slug, by name; the wizard's company picker when the scope is too large for the page.
 */
export const InviteTeamsQuerySchema = z.object(
  {
    search,
    limit: queryIntIn({ min: 1, max: INVITE_TEAMS_MAX }).default(20),
  },
  { error: objectError },
);
/** Invite companies query. */
export type InviteTeamsQuery = z.infer<typeof InviteTeamsQuerySchema>;

/** An invitation code as typed by the invitee: letters and digits, SPEC §9 inviteCode ≤ 20. */
export const inviteCode = patternText(lengthRange.inviteCode, /^[A-Za-z0-9]+$/, V.token);

/**
 * `POST /v2/service/invites/redeem` (service token): the communications service redeems the code
 * a user signed up with. `username` becomes the user's (with `matchUser` it must equal the
 * invited e-mail); `device`, when given, is the device the user registered on, recorded as a
 * device sign-in report would record it.
 */
export const InviteRedeemSchema = obj({
  code: inviteCode,
  username,
  device: ReportedDeviceSchema.optional(),
});
/** Invite redemption body. */
export type InviteRedeemReq = z.infer<typeof InviteRedeemSchema>;

/** Replies are parsed leniently: unknown extra fields are dropped so the server may add fields. */
const answer = <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: objectError });
const text = () => str();
const idText = () => z.string({ error: typeError });
const flag = () => z.boolean({ error: typeError });

/**
 * One created invitation: its address, id and, for handles only, the code (shown once) as SPEC
 * §3's `inviteCode` and as `code`, its deprecated alias until the next major version.
 */
export const InviteCreatedSchema = answer({ address: text(), id: idText(), inviteCode: text().optional(), code: text().optional() });
/** One created invitation. */
export type InviteCreated = z.infer<typeof InviteCreatedSchema>;

/** `POST /v2/invite` reply: the created invitations and the refused addresses with their codes. */
export const InviteCreateResponseSchema = answer({
  ok: z.array(InviteCreatedSchema, { error: typeError }),
  failed: z.array(answer({ address: text(), code: text() }), { error: typeError }),
});
/** Invite creation reply. */
export type InviteCreateResponse = z.infer<typeof InviteCreateResponseSchema>;

/** `PUT /v2/invite` reply: resent invitations (with the new code for handles) and failures by id. */
export const InviteResendResponseSchema = answer({
  ok: z.array(answer({ id: idText(), inviteCode: text().optional(), code: text().optional() }), { error: typeError }),
  failed: z.array(answer({ id: idText(), code: text() }), { error: typeError }),
});
/** Invite resend reply. */
export type InviteResendResponse = z.infer<typeof InviteResendResponseSchema>;

/** One row of `GET /v2/invites` (times are ISO 8601 UTC strings). */
export const InviteListItemSchema = answer({
  id: idText(),
  team: answer({ slug: text(), teamName: text() }),
  type: oneOf(INVITE_TYPES),
  address: text(),
  /** SPEC §3's name for the invitation's language. */
  language,
  /** Deprecated alias of `language`, answered until the next major version. */
  lang: language,
  matchUser: flag(),
  directSignIn: flag(),
  state: oneOf(INVITE_STATES),
  issuedOn: text(),
  expiration: text(),
  lastSentAt: text().nullable(),
  pack: text().nullable(),
  /** The pending (then active) user the invitation stands for. */
  user: text().nullable(),
});
/** An invitation as the list shows it. */
export type InviteListItem = z.infer<typeof InviteListItemSchema>;

/** `POST /v2/service/invites/redeem` reply: the user the invitation became. */
export const InviteRedeemResponseSchema = answer({
  user: idText(),
  username: text(),
  team: text(),
  directSignIn: flag(),
  /** The user's access level (0..9 or null, #31), as an admin may have set it before the redemption. */
  accessLevel: z.int({ error: typeError }).nullable(),
});
/** Invite redemption reply. */
export type InviteRedeemResponse = z.infer<typeof InviteRedeemResponseSchema>;

/**
 * `POST /v2/invite/review` reply (same body as create, nothing written): the addresses that would
 * be invited (normalized), the per-address failures create would answer, the team's seats now,
 * and the seats left after — negative when over capacity ('Not enough available licenses').
 */
export const InviteReviewResponseSchema = answer({
  valid: z.array(text(), { error: typeError }),
  failed: z.array(answer({ address: text(), code: text() }), { error: typeError }),
  seats: answer({
    capacity: z.number({ error: typeError }),
    users: z.number({ error: typeError }),
    invites: z.number({ error: typeError }),
    available: z.number({ error: typeError }),
  }),
  availableAfter: z.number({ error: typeError }),
});
/** Invite review reply. */
export type InviteReviewResponse = z.infer<typeof InviteReviewResponseSchema>;

/** One company an invitation may go to: its available licenses and white-listed domains (the review checks them). */
export const InviteTeamSchema = answer({
  slug: text(),
  teamName: text(),
  /** The company's language: the invitation language the wizard proposes. */
  language: text(),
  available: z.number({ error: typeError }),
  domains: z.array(text(), { error: typeError }),
});
/** A company offered to invitations. */
export type InviteTeam = z.infer<typeof InviteTeamSchema>;

/** `GET /v2/invite/teams` reply: the matching companies with available licenses, by name. */
export const InviteTeamsResponseSchema = answer({ items: z.array(InviteTeamSchema, { error: typeError }) });
/** Invite companies reply. */
export type InviteTeamsResponse = z.infer<typeof InviteTeamsResponseSchema>;
