/**
 * Mail transports (DESIGN §2): `file` writes each message as a .eml under the data dir (the
 * embedded default, and what tests read), `smtp` hands it to a relay through nodemailer,
 * `disabled` has no transport at all. The Message-ID header is always the outbox row's, so a
 * message sent again after a crash is recognizably the same one.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { link, mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer";
import type { Config } from "../config";

/** One rendered outbox message, ready to leave. */
export interface OutgoingMail {
  /** The outbox messageId, `<uuid@bulwark>`: the Message-ID header and the dedup key. */
  messageId: string;
  /** When the mail was queued (epoch ms): the Date header, the same on every retry. */
  createdAt: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** "duplicate" when the transport could tell the message had already left (file transport). */
export type SendOutcome = "sent" | "duplicate";

/** A way out for messages; the mail service owns one. Neither kind holds a connection between sends. */
export interface MailTransport {
  readonly kind: "file" | "smtp";
  send(mail: OutgoingMail): Promise<SendOutcome>;
}

/**
 * SMTP time limits. Shorter than nodemailer's defaults (2 and 10 minutes) so one send always
 * ends well within the worker's claim on a row.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 } as const;

/** The nodemailer message for an outbox mail; the same fields for every transport. */
function messageOptions(from: string, mail: OutgoingMail): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: new Date(mail.createdAt),
    // RFC 3834: tells auto-responders (out-of-office) not to answer.
    headers: { "Auto-Submitted": "auto-generated" },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** `<uuid@bulwark>` → `uuid_bulwark`: safe in a file name on every platform. */
export function messageIdForFile(messageId: string): string {
  return messageId.replace(/^<|>$/g, "").replace(/[^A-Za-z0-9._-]/g, "_");
}

/**
 * The .eml name of a message: its queue time (UTC, sortable) and its message id. Both come from
 * the outbox row, so every retry of one message maps to the same name.
 */
export function emlFileName(mail: Pick<OutgoingMail, "messageId" | "createdAt">): string {
  const stamp = new Date(mail.createdAt).toISOString().replace(/[-:]/g, "").replace(".", "");
  return `${stamp}-${messageIdForFile(mail.messageId)}.eml`;
}

/**
 * Writes each message to `<dir>/<timestamp>-<messageId>.eml` (mode 0600: the links in it are
 * credentials). The file appears whole or not at all (written aside, then hard-linked into place,
 * which also refuses to replace a file another process wrote meanwhile); a message whose file
 * already exists is not written again.
 */
function fileTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let dirReady: Promise<unknown> | undefined;
  return {
    kind: "file",
    async send(mail) {
      const target = path.join(dir, emlFileName(mail));
      if (existsSync(target)) return "duplicate";
      const info = await composer.sendMail(messageOptions(from, mail));
      if (!Buffer.isBuffer(info.message)) throw new Error("The stream transport did not return a buffer");
      dirReady ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await dirReady;
      const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, info.message, { mode: 0o600, flag: "wx" });
      try {
        await link(temp, target);
        return "sent";
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EEXIST") return "duplicate";
        // File systems without hard links: rename, which is still atomic but may replace.
        if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
        if (existsSync(target)) return "duplicate";
        await rename(temp, target);
        return "sent";
      } finally {
        await unlink(temp).catch(() => undefined);
      }
    },
  };
}

/** Sends through the relay named by SMTP_URL (smtp:// upgrades with STARTTLS when offered, smtps:// is TLS). */
function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail(messageOptions(from, mail));
      return "sent";
    },
  };
}

/** The transport for the configuration, or undefined when e-mail is disabled (`MAIL=disabled`). */
export function createMailTransport(mail: Config["mail"]): MailTransport | undefined {
  switch (mail.transport) {
    case "file":
      return fileTransport(mail.dir, mail.from);
    case "smtp":
      if (!mail.smtpUrl) throw new Error("MAIL=smtp needs SMTP_URL");
      return smtpTransport(mail.smtpUrl, mail.from);
    case "disabled":
      return undefined;
  }
}
