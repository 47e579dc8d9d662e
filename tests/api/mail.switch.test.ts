/**
 * The 'E-mail notifications' switch applied in the outbox (server/mail/switch.ts), on both
 * dialects: off refuses the calls whose purpose is a mail (identically for known and unknown
 * accounts), skips notices while the business change goes ahead, and still queues security
 * warnings; link mails state the real validity of their link.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "../../server/mail/outbox";
import { sendExpiryReminders } from "../../server/services/licenses/reminders";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, nextClientIp, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";

const DAY = 86_400_000;

describe.each(testDialects())("e-mail notifications switch on %s", (dialect) => {
  let server: TestServer;
  let capture: SmtpCapture;
  const db = () => server.database.db;
  const outboxCount = async () =>
    Number(
      (
        await db()
          .selectFrom("mailOutbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const reset = (username: string) => server.request().post("/v2/public/reset").set("X-Forwarded-For", nextClientIp()).send({ username });

  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({
      dialect,
      env: { MAIL: "smtp", SMTP_URL: capture.url, TRUST_PROXY: "loopback", PUBLIC_URL: "http://console.test" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await capture?.close();
  });

  it("off: a password reset answers 501 alike for a known and an unknown account and queues nothing", async () => {
    const admin = await buildAdmin(db(), { username: "known@switch.test" });
    await setSettings(db(), "general", { emailNotifications: false });
    try {
      const before = await outboxCount();
      const known = await reset(admin.username);
      const unknown = await reset("nobody@switch.test");
      expect(known.status).toBe(501);
      expect(known.body.error.code).toBe("emailDisabled");
      expect(unknown.status).toBe(known.status);
      expect({ ...unknown.body.error, requestId: undefined }).toEqual({ ...known.body.error, requestId: undefined });
      expect(await outboxCount()).toBe(before);
    } finally {
      await setSettings(db(), "general", { emailNotifications: true });
    }
    expect((await reset(admin.username)).status).toBe(200);
  });

  it("off: a purchase goes ahead without its invoice mail, reminders are recorded but not sent", async () => {
    const team = await buildTeam(db(), { slug: "switch-co", contactEmailFinance: "finance@switch.test" });
    const admin = await bearerFor(server.config, await buildAdmin(db(), { username: "buyer@switch.test", teams: [team] }));
    await setSettings(db(), "general", { emailNotifications: false });
    try {
      const before = await outboxCount();
      const res = await server
        .request()
        .post("/v2/license")
        .set("Authorization", admin)
        .send({ team: "switch-co", licenseType: "subscription", licenseCount: 5, termMonths: 12 });
      expect(res.status).toBe(200);
      expect(await db().selectFrom("licensePacks").select("id").where("teamId", "=", team.id).execute()).toHaveLength(1);
      expect(await outboxCount()).toBe(before);

      const now = Date.now();
      await buildPack(db(), { team, expiresAt: now + 3 * DAY });
      expect(await sendExpiryReminders(db(), "http://console.test", now)).toBe(0);
      expect(await outboxCount()).toBe(before);
      // Recorded as done: turning the switch back on does not send a backlog of stale reminders.
      await setSettings(db(), "general", { emailNotifications: true });
      expect(await sendExpiryReminders(db(), "http://console.test", now)).toBe(0);
    } finally {
      await setSettings(db(), "general", { emailNotifications: true });
    }
  });

  it("off: a security warning is still queued; a requested mail is refused inside the transaction", async () => {
    await setSettings(db(), "general", { emailNotifications: false });
    try {
      const queued = await enqueueMail(db(), {
        to: "owner@switch.test",
        template: "mfaChange",
        lang: "en",
        params: { firstName: "Ana", link: "http://console.test/profile", change: "totpEnrolled", left: "10" },
      });
      expect(queued.id).toBeGreaterThan(0);
      await expect(
        enqueueMail(db(), {
          to: "owner@switch.test",
          template: "verification",
          lang: "en",
          params: { firstName: "Ana", link: "http://console.test/verify/en/x" },
        }),
      ).rejects.toMatchObject({ code: "emailDisabled", status: 501 });
    } finally {
      await setSettings(db(), "general", { emailNotifications: true });
    }
  });

  it.each([
    [30, "valid for 30 minutes"],
    [120, "valid for 2 hours"],
    [60, "valid for 1 hour"],
  ])("a reset mail states the link's life from the setting (%i min)", async (minutes, words) => {
    const admin = await buildAdmin(db(), { username: `life${minutes}@switch.test` });
    await setSettings(db(), "security", { adminPasswordResetTokenExpiryMinutes: minutes });
    try {
      expect((await reset(admin.username)).status).toBe(200);
      const before = capture.messages.length;
      await server.mail.drainNow();
      const mail = capture.messages.slice(before).find((m) => m.to === admin.username);
      expect(mail?.text).toContain(words);
    } finally {
      await setSettings(db(), "security", {});
    }
  });
});
