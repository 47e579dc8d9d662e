/**
 * The 'E-mail notifications' switch (SPEC §3), applied where every mail passes: the outbox.
 * Three kinds of mail answer it differently, so that turning it off stops every notification
 * without locking anyone out silently (docs/DECISIONS.md, issue 31):
 * - `request`: the mail is what the call asked for (a reset link, an invitation). With the switch
 *   off it is refused: the call answers 501 'Emailing is Disabled' and changes nothing.
 * - `notice`: a by-product of something else (an invoice, an expiry reminder). With the switch off
 *   it is not queued; the business change goes ahead.
 * - `security`: a warning to the account's owner that its sign-in factors changed. It still goes,
 *   because it is how a person learns that someone else took their account.
 */
import type { Kysely, Transaction } from "kysely";
import { GeneralSettingsSchema } from "../../shared/schemas/settings";
import { DEFAULT_SETTINGS } from "../../shared/schemas/settingsDefaults";
import type { Database } from "../db/types";
import { AppError } from "../errors";
import type { MailTemplate } from "./templates";

/** How a mail answers the switch; see the module comment. */
export type MailKind = "request" | "notice" | "security";

/** Every template's kind: a new template must choose one (the type makes the table complete). */
export const MAIL_KINDS = {
  verification: "request",
  passwordReset: "request",
  adminInvitation: "request",
  userPasswordReset: "request",
  userRegistration: "request",
  userInvitation: "request",
  licenseInvoice: "notice",
  licenseExpiry: "notice",
  accessTokenExpiry: "notice",
  mfaChange: "security",
  // The deadline after which an admin without a second factor can do nothing but set one up.
  mfaPolicy: "security",
} as const satisfies { readonly [T in MailTemplate]: MailKind };

/**
 * Whether a root left e-mail notifications on. Read from the stored `general` group (in the
 * caller's transaction when given one); a stored group that no longer parses counts as the default.
 */
export async function emailNotificationsOn(db: Kysely<Database> | Transaction<Database>): Promise<boolean> {
  const row = await db.selectFrom("systemSettings").select("value").where("groupName", "=", "general").executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS.general.emailNotifications;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return DEFAULT_SETTINGS.general.emailNotifications;
  }
  const parsed = GeneralSettingsSchema.safeParse({ ...DEFAULT_SETTINGS.general, ...(stored as object) });
  return parsed.success ? parsed.data.emailNotifications : DEFAULT_SETTINGS.general.emailNotifications;
}

/**
 * Decides whether these templates may be queued now: true to queue, false to skip quietly (a
 * notice with the switch off); throws 501 `emailDisabled` for a requested mail with the switch off,
 * inside the caller's transaction, so the change that wanted the mail rolls back with it.
 */
export async function mayQueue(db: Kysely<Database> | Transaction<Database>, template: MailTemplate): Promise<boolean> {
  const kind: MailKind = MAIL_KINDS[template];
  if (kind === "security") return true;
  if (await emailNotificationsOn(db)) return true;
  if (kind === "request") throw new AppError("emailDisabled", 501);
  return false;
}
