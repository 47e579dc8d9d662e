/**
 * Issue a one-time token, then queue the e-mail that carries its link, in the caller's
 * transaction (the outbox worker sends it), for either kind of account. Where the link leads is
 * the caller's: admins land on the console, end users on the communications service. They take
 * the caller's transaction, not a ServiceContext, so the token and the mail commit together.
 */
import type { Transaction } from "kysely";
import type { SecuritySettings } from "../../../shared/schemas/settings";
import type { Database } from "../../db/types";
import { enqueueMail, type QueuedMail, type UnskippableTemplate } from "../../mail/outbox";
import { VALID_MINUTES_PARAM } from "../../mail/templates";
import type { AccountKind, TokenPurposes } from "./accountKinds";
import { issueToken } from "./oneTimeTokens";

/** The account a link is mailed to. */
export interface LinkRecipient {
  id: number;
  /** The e-mail address (usernames are addresses). */
  username: string;
  firstName: string;
  lang: string;
}

/** One link e-mail: the token it carries and the template that words it. */
export interface LinkMail<K extends AccountKind> {
  purpose: TokenPurposes[K];
  ttlMinutes: number;
  template: UnskippableTemplate;
  /** The link for a token. */
  link: (token: string) => string;
  /** Template parameters beyond the first name and the link (an invitation's inviter). */
  params?: Record<string, string>;
  now?: number;
}

/** Issues the token and queues its e-mail; returns the queued message (a caller may deliver it at once). */
export async function mailOneTimeLink<K extends AccountKind>(
  trx: Transaction<Database>,
  kind: K,
  to: LinkRecipient,
  mail: LinkMail<K>,
): Promise<QueuedMail> {
  const token = await issueToken(trx, kind, to.id, mail.purpose, mail.ttlMinutes, mail.now);
  return enqueueMail(trx, {
    to: to.username,
    template: mail.template,
    lang: to.lang,
    params: { ...mail.params, firstName: to.firstName, link: mail.link(token), [VALID_MINUTES_PARAM]: String(mail.ttlMinutes) },
  });
}

/** What each kind's reset e-mail differs in: its template and the setting that bounds its link's life. */
const RESET_MAILS = {
  admin: { template: "passwordReset", ttlMinutes: (security: SecuritySettings) => security.adminPasswordResetTokenExpiryMinutes },
  user: { template: "userPasswordReset", ttlMinutes: (security: SecuritySettings) => security.userPasswordResetTokenExpiryMinutes },
} as const;

/**
 * The password reset e-mail of either kind of account: a `reset` token valid for the kind's
 * setting and the e-mail that carries its link. Earlier reset links of the account stop working.
 */
export async function mailPasswordReset(
  trx: Transaction<Database>,
  kind: AccountKind,
  to: LinkRecipient,
  security: SecuritySettings,
  link: (token: string) => string,
): Promise<void> {
  const { template, ttlMinutes } = RESET_MAILS[kind];
  await mailOneTimeLink(trx, kind, to, { purpose: "reset", ttlMinutes: ttlMinutes(security), template, link });
}
