import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { i18n } from "i18next";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createI18n } from "../../server/i18n";
import { createLogger } from "../../server/logger";
import { enqueueMail } from "../../server/mail/outbox";
import type { MailTemplate, UnskippableTemplate } from "../../server/mail/outbox";
import { MailDeliveryError, MailDisabledError } from "../../server/mail/errors";
import { createMailService, MAX_ATTEMPTS, retryDelay } from "../../server/mail/service";
import type { MailService } from "../../server/mail/service";
import { MailTemplateError, renderMail, TEMPLATE_PARAMS } from "../../server/mail/templates";
import { languages } from "../../shared/limits";
import { createTestDatabase, testDialects } from "../support/db";
import type { TestDatabase } from "../support/db";
import { linkFrom, startSmtpCapture } from "../support/smtp";
import type { SmtpCapture } from "../support/smtp";

const root = path.resolve(import.meta.dirname, "..", "..");
const PUBLIC_URL = "https://console.example.test";
const EVIL = `<script>alert("x")</script>`;
const subjects = (lang: string, template: MailTemplate): string =>
  (JSON.parse(readFileSync(path.join(root, "locales", lang, "mail.json"), "utf8")) as Record<string, Record<string, string>>)[template]!
    .subject!;
const token = () => randomBytes(24).toString("base64url");

/** A port nothing listens on: the "SMTP server is down" case. */
async function deadSmtpUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

let i18n: i18n;
beforeAll(async () => {
  i18n = await createI18n(path.join(root, "locales"));
});

describe("mail templates", () => {
  const params: Record<string, string> = {
    firstName: "Ana",
    inviterName: "Rui",
    link: `${PUBLIC_URL}/verify/en/abc`,
    // The license templates.
    invoiceNumber: "INV-20261124-0A1B2C3D",
    licenseCount: "25",
    licenseType: "subscription",
    termMonths: "12",
    total: "1500.00 EUR",
    days: "7",
    expiration: "2027-01-31",
    // The invitation template.
    code: "K7M2Q9XR4T8W",
    companyName: "Acme",
    // The access-token expiry template.
    name: "nightly-invites",
    // The second-factor change template.
    change: "recoveryCodeUsed",
    left: "7",
    // The two-step verification policy template.
    deadline: "2027-01-31",
  };

  it.each(languages)("renders every template in %s from the catalogue, with no raw key", (lang) => {
    for (const template of Object.keys(TEMPLATE_PARAMS) as MailTemplate[]) {
      const mail = renderMail(i18n, template, lang, params);
      expect(mail.subject).toBe(subjects(lang, template).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => params[name]!));
      for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/mail:|\{\{|common\.|\.intro/);
      expect(mail.text).toContain(params.link);
      expect(mail.html).toContain(`<html lang="${lang}">`);
    }
  });

  it("falls back to English and refuses missing parameters or non-http links", () => {
    expect(renderMail(i18n, "passwordReset", "fr", params).subject).toBe(subjects("en", "passwordReset"));
    expect(() => renderMail(i18n, "adminInvitation", "en", { firstName: "A", link: params.link })).toThrow(MailTemplateError);
    expect(() => renderMail(i18n, "verification", "en", { firstName: "A", link: "javascript:alert(1)" })).toThrow(MailTemplateError);
  });
});

