/**
 * One formatter per stored code the console shows (issue #27, "Words and values"): pages and
 * islands route a code through these instead of printing it, so Portuguese and Spanish pages
 * never show `admin.signin`, `subscription` or `user`. A code the locales do not know yet (a
 * role typed by the communications service, an action added later) reads as itself rather than
 * as an i18n key; tests/unit/format-enums.test.ts checks every code the server records has a label.
 */
import type { Translate } from "../render-context";

/** The text of `key`, or `fallback` when no language file has it (never the key itself). */
function labelOr(t: Translate, key: string, fallback: string): string {
  return t(key, { defaultValue: fallback }) || fallback;
}

/** The locale key of an access-log action code: dots become underscores (`admin.signin` → `admin_signin`). */
export function logActionKey(code: string): string {
  return `logs:actions.${code.replaceAll(".", "_")}`;
}

/** An access-log action as a sentence ("Signed in", "Device wipe requested"); the code for one without a label. */
export function logActionLabel(t: Translate, code: string): string {
  return labelOr(t, logActionKey(code), code);
}

/** What an access-log entry acted on ("Administrator", "Company"); the type code for one without a label. */
export function logTargetLabel(t: Translate, type: string): string {
  return labelOr(t, `logs:targets.${type}`, type);
}

/** A user's role: the column is free text for the communications service, "user" unless it set another. */
export function userRoleLabel(t: Translate, role: string): string {
  return labelOr(t, `users:roles.${role}`, role);
}

/** A license pack's type (shared/domain/licenses LICENSE_TYPES), in the words /licenses uses ("Subscription", "Trial"). */
export function packTypeLabel(t: Translate, type: string): string {
  return labelOr(t, `licenses:types.${type}`, type);
}
