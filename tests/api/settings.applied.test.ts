/**
 * Settings changed through `PUT /v2/settings/<group>` take effect where the
 * console uses them (sign-up, banners, session and token expiries, lockout, e-mail
 * notifications, URL prefixes in e-mailed links). Each test sets the value through the API only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, givePassword, nextClientIp, registrationBody } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";

describe.each(testDialects())("settings applied on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  let root: string;
  const db = () => server.database.db;
  const put = async (group: string, body: object) => {
    const res = await server.request().put(`/v2/settings/${group}`).set("Authorization", root).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const post = (url: string, body: object, auth?: string) => {
    const req = server.request().post(url).set("X-Forwarded-For", nextClientIp());
    return (auth ? req.set("Authorization", auth) : req).send(body);
  };

  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({
      dialect,
      mailWorker: true,
      env: { TRUST_PROXY: "loopback", MAIL: "smtp", SMTP_URL: capture.url, CAPTCHA: "off", PUBLIC_URL: "https://console.example.test" },
    });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root", teams: [] }));
  });
  afterAll(async () => {
    await server?.close();
    await capture?.close();
  });

  it("registrationEnabled opens the public sign-up, and the admin registration token expiry applies to its link", async () => {
    expectError(await post("/v2/public/register", registrationBody()), 403, "register403");
    await put("general", { registrationEnabled: true });
    await put("security", { adminRegistrationTokenExpiryMinutes: 17 });
    const body = registrationBody();
    const started = Date.now();
    const res = await post("/v2/public/register", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const username = String(body.username).toLowerCase();
    await capture.waitFor((m) => m.to === username);
    const admin = await db().selectFrom("admins").select("id").where("username", "=", username).executeTakeFirstOrThrow();
    const token = await db().selectFrom("oneTimeTokens").select("expiresAt").where("adminId", "=", admin.id).executeTakeFirstOrThrow();
    expect(token.expiresAt - started).toBeGreaterThanOrEqual(17 * 60_000 - 5_000);
    expect(token.expiresAt - Date.now()).toBeLessThanOrEqual(17 * 60_000);
    expect((await server.request().get("/signin/en")).text).toContain('href="/signup/en"');
    await put("general", { registrationEnabled: false });
    expect((await server.request().get("/signin/en")).text).not.toContain('href="/signup/en"');
  });

  it("shows the warning banner of the page's language on the sign-in and sign-up pages", async () => {
    await put("general", { warningBanner: { en: "Banner EN 17", pt: "Aviso PT 17", es: "Aviso ES 17" } });
    expect((await server.request().get("/signin/pt")).text).toContain("Aviso PT 17");
    expect((await server.request().get("/signin/en")).text).toContain("Banner EN 17");
    const signup = (await server.request().get("/signup/es")).text;
    expect(signup).toContain("Aviso ES 17");
    expect(signup).not.toContain("Aviso PT 17");
  });

  it("session expiry hours sets the lifetime of an API token, and the maximum failed admin sign-ins locks at that count", async () => {
    const admin = await buildAdmin(db(), {});
    const hex = await givePassword(db(), server.config, admin);
    await put("security", { sessionExpiryHours: 3, maxFailedAdminSignIns: 2 });
    const signedIn = await post("/v2/public/auth", { username: admin.username, password: hex });
    expect(signedIn.status).toBe(200);
    const claims = JSON.parse(Buffer.from(String(signedIn.body.token).split(".")[1]!, "base64url").toString()) as {
      exp: number;
      iat: number;
    };
    expect(claims.exp - claims.iat).toBe(3 * 3600);
    const wrong = await sha512Hex("Wr0ng!Password");
    expect((await post("/v2/public/auth", { username: admin.username, password: wrong })).status).toBe(401);
    expect((await post("/v2/public/auth", { username: admin.username, password: wrong })).status).toBe(401);
    expect((await post("/v2/public/auth", { username: admin.username, password: hex })).status).toBe(403);
  });

  it("the admin password reset token expiry applies to the e-mailed reset link", async () => {
    const admin = await buildAdmin(db(), {});
    await givePassword(db(), server.config, admin);
    await put("security", { adminPasswordResetTokenExpiryMinutes: 23 });
    const started = Date.now();
    expect((await post("/v2/public/reset", { username: admin.username })).status).toBe(200);
    const token = await db()
      .selectFrom("oneTimeTokens")
      .select("expiresAt")
      .where("adminId", "=", admin.id)
      .where("purpose", "=", "reset")
      .executeTakeFirstOrThrow();
    expect(token.expiresAt - started).toBeGreaterThanOrEqual(23 * 60_000 - 5_000);
    expect(token.expiresAt - Date.now()).toBeLessThanOrEqual(23 * 60_000);
  });

  it("admin password history: a recent password is refused at 5 and accepted again at 1", async () => {
    const admin = await buildAdmin(db(), {});
    const first = await givePassword(db(), server.config, admin);
    const second = await sha512Hex("Sec0nd!Password");
    const bearer = async () =>
      bearerFor(server.config, await db().selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow());
    const change = async (password: string, next: string) =>
      server
        .request()
        .put("/v2/me/password")
        .set("Authorization", await bearer())
        .send({ password, new_password: next });
    await put("security", { adminPasswordHistory: 5, maxFailedAdminSignIns: 10 });
    expect((await change(first, second)).status).toBe(200);
    expectError(await change(second, first), 422, "passwordChange422");
    await put("security", { adminPasswordHistory: 1 });
    expect((await change(second, first)).status).toBe(200);
  });

  it("e-mail notifications off answers 501 'Emailing is Disabled' on calls that must e-mail; on, the reset link carries the 'my' URL prefix", async () => {
    const team = await buildTeam(db());
    const user = await buildUser(db(), { team, username: `prefix-${dialect}@example.test` });
    await put("general", { emailNotifications: false, registrationEnabled: true });
    expectError(await post("/v2/user/reset", { uid: user.uid }, root), 501, "emailDisabled");
    expectError(await post("/v2/public/register", registrationBody()), 501, "register501");
    const invite = { username: `invitee-${dialect}@example.test`, firstName: "In", lastName: "Vitee", teams: [team.slug], invite: true };
    expectError(await post("/v2/admin", invite, root), 501, "adminCreate501");
    await put("general", {
      emailNotifications: true,
      urlPrefixes: { api: "api", aux: "aux", sip: "sip", vault: "vault", emp: "emp", my: "secure17" },
    });
    expect((await post("/v2/user/reset", { uid: user.uid }, root)).status).toBe(200);
    const mail = await capture.waitFor((m) => m.to === user.username);
    expect(linkFrom(mail, "/reset/")).toMatch(/^https:\/\/secure17\.example\.test\/reset\//);
  });

  it("the invite token length and the user invite expiry in days shape new invitations and resends", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team, licenseCount: 5 });
    const invite = async () => {
      const before = Date.now();
      const res = await post(
        "/v2/invite",
        { team: team.slug, type: "handle", addresses: [`agent_${Math.random().toString(36).slice(2, 8)}`], lang: "en" },
        root,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { id, code } = res.body.ok[0] as { id: string; code: string };
      const row = await db().selectFrom("invites").select("expiresAt").where("uid", "=", id).executeTakeFirstOrThrow();
      return { id, code, days: (Number(row.expiresAt) - before) / 86_400_000 };
    };
    await put("general", { inviteTokenLength: 8, userInviteExpiryDays: 2 });
    const short = await invite();
    expect(short.code).toHaveLength(8);
    expect(short.days).toBeGreaterThan(1.99);
    expect(short.days).toBeLessThan(2.01);
    await put("general", { inviteTokenLength: 16, userInviteExpiryDays: 30 });
    const long = await invite();
    expect(long.code).toHaveLength(16);
    expect(long.days).toBeGreaterThan(29.99);
    expect(long.days).toBeLessThan(30.01);
    const resent = await server
      .request()
      .put("/v2/invite")
      .set("Authorization", root)
      .send({ ids: [short.id] });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.ok[0].code).toHaveLength(16);
  });
});
