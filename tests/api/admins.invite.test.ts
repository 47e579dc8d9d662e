import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { issueToken } from "../../server/services/identity/oneTimeTokens";
import { testDialects } from "../support/db";
import { setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { adminRow, buildWorld, expectError, logOf } from "./admins.helpers";

describe.each(testDialects())("admin invitations on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({ dialect, env: { MAIL: "smtp", SMTP_URL: capture.url } });
  });
  afterAll(async () => {
    await server?.close();
    await capture?.close();
  });

  const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

  it("invites by e-mail: invited until the link sets a password, then the admin signs in", async () => {
    await setSettings(server.database.db, "security", { adminRegistrationTokenExpiryMinutes: 90 });
    const w = await buildWorld(server);
    const email = `invitee-${w.tag}@example.test`;
    const before = Date.now();
    const res = await server
      .request()
      .post("/v2/admin")
      .set("Authorization", w.as.adminA)
      .send({ username: email, firstName: "Ivo", lastName: "Invited", teams: [w.teamA.slug], invite: true, lang: "pt" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ username: email, status: "invited", lang: "pt", teams: [{ slug: w.teamA.slug }] });
    // Delivered before the reply: the capture already holds it.
    const mail = capture.messages.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`${w.adminA.firstName} ${w.adminA.lastName}`);
    const link = linkFrom(mail!, "/reset/pt/");
    const row = await server.database.db.selectFrom("admins").select("id").where("username", "=", email).executeTakeFirstOrThrow();
    const token = await server.database.db
      .selectFrom("oneTimeTokens")
      .select(["purpose", "expiresAt"])
      .where("adminId", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(token.purpose).toBe("admin_invite");
    expect(token.expiresAt - before).toBeGreaterThanOrEqual(90 * 60_000);
    expect(token.expiresAt - Date.now()).toBeLessThanOrEqual(90 * 60_000);

    const hex = await sha512Hex("Inv1ted!Pass");
    expectError(await server.request().post("/v2/public/auth").send({ username: email, password: hex }), 422, "signin422");
    expect(
      (
        await server
          .request()
          .post("/v2/public/confirm")
          .send({ token: tokenOf(link), new_password: hex })
      ).status,
    ).toBe(200);
    expect((await adminRow(server, row.id))?.status).toBe("active");
    expect((await server.request().post("/v2/public/auth").send({ username: email, password: hex })).status).toBe(200);
    const actions = (await logOf(server, res.body.uid as string)).map((l) => l.action);
    expect(actions.filter((a) => a === "admin.create" || a === "admin.invite.accept")).toEqual(["admin.create", "admin.invite.accept"]);
    await setSettings(server.database.db, "security", {});
  });

  it("words the invitation as account activation from the e-mail to the page; a reset link keeps 'new password'", async () => {
    const w = await buildWorld(server);
    const email = `activate-${w.tag}@example.test`;
    const res = await server
      .request()
      .post("/v2/admin")
      .set("Authorization", w.as.adminA)
      .send({ username: email, firstName: "Ana", lastName: "Ativa", teams: [w.teamA.slug], invite: true, lang: "pt" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await capture.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Ative a sua conta de administrador do Bulwark");
    expect(mail.text).toContain("Ativar a minha conta:");
    const invitePage = await server.request().get(new URL(linkFrom(mail, "/reset/pt/")).pathname);
    expect(invitePage.status).toBe(200);
    expect(invitePage.text).toContain("<title>Ativar a sua conta · Bulwark</title>");
    expect(invitePage.text).toContain('{"lang":"pt","flow":"invite",');
    const visible = (html: string) => html.slice(0, html.indexOf('id="bulwark-i18n"'));
    expect(visible(invitePage.text)).toContain("Ativar conta</button>");
    expect(visible(invitePage.text).toLowerCase()).not.toContain("nova palavra-passe");

    const resetToken = await issueToken(server.database.db, "admin", w.adminA.id, "reset", 60);
    const resetPage = await server.request().get(`/reset/pt/${resetToken}`);
    expect(resetPage.text).toContain("<title>Escolher nova palavra-passe · Bulwark</title>");
    expect(resetPage.text).toContain('{"lang":"pt","flow":"reset",');
    expect(visible(resetPage.text)).toContain("Guardar palavra-passe</button>");
    const unknown = await server.request().get("/reset/es/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.text).toContain("<title>Elegir una nueva contraseña · Bulwark</title>");
  });

  it("withdraws the invitation link when the invited admin is blocked", async () => {
    const w = await buildWorld(server);
    const email = `blocked-invitee-${w.tag}@example.test`;
    const res = await server
      .request()
      .post("/v2/admin")
      .set("Authorization", w.as.root)
      .send({ username: email, firstName: "Bea", lastName: "B", teams: [w.teamA.slug], invite: true });
    const link = linkFrom(await capture.waitFor((m) => m.to.includes(email)), "/reset/en/");
    expect((await server.request().put("/v2/admin/block").set("Authorization", w.as.root).send({ uid: res.body.uid })).status).toBe(200);
    expectError(
      await server
        .request()
        .post("/v2/public/confirm")
        .send({ token: tokenOf(link), new_password: await sha512Hex("Bl0cked!Pass") }),
      404,
      "confirm404",
    );
    expectError(
      await server.request().put("/v2/admin/activate").set("Authorization", w.as.root).send({ uid: res.body.uid }),
      422,
      "adminActivate422",
    );
  });

  it("refuses an invitation to a handle: it needs an e-mail address", async () => {
    const w = await buildWorld(server);
    const res = await server
      .request()
      .post("/v2/admin")
      .set("Authorization", w.as.root)
      .send({ username: `handle-${w.tag}`, firstName: "H", lastName: "H", teams: [w.teamA.slug], invite: true });
    expectError(res, 400, "badParameters");
  });

  describe("when e-mail cannot leave", () => {
    it("answers 501 with MAIL=disabled and creates nothing", async () => {
      const off = await getTestServer({ dialect, env: { MAIL: "disabled" } });
      try {
        const w = await buildWorld(off);
        const count = async () => (await off.database.db.selectFrom("admins").select("id").execute()).length;
        const before = await count();
        const res = await off
          .request()
          .post("/v2/admin")
          .set("Authorization", w.as.root)
          .send({ username: `off-${w.tag}@example.test`, firstName: "O", lastName: "F", teams: [w.teamA.slug], invite: true });
        expectError(res, 501, "adminCreate501");
        expect(await count()).toBe(before);
      } finally {
        await off.close();
      }
    });

    it("answers 509 when the SMTP server is unreachable and removes the invited admin", async () => {
      const down = await getTestServer({ dialect, env: { MAIL: "smtp", SMTP_URL: "smtp://127.0.0.1:1" } });
      try {
        const w = await buildWorld(down);
        const email = `down-${w.tag}@example.test`;
        const res = await down
          .request()
          .post("/v2/admin")
          .set("Authorization", w.as.root)
          .send({ username: email, firstName: "D", lastName: "N", teams: [w.teamA.slug], invite: true });
        expectError(res, 509, "adminCreate509");
        expect(await down.database.db.selectFrom("admins").select("id").where("username", "=", email).executeTakeFirst()).toBeUndefined();
        expect(await down.database.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
        // As with registration: the creation is logged, then its undoing.
        const log = await down.database.db
          .selectFrom("accessLog")
          .select("outcome")
          .where("action", "=", "admin.create")
          .orderBy("id")
          .execute();
        expect(log.map((l) => l.outcome)).toEqual(["success", "failure"]);
      } finally {
        await down.close();
      }
    });
  });
});