describe.each(testDialects())("e-mail outbox and delivery on %s", (dialect) => {
  let testDb: TestDatabase;
  let capture: SmtpCapture;
  let dataDir: string;
  const logLines: string[] = [];
  const logger = createLogger("trace", { write: (line: string) => void logLines.push(line) });
  const services: MailService[] = [];
  const db = () => testDb.db;

  function service(env: Record<string, string>, pollIntervalMs?: number) {
    const config = loadConfig({ NODE_ENV: "test", BULWARK_DATA_DIR: dataDir, PUBLIC_URL, TRUST_PROXY: "loopback", ...env }, root);
    const mail = createMailService({ db: db(), config, i18n, logger, ...(pollIntervalMs ? { pollIntervalMs } : {}) });
    services.push(mail);
    return { mail, config };
  }
  const smtp = () => service({ MAIL: "smtp", SMTP_URL: capture.url }).mail;
  const row = (id: number) => db().selectFrom("mailOutbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const enqueue = async (template: UnskippableTemplate = "verification", lang = "en", firstName = "Ana") => {
    const link = `${PUBLIC_URL}/${template === "passwordReset" ? "reset" : "verify"}/${lang}/${token()}`;
    const to = `${template}.${lang}@example.test`;
    return { ...(await enqueueMail(db(), { to, template, lang, params: { firstName, inviterName: "Rui", link } })), link, to };
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    capture = await startSmtpCapture();
    dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-mail-"));
  });
  afterAll(async () => {
    await testDb.destroy();
    await capture.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db().deleteFrom("mailOutbox").execute();
    capture.messages.splice(0);
    rmSync(path.join(dataDir, "mail"), { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.stop()));
  });

  it("queues inside the caller's transaction: a rollback leaves no mail, a commit leaves one due now", async () => {
    const attempt = db()
      .transaction()
      .execute(async (trx) => {
        await enqueueMail(trx, {
          to: "a@example.test",
          template: "verification",
          lang: "pt",
          params: { firstName: "A", link: `${PUBLIC_URL}/verify/pt/x` },
        });
        throw new Error("business change failed");
      });
    await expect(attempt).rejects.toThrow("business change failed");
    expect(await db().selectFrom("mailOutbox").select("id").execute()).toEqual([]);

    const before = Date.now();
    const queued = await db()
      .transaction()
      .execute((trx) =>
        enqueueMail(trx, {
          to: "a@example.test",
          template: "verification",
          lang: "pt",
          params: { firstName: "A", link: `${PUBLIC_URL}/verify/pt/x` },
        }),
      );
    const stored = await row(queued.id);
    expect(queued.messageId).toMatch(/^<[0-9a-f-]{36}@bulwark>$/);
    expect(stored).toMatchObject({ messageId: queued.messageId, status: "pending", attempts: 0, lang: "pt", sentAt: null });
    expect(stored.nextAttemptAt).toBeGreaterThanOrEqual(before);
    expect(stored.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    await expect(
      enqueueMail(db(), {
        to: "b@example.test",
        template: "adminInvitation",
        lang: "en",
        params: { firstName: "B", link: `${PUBLIC_URL}/verify/en/y` },
      }),
    ).rejects.toThrow(MailTemplateError);
  });

  it.each(languages)("delivers every template in %s through real SMTP, with the link and an escaped name", async (lang) => {
    const mail = smtp();
    for (const template of ["verification", "passwordReset", "adminInvitation"] as const) {
      const queued = await enqueue(template, lang, EVIL);
      await mail.deliver(queued.id);
      const got = await capture.waitFor((m) => m.messageId === queued.messageId);
      const { link } = queued;
      expect(got.subject).toBe(subjects(lang, template));
      expect(got.to).toBe(`${template}.${lang}@example.test`);
      expect(linkFrom(got, template === "passwordReset" ? `/reset/${lang}/` : `/verify/${lang}/`)).toBe(link);
      expect(got.text).toContain(link);
      expect(got.text).toContain(EVIL);
      expect(got.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(got.html).not.toContain("<script");
      expect(await row(queued.id)).toMatchObject({ status: "sent", attempts: 1, lastError: null, payload: "{}" }); // token gone
    }
  });

  it("file transport writes one .eml per message and never a second one for the same message", async () => {
    const { mail, config } = service({ MAIL: "file" });
    const first = await enqueue("verification", "es");
    const second = await enqueue("passwordReset", "pt");
    const { payload } = await row(second.id);
    expect(await mail.drainNow()).toBe(2);
    const files = () => readdirSync(config.mail.dir).sort();
    expect(files()).toHaveLength(2);
    for (const file of files()) {
      expect(file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f-]{36}_bulwark\.eml$/);
      expect(statSync(path.join(config.mail.dir, file)).mode & 0o077).toBe(0);
    }
    const eml = readFileSync(
      path.join(
        config.mail.dir,
        files().find((f) => f.includes(first.messageId.slice(1, 37)))!,
      ),
      "utf8",
    );
    expect(eml).toContain(`Message-ID: ${first.messageId}`);
    expect(eml).toContain(`Subject: ${subjects("es", "verification")}`); // ASCII, so not encoded

    // A crash after writing but before marking it sent: the row is pending again and sent again.
    await db()
      .updateTable("mailOutbox")
      .set({ status: "pending", nextAttemptAt: Date.now(), sentAt: null, payload })
      .where("id", "=", second.id)
      .execute();
    await mail.deliver(second.id);
    expect(files()).toHaveLength(2);
    expect(await row(second.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(logLines.some((l) => l.includes(`"outboxId":${second.id}`) && l.includes('"outcome":"duplicate"'))).toBe(true);
  });

  it("records failed attempts with backoff when SMTP is down, rejects deliver(), and gives up after the last attempt", async () => {
    const mail = service({ MAIL: "smtp", SMTP_URL: await deadSmtpUrl() }).mail;
    const queued = await enqueue();
    const before = Date.now();
    const first = await mail.deliver(queued.id).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(MailDeliveryError);
    expect((first as MailDeliveryError).final).toBe(false);
    expect((first as Error).message).toMatch(new RegExp(`^E-mail ${queued.id} was not sent \\(E[A-Z]+\\)$`)); // no relay text: safe to log
    const stored = await row(queued.id);
    expect(stored).toMatchObject({ status: "pending", attempts: 1 });
    expect(stored.lastError).toMatch(/ECONN|connect/i);
    expect(stored.nextAttemptAt).toBeGreaterThanOrEqual(before + retryDelay(1));
    expect(stored.nextAttemptAt).toBeLessThanOrEqual(Date.now() + retryDelay(1));
    expect(await mail.drainNow()).toBe(0); // not due again yet

    for (let n = 2; n < MAX_ATTEMPTS; n++) await expect(mail.deliver(queued.id)).rejects.toMatchObject({ final: false });
    await expect(mail.deliver(queued.id)).rejects.toMatchObject({ final: true });
    expect(await row(queued.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, payload: "{}" });
    await expect(mail.deliver(queued.id)).rejects.toBeInstanceOf(MailDeliveryError);
    expect((await row(queued.id)).attempts).toBe(MAX_ATTEMPTS);
    expect(retryDelay(1)).toBe(60_000);
    expect(retryDelay(20)).toBe(3_600_000);
  });

  it("marks a row it can never render as failed at once", async () => {
    const queued = await enqueue();
    await db().updateTable("mailOutbox").set({ template: "noSuchTemplate" }).where("id", "=", queued.id).execute();
    await expect(smtp().deliver(queued.id)).rejects.toMatchObject({ final: true });
    expect(await row(queued.id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("runs a worker that sends due rows and leaves rows not yet due", async () => {
    const due = await enqueue("verification");
    const later = await enqueue("passwordReset");
    await db()
      .updateTable("mailOutbox")
      .set({ nextAttemptAt: Date.now() + 3_600_000 })
      .where("id", "=", later.id)
      .execute();
    const mail = service({ MAIL: "smtp", SMTP_URL: capture.url }, 25).mail;
    mail.start();
    await capture.waitFor((m) => m.messageId === due.messageId);
    await new Promise((resolve) => setTimeout(resolve, 150)); // several more polls
    await mail.stop();
    expect(capture.messages.map((m) => m.messageId)).toEqual([due.messageId]);
    expect(await row(later.id)).toMatchObject({ status: "pending", attempts: 0 });

    expect(await mail.drainNow()).toBe(0);
    await db().updateTable("mailOutbox").set({ nextAttemptAt: Date.now() }).where("id", "=", later.id).execute();
    expect(await mail.drainNow()).toBe(1);
    expect(await row(later.id)).toMatchObject({ status: "sent" });
  });

  it("never sends a row twice when two processes drain the outbox at once", async () => {
    const queued = await Promise.all(Array.from({ length: 12 }, () => enqueue()));
    const [a, b] = [smtp(), smtp()];
    const counts = await Promise.all([a.drainNow(), b.drainNow(), a.drainNow()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(12);
    expect(capture.messages.map((m) => m.messageId).sort()).toEqual(queued.map((q) => q.messageId).sort());
  });

  it("deliver() waits for the outcome when another process holds the row", async () => {
    const queued = await enqueue();
    await db()
      .updateTable("mailOutbox")
      .set({ nextAttemptAt: Date.now() + 10_000 })
      .where("id", "=", queued.id)
      .execute();
    const waiting = smtp().deliver(queued.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db().updateTable("mailOutbox").set({ status: "sent", attempts: 1, sentAt: Date.now() }).where("id", "=", queued.id).execute();
    await expect(waiting).resolves.toBeUndefined();
    expect(capture.messages).toEqual([]);
  });

  it("with MAIL=disabled reports enabled false and sends nothing (callers answer 501 instead of enqueueing)", async () => {
    const { mail } = service({ MAIL: "disabled" });
    expect(mail.enabled).toBe(false);
    expect(smtp().enabled).toBe(true);
    const queued = await enqueue();
    await expect(mail.deliver(queued.id)).rejects.toBeInstanceOf(MailDisabledError);
    mail.start();
    expect(await mail.drainNow()).toBe(0);
    expect(await row(queued.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(capture.messages).toEqual([]);
  });

  it("logs the outbox id, template and outcome, never an address, a name, a link or a token", async () => {
    logLines.splice(0);
    const ok = await enqueue("passwordReset", "es", "Zeferino");
    const bad = await enqueue("verification", "pt", "Zeferina");
    await smtp().deliver(ok.id);
    await expect(service({ MAIL: "smtp", SMTP_URL: await deadSmtpUrl() }).mail.deliver(bad.id)).rejects.toThrow(MailDeliveryError);
    const forbidden = [ok, bad].flatMap((q) => [q.link, q.link.split("/").pop()!, q.to]).concat("Zeferin");
    expect(logLines.length).toBeGreaterThanOrEqual(2);
    for (const line of logLines) for (const secret of forbidden) expect(line).not.toContain(secret);
    const parsed = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed).toContainEqual(expect.objectContaining({ outboxId: ok.id, template: "passwordReset", outcome: "sent" }));
    expect(parsed).toContainEqual(expect.objectContaining({ outboxId: bad.id, template: "verification", outcome: "retry" }));
  });
});
