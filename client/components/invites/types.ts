import type { InviteType } from "../../../shared/domain/statuses";
import { i18nKeyFor, isCatalogueCode } from "../../../shared/errors";
import type { Translate } from "../render-context";
import { formatNumber } from "../../lib/datetime";

/**
 * What the /invites page hands its islands about one company of the administrator's scope: the
 * licenses it has available now and its white-listed domains (the review's checks).
 */
export interface InviteCompany {
  slug: string;
  teamName: string;
  /** The company's language: the invitation language proposed once it is chosen. */
  language?: string;
  available: number;
  domains: string[];
}

/** The catalogue text of a per-address or per-item failure code (the code itself if unknown). */
export function failureText(t: Translate, code: string): string {
  return isCatalogueCode(code) ? t(i18nKeyFor(code)) : code;
}

/** The catalogue code of an address refused by its format, per invitation type (inviteAddressProblem). */
export function invalidCode(type: InviteType): "notValidEmailAccount" | "inviteCreate406" {
  return type === "email" ? "notValidEmailAccount" : "inviteCreate406";
}

/**
 * A plural text (`key_one` / `key_other`) with the count also in the locale's number format as
 * `{{n}}`. The key is passed as a value, so the literal-key check does not look for a base key.
 */
export function plural(t: Translate, key: string, count: number, lang: string, vars: Record<string, string | number> = {}): string {
  return t(key, { ...vars, count, n: formatNumber(count, lang) });
}
