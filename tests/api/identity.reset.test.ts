import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { RATE_LIMITS } from "../../server/http/rate-limit";
import { issueToken } from "../../server/services/identity/oneTimeTokens";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { buildAdmin, givePassword, nextClientIp } from "../support/factories";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { expectError } from "../support/expect";

const nextIp = nextClientIp;

const resetSubject = (lang: string): string =>
  (JSON.parse(readFileSync(path.join(ROOT_DIR, "locales", lang, "mail.json"), "utf8")) as { passwordReset: { subject: string } })
    .passwordReset.subject;

describe.each(testDialects())("password reset on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  const secrets: string[] = [];
  const db = () => server.database.db;
  const post = (url: string, body: object, ip = nextIp()) => server.request().post(url).set("X-Forwarded-For", ip).send(body);
  const signIn = (username: string, password: string) => post("/v2/public/auth", { username, password, browser: "vitest" });
  const hexOf = async (plain: string) => {
    const hex = await sha512Hex(plain);
    secrets.push(hex);
    return hex;
  };
  const adminRow = (id: number) => db().selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const accessLog = (action: string, targetId: string) =>
    db().selectFrom("accessLog").selectAll().where("action", "=", action).where("targetId", "=", targetId).execute();

  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({ dialect, env: { MAIL: "smtp", SMTP_URL: capture.url, TRUST_PROXY: "loopback" } });
  });
  afterAll(async () => {
    await server?.close();
    await capture?.close();
  });

  /** An active admin with a password; returns the row and the password's SHA-512 hex. */
  async function activeAdmin(lang = "en"): Promise<{ admin: Row<"admins">; hex: string }> {
    const admin = await buildAdmin(db(), { lang });
    const hex = await givePassword(db(), server.config, admin);
    secrets.push(hex);
    return { admin, hex };
  }

  /** Requests a reset, sends the outbox and returns the token of the e-mailed link. */
  async function resetToken(admin: Row<"admins">): Promise<{ token: string; subject: string }> {
    const res = await post("/v2/public/reset", { username: admin.username.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const before = capture.messages.length;
    expect(await server.mail.drainNow()).toBe(1);
    const mail = capture.messages.slice(before).find((m) => m.to === admin.username);
    expect(mail).toBeDefined();
    const link = linkFrom(mail!, "/reset/");
    const token = link.split("/").pop()!;
    expect(link).toBe(`${server.config.publicUrl}/reset/${admin.lang}/${token}`);
    secrets.push(link, token);
    return { token, subject: mail!.subject };
  }

  it("answers { ok: true } and e-mails a reset link in the admin's language", async () => {
    for (const lang of ["en", "pt", "es"]) {
      const { admin } = await activeAdmin(lang);
      const { subject } = await resetToken(admin);
      expect(subject).toBe(resetSubject(lang));
      expect(await accessLog("admin.password.resetRequest", admin.uid)).toMatchObject([{ outcome: "success" }]);
    }
    expect(new Set(["en", "pt", "es"].map(resetSubject)).size).toBe(3);
  });

  it("answers the identical body for an unknown or unverified username and e-mails nothing", async () => {
    const { admin: known } = await activeAdmin();
    const real = await post("/v2/public/reset", { username: known.username });
    await server.mail.drainNow();
    const invited = await buildAdmin(db(), { status: "invited" });
    const outboxBefore = await db().selectFrom("mailOutbox").select("id").execute();
    const sent = capture.messages.length;
    for (const username of ["nobody@example.test", invited.username]) {
      const res = await post("/v2/public/reset", { username });
      expect(res.status).toBe(real.status);
      expect(res.text).toBe(real.text);
      expect(res.headers["content-type"]).toBe(real.headers["content-type"]);
    }
    expect(await server.mail.drainNow()).toBe(0);
    expect(capture.messages.length).toBe(sent);
    expect(await db().selectFrom("mailOutbox").select("id").execute()).toEqual(outboxBefore);
    expect(await accessLog("admin.password.resetRequest", "nobody@example.test")).toMatchObject([{ outcome: "failure" }]);
  });

  it("sets the new password, ends earlier tokens, lifts a lockout and accepts the link only once", async () => {
    const { admin, hex: oldHex } = await activeAdmin();
    const before = await signIn(admin.username, oldHex);
    expect(before.status).toBe(200);
    const apiToken = before.body.token as string;
    secrets.push(apiToken);
    const me = () => server.request().get("/v2/me").set("Authorization", `Bearer ${apiToken}`);
    expect((await me()).status).toBe(200);
    await db()
      .updateTable("admins")
      .set({ lockedUntil: Date.now() + 3_600_000, failedAttempts: 5 })
      .where("id", "=", admin.id)
      .execute();
    expectError(await signIn(admin.username, oldHex), 403, "signin403");

    const { token } = await resetToken(admin);
    const newHex = await hexOf("N3w!Password");
    const res = await post("/v2/public/confirm", { token, new_password: newHex });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const row = await adminRow(admin.id);
    expect(row).toMatchObject({ lockedUntil: null, tokenVersion: admin.tokenVersion + 2, status: "active" });
    expectError(await me(), 401, "unauthorized");
    expectError(await signIn(admin.username, oldHex), 401, "signin401");
    const after = await signIn(admin.username, newHex);
    expect(after.status).toBe(200);
    secrets.push(after.body.token as string);
    expect(await accessLog("admin.password.reset", admin.uid)).toMatchObject([{ outcome: "success", actorAdminId: admin.id }]);

    expectError(await post("/v2/public/confirm", { token, new_password: await hexOf("Th1rd!Password") }), 404, "confirm404");
    expect((await signIn(admin.username, newHex)).status).toBe(200);
  });

  it("answers 410 for an expired link and changes nothing", async () => {
    const { admin, hex } = await activeAdmin();
    const { token } = await resetToken(admin);
    await db()
      .updateTable("oneTimeTokens")
      .set({ expiresAt: Date.now() - 1_000 })
      .where("adminId", "=", admin.id)
      .where("purpose", "=", "reset")
      .execute();
    const stored = await adminRow(admin.id);
    expectError(await post("/v2/public/confirm", { token, new_password: await hexOf("Exp1red!Pass") }), 410, "confirm410");
    expect(await adminRow(admin.id)).toEqual(stored);
    expect((await signIn(admin.username, hex)).status).toBe(200);
  });

  it("answers 422 for the current password and keeps the link usable", async () => {
    const { admin, hex } = await activeAdmin();
    const { token } = await resetToken(admin);
    const stored = await adminRow(admin.id);
    expectError(await post("/v2/public/confirm", { token, new_password: hex }), 422, "reset422");
    expect(await adminRow(admin.id)).toEqual(stored);
    expect((await post("/v2/public/confirm", { token, new_password: await hexOf("Fresh!Pass42") })).status).toBe(200);
  });

  it("answers 400 without new_password or with a malformed body, and keeps the link usable", async () => {
    const { admin } = await activeAdmin();
    const { token } = await resetToken(admin);
    const missing = await post("/v2/public/confirm", { token });
    expectError(missing, 400, "badParameters");
    expect(missing.body.error.details).toEqual([expect.objectContaining({ path: ["new_password"] })]);
    expectError(await post("/v2/public/confirm", { token, new_password: "not-a-hash" }), 400, "badParameters");
    expectError(await post("/v2/public/confirm", { token: "short", new_password: await hexOf("Any!Pass123") }), 400, "badParameters");
    expectError(await post("/v2/public/reset", { username: "" }), 400, "badParameters");
    expect((await post("/v2/public/confirm", { token, new_password: await hexOf("Valid!Pass77") })).status).toBe(200);
  });

  it("keeps reset and verification links apart", async () => {
    const { admin } = await activeAdmin();
    const { token } = await resetToken(admin);
    const hex = await hexOf("Apart!Pass1");
    expectError(await post("/v2/public/verify", { token, new_password: hex }), 404, "verify404");
    const verifyToken = await issueToken(db(), "admin", admin.id, "verify", 60);
    secrets.push(verifyToken);
    expectError(await post("/v2/public/confirm", { token: verifyToken, new_password: hex }), 404, "confirm404");
    expectError(await post("/v2/public/confirm", { token: "x".repeat(43), new_password: hex }), 404, "confirm404");
    expect((await post("/v2/public/confirm", { token, new_password: hex })).status).toBe(200);
  });

  it("activates an invited admin through an admin_invite link", async () => {
    const admin = await buildAdmin(db(), { status: "invited" });
    const token = await issueToken(db(), "admin", admin.id, "admin_invite", 60);
    secrets.push(token);
    const hex = await hexOf("Inv1ted!Pass");
    expectError(await signIn(admin.username, hex), 422, "signin422");
    expect((await post("/v2/public/confirm", { token, new_password: hex })).status).toBe(200);
    expect(await adminRow(admin.id)).toMatchObject({ status: "active" });
    expect((await signIn(admin.username, hex)).status).toBe(200);
    expect(await accessLog("admin.invite.accept", admin.uid)).toHaveLength(1);
    expectError(await post("/v2/public/confirm", { token, new_password: await hexOf("Again!Pass9") }), 404, "confirm404");
  });

  it("answers 429 with Retry-After once an address spends its reset budget, and only for that address", async () => {
    const ip = "203.0.113.66";
    for (let i = 0; i < RATE_LIMITS.reset.limit; i++)
      expect((await post("/v2/public/reset", { username: "nobody@example.test" }, ip)).status).toBe(200);
    const { admin } = await activeAdmin();
    const limited = await post("/v2/public/reset", { username: admin.username }, ip);
    expectError(limited, 429, "tooManyRequests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await server.mail.drainNow()).toBe(0);
    expect(await db().selectFrom("oneTimeTokens").select("id").where("adminId", "=", admin.id).execute()).toEqual([]);
    expect((await post("/v2/public/reset", { username: admin.username }, "203.0.113.67")).status).toBe(200);
  });

  it("never writes a token, link or password hash to the log", () => {
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(server.logs.filter((line) => line.includes(secret))).toEqual([]);
  });
});
