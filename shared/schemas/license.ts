/**
 * License packs (SPEC §2, §3, §7 `POST/PUT v2/license`): the request bodies exactly as
 * CI pipelines and the CLI script them, the list query, and the answers (pack, seats, token
 * check, price list). The public edition purchases (`{team, licenseType, licenseCount,
 * termMonths}`); the private edition activates a vendor-signed token (`{token, team?}`).
 */
import { z } from "zod";
import { licenseExtendDaysRange, licenseTermMonths } from "../limits";
import { LICENSE_SOURCES, LICENSE_TYPES, PACK_STATES, TOKEN_INVALID_REASONS } from "../domain/licenses";
import { bool, integerError, intIn, obj, objectError, oneOf, str, typeError } from "./builders";
import { ListQuerySchema } from "./list";
import { V } from "./messages";
import { activationToken, licenseCount, slug, uid } from "./primitives";

/** A license type: subscription or trial. */
export const licenseTypeField = oneOf(LICENSE_TYPES);

/** A purchase term in months: 1, 12, 24 or 36. */
export const termMonths = z
  .int({ error: typeError })
  .refine((value) => (licenseTermMonths as readonly number[]).includes(value), { error: V.invalidOption });

/** `POST v2/license`, public edition: buy `licenseCount` seats of `licenseType` for `termMonths`. */
export const LicensePurchaseSchema = obj({ team: slug, licenseType: licenseTypeField, licenseCount, termMonths });
/** License purchase body. */
export type LicensePurchaseReq = z.infer<typeof LicensePurchaseSchema>;

/** `POST v2/license`, private edition: activate a token; `team` only when the token lets the activator choose. */
export const LicenseActivateSchema = obj({ token: activationToken, team: slug.optional() });
/** License activation body. */
export type LicenseActivateReq = z.infer<typeof LicenseActivateSchema>;

/** `POST v2/license/validate`: check a token without side effects. */
export const LicenseValidateSchema = obj({ token: activationToken });
/** Token check body. */
export type LicenseValidateReq = z.infer<typeof LicenseValidateSchema>;

const action = <T extends string>(name: T) => z.literal(name, { error: V.invalidOption });

/** Extend a pack: the new expiration is `days` (1..3650) from today (SPEC §2). */
export const LicenseExtendSchema = obj({ id: uid, action: action("extend"), days: intIn(licenseExtendDaysRange) });
/** Expire a pack now. */
export const LicenseExpireSchema = obj({ id: uid, action: action("expire") });
/** Move `licenseCount` seats of a pack to `team` (a new pack with the same type and expiration). */
export const LicenseDistributeSchema = obj({ id: uid, action: action("distribute"), team: slug, licenseCount });

/** `PUT v2/license`: extend, expire or distribute, by `action` (root only). */
export const LicenseUpdateSchema = z.discriminatedUnion("action", [LicenseExtendSchema, LicenseExpireSchema, LicenseDistributeSchema], {
  error: (issue) => (issue.code === "invalid_union" ? V.invalidOption : objectError(issue)),
});
/** License edit body. */
export type LicenseUpdateReq = z.infer<typeof LicenseUpdateSchema>;

/** `GET v2/licenses` query: filters by team, state and type; sorted by expiration; keyset paging. */
export const LicenseListQuerySchema = ListQuerySchema.extend({
  team: slug.optional(),
  state: oneOf(PACK_STATES).optional(),
  licenseType: licenseTypeField.optional(),
});
/** License list query. */
export type LicenseListQuery = z.infer<typeof LicenseListQuerySchema>;

/** Answer fields: our message keys on every issue; unknown extra fields are dropped, so the server may add some. */
const answer = <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: objectError });
const text = () => str();
const int = () => z.int({ error: integerError });

/**
 * A license pack as every answer carries it. `team` is null for a pack whose team was deleted
 * (root sees it, undistributed); `state` comes from the shared rule at answer time; times are
 * ISO 8601 UTC; `tokenId` is the activation token's id of an activated pack.
 */
export const LicensePackSchema = answer({
  id: text(),
  team: text().nullable(),
  licenseType: oneOf(LICENSE_TYPES),
  licenseCount: int(),
  /** SPEC §3's name for the pack's state. */
  status: oneOf(PACK_STATES),
  /** Deprecated alias of `status`, answered until the next major version. */
  state: oneOf(PACK_STATES),
  expiration: text(),
  issuedOn: text(),
  source: oneOf(LICENSE_SOURCES),
  tokenId: text().nullable(),
});
/** A license pack. */
export type LicensePack = z.infer<typeof LicensePackSchema>;

/** The order recorded for a purchase (invoice provider: its invoice number). */
export const LicenseOrderSchema = answer({
  provider: text(),
  invoiceNumber: text(),
  currency: text(),
  totalMinor: int(),
});
/** A purchase order. */
export type LicenseOrder = z.infer<typeof LicenseOrderSchema>;

/** The answer of `POST v2/license`: the new pack, and for a purchase its order. */
export const LicenseCreateResponseSchema = LicensePackSchema.extend({ order: LicenseOrderSchema.optional() });
/** Answer of a purchase or an activation. */
export type LicenseCreateResponse = z.infer<typeof LicenseCreateResponseSchema>;

/** The answer of `PUT v2/license`: the pack acted on, and for a distribution the target's new pack. */
export const LicenseUpdateResponseSchema = LicensePackSchema.extend({ created: LicensePackSchema.optional() });
/** Answer of extend, expire or distribute. */
export type LicenseUpdateResponse = z.infer<typeof LicenseUpdateResponseSchema>;

/** What a valid token grants: team null = the activator chooses; `expiration` ISO, or `termMonths` from activation. */
export const TokenGrantSchema = answer({
  tokenId: text(),
  team: text().nullable(),
  licenseType: oneOf(LICENSE_TYPES),
  licenseCount: int(),
  expiration: text().nullable(),
  termMonths: int().nullable(),
  installationId: text().nullable(),
  issuedAt: text(),
});
/** The grant of a token. */
export type TokenGrant = z.infer<typeof TokenGrantSchema>;

/** `POST v2/license/validate` answer: SPEC §4 valid or invalid, with why and what it grants. */
export const LicenseValidateResponseSchema = answer({
  valid: bool(),
  reason: oneOf(TOKEN_INVALID_REASONS).optional(),
  grants: TokenGrantSchema.optional(),
});
/** Token check answer. */
export type LicenseValidateResponse = z.infer<typeof LicenseValidateResponseSchema>;

/** `GET v2/teams/{slug}/seats` answer (DESIGN §11). */
export const TeamSeatsSchema = answer({
  capacity: int(),
  users: int(),
  invites: int(),
  available: int(),
});

/** The purchase rules (settings group `licenses`, issue #32) as the purchase form shows them. */
export const LicensePurchaseRulesSchema = answer({
  trialRootOnly: bool(),
  maxTrialSeats: int(),
  maxSeatsPerOrder: int(),
  adminOrderLimit: int(),
});
/** The purchase rules. */
export type LicensePurchaseRules = z.infer<typeof LicensePurchaseRulesSchema>;

/** `GET v2/license/prices` answer: the configured price list (per seat, minor units) and the purchase rules. */
export const LicensePriceListSchema = answer({
  currency: text(),
  prices: z.array(answer({ licenseType: oneOf(LICENSE_TYPES), termMonths: int(), unitPriceMinor: int() }), { error: typeError }),
  rules: LicensePurchaseRulesSchema.optional(),
});
/** The price list. */
export type LicensePriceList = z.infer<typeof LicensePriceListSchema>;
