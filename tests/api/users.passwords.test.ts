/**
 * End users' passwords: the registration e-mail of a user created without a password, the
 * service API's redemption of registration and reset links (POST /v2/service/users/password),
 * the 'user password history' check there and on PUT /v2/user, the failed-redemption budget per
 * service token, and the service-token-only scope.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/services/identity/passwords";
import { issueToken } from "../../server/services/identity/oneTimeTokens";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, GOOD_PASSWORD, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { accessEntries, expectError } from "./users.support";

describe.each(testDialects())("user passwords on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  let noMail: TestServer;
  let root: string;
  let service: string;
  let hexes: string[];
  const db = () => server.database.db;
  const pepper = () => server.config.secrets.passwordPepper;
  const setPassword = (body: object, auth = service) =>
    server.request().post("/v2/service/users/password").set("Authorization", auth).send(body);
  const history = (userId: number) =>
    db().selectFrom("userPasswordHistory").select("passwordHash").where("userId", "=", userId).orderBy("id").execute();
  const userRow = (uid: string) => db().selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirstOrThrow();

  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({
      dialect,
      mailWorker: true,
      env: { MAIL: "smtp", SMTP_URL: capture.url, PUBLIC_URL: "https://console.example.test", TRUST_PROXY: "loopback" },
    });
    noMail = await getTestServer({ dialect, env: { MAIL: "disabled" } });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
    const created = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "portal" });
    service = `Bearer ${created.body.token as string}`;
    hexes = await Promise.all([GOOD_PASSWORD, "An0ther!Pass", "Th1rd!Pass", "F0urth!Pass"].map((p) => sha512Hex(p)));
    await setSettings(db(), "security", { userRegistrationTokenExpiryMinutes: 90, userPasswordHistory: 2 });
  });
  afterAll(async () => {
    await server?.close();
    await noMail?.close();
    await capture?.close();
  });

  it("e-mails a registration link to a user created without a password; the link sets it and activates the user once", async () => {
    const team = await buildTeam(db(), { language: "pt" });
    await buildPack(db(), { team });
    const before = Date.now();
    const res = await server
      .request()
      .post("/v2/user")
      .set("Authorization", root)
      .send({ username: "New.Joiner@example.test", firstName: "Joana", lastName: "Nova", team: team.slug });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "pending" });
    const mail = await capture.waitFor((m) => m.to === "new.joiner@example.test");
    expect(mail.subject).toBe("Escolha a sua palavra-passe");
    expect(mail.text).toContain("Joana");
    const link = linkFrom(mail, "/register/");
    expect(link).toMatch(/^https:\/\/my\.example\.test\/register\/[A-Za-z0-9_-]{43}$/);
    const token = link.split("/").pop()!;
    expect(JSON.stringify(res.body)).not.toContain(token);
    const user = await userRow(res.body.uid as string);
    const [stored] = await db().selectFrom("userTokens").selectAll().where("userId", "=", user.id).execute();
    expect(stored).toMatchObject({ purpose: "register", usedAt: null, tokenHash: createHash("sha256").update(token).digest("hex") });
    expect(stored!.expiresAt - before).toBeGreaterThanOrEqual(90 * 60_000 - 5_000);
    expect(stored!.expiresAt - Date.now()).toBeLessThanOrEqual(90 * 60_000);

    const done = await setPassword({ token, password: hexes[0] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ user: user.uid, username: "new.joiner@example.test", status: "active", accessLevel: null });
    const after = await userRow(user.uid);
    expect(after.status).toBe("active");
    expect(await verifyPassword(pepper(), after.passwordHash, hexes[0]!)).toBe(true);
    expect(await history(user.id)).toEqual([{ passwordHash: after.passwordHash }]);
    expectError(await setPassword({ token, password: hexes[1] }), 404, "userPassword404");

    const [entry] = await accessEntries(db(), "user.register");
    expect(entry).toMatchObject({ targetId: user.uid, teamId: team.id, outcome: "success" });
    expect(JSON.parse(entry!.details ?? "{}")).toEqual({ serviceToken: "portal", status: "active" });
    const everything = JSON.stringify(await db().selectFrom("accessLog").selectAll().execute());
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(hexes[0]);
    expect(server.logs.join("\n")).not.toContain(token);
    expect(server.logs.join("\n")).not.toContain(hexes[0]);
  });

  it("sends no registration e-mail for a handle, or when e-mailing is off: the user just stays pending", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team });
    const handle = await server
      .request()
      .post("/v2/user")
      .set("Authorization", root)
      .send({ username: "handle_user", firstName: "H", lastName: "Andle", team: team.slug });
    expect(handle.body.status).toBe("pending");
    const quietRoot = await bearerFor(noMail.config, await buildAdmin(noMail.database.db, { role: "root" }));
    const quietTeam = await buildTeam(noMail.database.db);
    await buildPack(noMail.database.db, { team: quietTeam });
    const quiet = await noMail
      .request()
      .post("/v2/user")
      .set("Authorization", quietRoot)
      .send({ username: "quiet@example.test", firstName: "Q", lastName: "Uiet", team: quietTeam.slug });
    expect([quiet.status, quiet.body.status]).toEqual([200, "pending"]);
    expect(await noMail.database.db.selectFrom("userTokens").select("id").execute()).toEqual([]);
    expect(await noMail.database.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    const handleRow = await userRow(handle.body.uid as string);
    expect(await db().selectFrom("userTokens").select("id").where("userId", "=", handleRow.id).execute()).toEqual([]);
  });

  it("resets a password from the reset link: refuses one of the last N (422, token kept), records and trims the history", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team });
    const created = await server
      .request()
      .post("/v2/user")
      .set("Authorization", root)
      .send({ username: "resetter@example.test", firstName: "R", lastName: "Eset", team: team.slug, password: hexes[0] });
    const user = await userRow(created.body.uid as string);
    // Each link comes by e-mail; earlier captures are dropped so the newest link is read.
    const resetWith = async () => {
      capture.messages.length = 0;
      expect((await server.request().post("/v2/user/reset").set("Authorization", root).send({ uid: user.uid })).status).toBe(200);
      return linkFrom(await capture.waitFor((m) => m.to === "resetter@example.test"), "/reset/")
        .split("/")
        .pop()!;
    };
    const first = await resetWith();
    expectError(await setPassword({ token: first, password: hexes[0] }), 422, "userPassword422");
    expect((await setPassword({ token: first, password: hexes[1] })).status).toBe(200);
    expect(await verifyPassword(pepper(), (await userRow(user.uid)).passwordHash, hexes[1]!)).toBe(true);
    expect(await history(user.id)).toHaveLength(2);
    expect((await accessEntries(db(), "user.password.reset"))[0]).toMatchObject({ targetId: user.uid, teamId: team.id });

    // A newer link, a third password: the oldest of three leaves the history (N = 2), so it is allowed again later.
    const second = await resetWith();
    expectError(await setPassword({ token: second, password: hexes[1] }), 422, "userPassword422");
    expect((await setPassword({ token: second, password: hexes[2] })).status).toBe(200);
    const kept = await history(user.id);
    expect(kept).toHaveLength(2);
    expect(await verifyPassword(pepper(), kept[0]!.passwordHash, hexes[1]!)).toBe(true);
    const third = await resetWith();
    expect((await setPassword({ token: third, password: hexes[0] })).status).toBe(200);
  });

  it("answers 410 for an expired link, 404 for an unknown one and 400 for a bad body", async () => {
    const user = await buildUser(db(), { status: "pending" });
    const stale = await issueToken(db(), "user", user.id, "register", 1, Date.now() - 120_000);
    expectError(await setPassword({ token: stale, password: hexes[0] }), 410, "userPassword410");
    expectError(await setPassword({ token: "A".repeat(43), password: hexes[0] }), 404, "userPassword404");
    expectError(await setPassword({ token: stale, password: GOOD_PASSWORD }), 400, "badParameters");
    expectError(await setPassword({ token: "short", password: hexes[0] }), 400, "badParameters");
    expect(await userRow(user.uid)).toMatchObject({ status: "pending", passwordHash: null });
  });

  it("refuses a recent password on PUT /v2/user (userEdit422, nothing written) and records a new one", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team });
    const created = await server
      .request()
      .post("/v2/user")
      .set("Authorization", root)
      .send({ username: "edited@example.test", firstName: "E", lastName: "Dited", team: team.slug, password: hexes[0] });
    const uid = created.body.uid as string;
    const user = await userRow(uid);
    const logged = (await accessEntries(db(), "user.update")).length;
    const refused = await server
      .request()
      .put("/v2/user")
      .set("Authorization", root)
      .send({ uid, password: hexes[0], firstName: "Changed" });
    expectError(refused, 422, "userEdit422");
    expect(await userRow(uid)).toMatchObject({ firstName: "E", passwordHash: user.passwordHash });
    expect(await history(user.id)).toHaveLength(1);
    expect(await accessEntries(db(), "user.update")).toHaveLength(logged);

    const ok = await server.request().put("/v2/user").set("Authorization", root).send({ uid, password: hexes[1] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await userRow(uid);
    expect(await verifyPassword(pepper(), after.passwordHash, hexes[1]!)).toBe(true);
    expect(await history(user.id)).toHaveLength(2);
    const [entry] = await accessEntries(db(), "user.update");
    expect(JSON.parse(entry!.details ?? "{}")).toEqual({ fields: ["password"], passwordPolicy: "notChecked" });
    expect(entry!.details).not.toContain(hexes[1]);
    expectError(await server.request().put("/v2/user").set("Authorization", root).send({ uid, password: "plain" }), 400, "badParameters");
  });

  it("takes service tokens only, and rate-limits failed redemptions per service token (userPassword429)", async () => {
    const user = await buildUser(db(), { status: "pending" });
    const token = await issueToken(db(), "user", user.id, "register", 60);
    expect((await setPassword({ token, password: hexes[0] }, root)).status).toBe(401);
    expect((await server.request().post("/v2/service/users/password").send({ token, password: hexes[0] })).status).toBe(401);
    expect((await userRow(user.uid)).status).toBe("pending");

    const own = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "guesser" });
    const guesser = `Bearer ${own.body.token as string}`;
    for (let i = 0; i < 100; i++)
      expect((await setPassword({ token: `guess${String(i).padStart(40, "0")}`, password: hexes[0] }, guesser)).status).toBe(404);
    const limited = await setPassword({ token, password: hexes[0] }, guesser);
    expect([limited.status, limited.body.error.code]).toEqual([429, "userPassword429"]);
    // Another token keeps its own budget, and the invitation budget of the guesser is untouched.
    expect((await setPassword({ token, password: hexes[0] })).status).toBe(200);
    const invite = await server
      .request()
      .post("/v2/service/invites/redeem")
      .set("Authorization", guesser)
      .send({ code: "ZZZZZZZZZZZZ", username: "g@x.test" });
    expect(invite.status).toBe(404);
  }, 60_000);
});
