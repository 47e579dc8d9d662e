/**
 * License packs (SPEC §2, §3, §7 `POST/PUT v2/license`): purchase (public edition) or activate by
 * token (private edition); extend by days from today, expire, distribute to another team.
 */
import { z } from "zod";
import { licenseExtendDaysRange } from "../limits";
import { intIn, obj, objectError } from "./builders";
import { activationToken, licenseCount, licenseType, slug, uid } from "./primitives";
import { V } from "./messages";

const action = <T extends string>(name: T) => z.literal(name, { error: V.invalidOption });

/** Purchase a pack of `licenseCount` licenses valid for `days` (public edition). */
export const LicensePurchaseSchema = obj({
  action: action("purchase"),
  team: slug,
  licenseType: licenseType.optional(),
  licenseCount,
  days: intIn(licenseExtendDaysRange),
});
/** License purchase body. */
export type LicensePurchaseReq = z.infer<typeof LicensePurchaseSchema>;

/** Activate a pack with a token (private edition). */
export const LicenseActivateSchema = obj({ action: action("activate"), team: slug, token: activationToken });
/** License activation body. */
export type LicenseActivateReq = z.infer<typeof LicenseActivateSchema>;

/** `POST v2/license`: purchase or activate, by `action`. */
export const LicenseCreateSchema = z.discriminatedUnion("action", [LicensePurchaseSchema, LicenseActivateSchema], {
  error: (issue) => (issue.code === "invalid_union" ? V.invalidOption : objectError(issue)),
});
/** License creation body. */
export type LicenseCreateReq = z.infer<typeof LicenseCreateSchema>;

/** Extend a pack: the new expiration is `days` from today. */
export const LicenseExtendSchema = obj({ action: action("extend"), id: uid, days: intIn(licenseExtendDaysRange) });
/** Expire a pack now. */
export const LicenseExpireSchema = obj({ action: action("expire"), id: uid });
/** Move `licenseCount` licenses of a pack to another team. */
export const LicenseDistributeSchema = obj({ action: action("distribute"), id: uid, team: slug, licenseCount });

/** `PUT v2/license`: extend, expire or distribute, by `action`. */
export const LicenseUpdateSchema = z.discriminatedUnion(
  "action",
  [LicenseExtendSchema, LicenseExpireSchema, LicenseDistributeSchema],
  { error: (issue) => (issue.code === "invalid_union" ? V.invalidOption : objectError(issue)) },
);
/** License edit body. */
export type LicenseUpdateReq = z.infer<typeof LicenseUpdateSchema>;

/** Check an activation token (answer: valid or invalid, SPEC §4). */
export const ActivationTokenCheckSchema = obj({ token: activationToken });
/** Activation token check body. */
export type ActivationTokenCheckReq = z.infer<typeof ActivationTokenCheckSchema>;
