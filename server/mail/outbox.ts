/**
 * The transactional outbox (DESIGN §2): a mail is a row written in the same transaction as the
 * business change that causes it, so it exists exactly when that change commits. The mail
 * service sends the rows (at least once; the Message-ID lets receivers drop duplicates).
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/types";
import { mayQueue, type MAIL_KINDS } from "./switch";
import { checkTemplateParams, mailLanguage, MailTemplateError } from "./templates";
import type { MailTemplate } from "./templates";

export type { MailTemplate } from "./templates";

/** What a caller asks to send; `params` are the template's parameters (see TEMPLATE_PARAMS). */
export interface EnqueueMailInput<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  lang: string;
  params: Record<string, string>;
}

/** The queued row: `id` for MailService.deliver, `messageId` as it will appear in the Message-ID header. */
export interface QueuedMail {
  id: number;
  messageId: string;
}

/** Templates of notices, which the 'E-mail notifications' switch can skip (server/mail/switch.ts). */
type NoticeTemplate = { [T in MailTemplate]: (typeof MAIL_KINDS)[T] extends "notice" ? T : never }[MailTemplate];

/** Templates that are queued or refused, never skipped: requested mails and security warnings. */
export type UnskippableTemplate = Exclude<MailTemplate, NoticeTemplate>;

/** What queuing template T gives: a notice may be skipped (null); any other mail is queued or refused. */
export type Queued<T extends MailTemplate> = T extends NoticeTemplate ? QueuedMail | null : QueuedMail;

/** A fresh RFC 5322 Message-ID, unique per outbox row and kept across retries. */
export function newMessageId(): string {
  return `<${randomUUID()}@bulwark>`;
}

/**
 * Queues one mail: inserts a pending row due now. Pass the caller's transaction so the mail is
 * only sent if that transaction commits. Bad parameters throw MailTemplateError here, inside the
 * caller's transaction, rather than producing a mail that can never be sent. The 'E-mail
 * notifications' switch applies here, for every mail (see {@link mayQueue}).
 */
export async function enqueueMail<T extends MailTemplate>(
  db: Kysely<Database> | Transaction<Database>,
  input: EnqueueMailInput<T>,
  now: number = Date.now(),
): Promise<Queued<T>> {
  const to = input.to.trim();
  if (to === "" || /[\r\n]/.test(to)) throw new MailTemplateError("A mail needs one recipient address");
  const params = checkTemplateParams(input.template, input.params);
  if (!(await mayQueue(db, input.template))) return null as Queued<T>;
  const messageId = newMessageId();
  const row = await db
    .insertInto("mailOutbox")
    .values({
      messageId,
      toAddress: to,
      template: input.template,
      lang: mailLanguage(input.lang),
      payload: JSON.stringify(params),
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      createdAt: now,
      sentAt: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), messageId } as Queued<T>;
}

/** Rows per INSERT of {@link enqueueMails}: 11 columns each, under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 500;

/**
 * Queues many mails in a few multi-row INSERTs (10,000 invitations in one call), with
 * the same checks as {@link enqueueMail}; all or none, when given the caller's transaction.
 */
export async function enqueueMails(
  db: Kysely<Database> | Transaction<Database>,
  inputs: readonly EnqueueMailInput[],
  now: number = Date.now(),
): Promise<void> {
  const allowed = new Map<MailTemplate, boolean>();
  for (const template of new Set(inputs.map((input) => input.template))) allowed.set(template, await mayQueue(db, template));
  const rows = inputs
    .filter((input) => allowed.get(input.template))
    .map((input) => {
      const to = input.to.trim();
      if (to === "" || /[\r\n]/.test(to)) throw new MailTemplateError("A mail needs one recipient address");
      const params = checkTemplateParams(input.template, input.params);
      return {
        messageId: newMessageId(),
        toAddress: to,
        template: input.template,
        lang: mailLanguage(input.lang),
        payload: JSON.stringify(params),
        status: "pending" as const,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        createdAt: now,
        sentAt: null,
      };
    });
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    await db
      .insertInto("mailOutbox")
      .values(rows.slice(i, i + BATCH_ROWS))
      .execute();
  }
}
