/**
 * Admin TOTP (issue #29): enrolment and confirmation from the profile, the sign-in second step on
 * the API and in the browser, replay refusal, recovery codes, the lockout budget shared with
 * passwords, and the log entries and mails every change leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, givePassword, nextClientIp, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { codeAt, enrolDirectly } from "./mfa.support";

const MAX = 5;

describe.each(testDialects())("admin TOTP on %s", (dialect) => {
  let server: TestServer;
  let wrong: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { TRUST_PROXY: "loopback" } });
    wrong = await sha512Hex("Wr0ng!Password");
    await setSettings(server.database.db, "security", { maxFailedAdminSignIns: MAX });
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, body: object, bearer?: string) => {
    const req = server.request().post(url).set("X-Forwarded-For", nextClientIp());
    return (bearer ? req.set("Authorization", bearer) : req).send(body);
  };
  const logOf = (action: string, targetId: string) =>
    server.database.db
      .selectFrom("accessLog")
      .select(["details", "actorAdminId"])
      .where("action", "=", action)
      .where("targetId", "=", targetId)
      .orderBy("id")
      .execute();
  const mailsTo = (to: string) =>
    server.database.db.selectFrom("mailOutbox").select(["template", "payload"]).where("toAddress", "=", to).orderBy("id").execute();

  async function adminWithPassword() {
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    // A new password moves the token version on: sign the token for the admin as they are now.
    const current = await server.database.db.selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
    return { admin: current, hex, bearer: await bearerFor(server.config, current) };
  }

  it("enrols: QR as SVG and text secret, stored encrypted; confirms with a code; ten recovery codes once; logged and mailed", async () => {
    const { admin, bearer } = await adminWithPassword();
    expect((await server.request().get("/v2/me/mfa").set("Authorization", bearer)).body).toEqual({ totp: "none", recoveryCodesLeft: 0 });
    const enrol = await post("/v2/me/mfa/totp", {}, bearer);
    expect(enrol.status).toBe(200);
    expect(enrol.headers["cache-control"]).toBe("no-store");
    const { secret, uri, qrSvg } = enrol.body as { secret: string; uri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+.*/);
    expect(uri).toContain("algorithm=SHA1");
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stored = await server.database.db
      .selectFrom("adminTotp")
      .select(["secret", "confirmedAt"])
      .where("adminId", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    expect(stored.confirmedAt).toBeNull();
    expect((await server.request().get("/v2/me/mfa").set("Authorization", bearer)).body.totp).toBe("pending");

    const bad = await post("/v2/me/mfa/totp/confirm", { code: codeAt(secret, 0) === "000000" ? "111111" : "000000" }, bearer);
    expect(bad.status).toBe(403);
    expect(bad.body.error.code).toBe("mfaTotpConfirm403");
    const ok = await post("/v2/me/mfa/totp/confirm", { code: codeAt(secret, 0) }, bearer);
    expect(ok.status).toBe(200);
    const codes = (ok.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const hashes = await server.database.db.selectFrom("adminRecoveryCodes").select("codeHash").where("adminId", "=", admin.id).execute();
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);
    expect((await server.request().get("/v2/me/mfa").set("Authorization", bearer)).body).toEqual({ totp: "active", recoveryCodesLeft: 10 });

    const again = await post("/v2/me/mfa/totp", {}, bearer);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("mfaTotpEnrol409");
    expect(await logOf("admin.mfa.totp.add", admin.uid)).toHaveLength(1);
    expect((await mailsTo(admin.username)).map((m) => JSON.parse(m.payload).change)).toEqual(["totpAdded"]);
  });

  it("asks for the second step after a right password only; wrong and unknown answer as before; the challenge works once", async () => {
    const { admin, hex } = await adminWithPassword();
    const { secret } = await enrolDirectly(server.database.db, server.config, admin);
    const unknown = await post("/v2/public/auth", { username: "nobody-mfa@example.test", password: wrong });
    const bad = await post("/v2/public/auth", { username: admin.username, password: wrong });
    expect([unknown.status, bad.status]).toEqual([401, 401]);
    expect(bad.body).toEqual(unknown.body);

    const first = await post("/v2/public/auth", { username: admin.username, password: hex });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, challenge: expect.any(String), methods: ["totp", "recovery"] });
    expect(first.body.token).toBeUndefined();
    const { challenge } = first.body as { challenge: string };

    const second = await post("/v2/public/auth/mfa", { challenge, code: codeAt(secret, 0) });
    expect(second.status).toBe(200);
    const me = await server
      .request()
      .get("/v2/me")
      .set("Authorization", `Bearer ${second.body.token as string}`);
    expect(me.body.uid).toBe(admin.uid);
    const reused = await post("/v2/public/auth/mfa", { challenge, code: codeAt(secret, 1) });
    expect(reused.status).toBe(410);
    expect(reused.body.error.code).toBe("signinMfa410");
    const signins = await server.database.db
      .selectFrom("accessLog")
      .select("details")
      .where("action", "=", "admin.signin")
      .where("actorAdminId", "=", admin.id)
      .where("outcome", "=", "success")
      .execute();
    expect(signins.map((s) => JSON.parse(s.details ?? "{}").secondStep)).toEqual([true]);
  });

  it("refuses a replayed code and a code of a step already used", async () => {
    const { admin, hex } = await adminWithPassword();
    const { secret } = await enrolDirectly(server.database.db, server.config, admin);
    const challenge = async () => (await post("/v2/public/auth", { username: admin.username, password: hex })).body.challenge as string;
    const later = codeAt(secret, 1);
    expect((await post("/v2/public/auth/mfa", { challenge: await challenge(), code: later })).status).toBe(200);
    const replay = await post("/v2/public/auth/mfa", { challenge: await challenge(), code: later });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("signinMfa401");
    const older = await post("/v2/public/auth/mfa", { challenge: await challenge(), code: codeAt(secret, 0) });
    expect(older.status).toBe(401);
  });

  it("takes each recovery code once, logs and mails how many are left", async () => {
    const { admin, hex } = await adminWithPassword();
    const { codes } = await enrolDirectly(server.database.db, server.config, admin);
    const challenge = async () => (await post("/v2/public/auth", { username: admin.username, password: hex })).body.challenge as string;
    const used = await post("/v2/public/auth/mfa", { challenge: await challenge(), code: codes[3]!.toUpperCase().replace(/-/g, " ") });
    expect(used.status).toBe(200);
    const again = await post("/v2/public/auth/mfa", { challenge: await challenge(), code: codes[3]! });
    expect(again.status).toBe(401);
    expect((await post("/v2/public/auth/mfa", { challenge: await challenge(), code: codes[4]! })).status).toBe(200);
    const log = await logOf("admin.mfa.recovery.use", admin.uid);
    expect(log.map((l) => JSON.parse(l.details ?? "{}").left)).toEqual([9, 8]);
    const mails = (await mailsTo(admin.username)).map((m) => JSON.parse(m.payload) as { change: string; left: string });
    expect(mails.map((m) => [m.change, m.left])).toEqual([
      ["recoveryCodeUsed", "9"],
      ["recoveryCodeUsed", "8"],
    ]);
  });

  it("spends the password budget: a right password does not reset it, wrong codes lock the account", async () => {
    const { admin, hex } = await adminWithPassword();
    const { secret } = await enrolDirectly(server.database.db, server.config, admin);
    const state = () =>
      server.database.db.selectFrom("admins").select("failedAttempts").where("id", "=", admin.id).executeTakeFirstOrThrow();
    const wrongCode = codeAt(secret, 0) === "123456" ? "654321" : "123456";
    expect((await post("/v2/public/auth", { username: admin.username, password: wrong })).status).toBe(401);
    for (let i = 0; i < 3; i++) {
      // Signing in again between guesses gives back only the password's own slot.
      const { challenge } = (await post("/v2/public/auth", { username: admin.username, password: hex })).body as { challenge: string };
      const res = await post("/v2/public/auth/mfa", { challenge, code: wrongCode });
      expect(res.status).toBe(401);
    }
    expect((await state()).failedAttempts).toBe(4);
    const { challenge } = (await post("/v2/public/auth", { username: admin.username, password: hex })).body as { challenge: string };
    expect((await post("/v2/public/auth/mfa", { challenge, code: wrongCode })).status).toBe(401);
    const locked = await post("/v2/public/auth/mfa", { challenge, code: codeAt(secret, 0) });
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe("signinMfa403");
    expect((await post("/v2/public/auth", { username: admin.username, password: hex })).status).toBe(403);
    await server.database.db.updateTable("admins").set({ failedAttempts: 0, lockedUntil: null }).where("id", "=", admin.id).execute();
    const fresh = (await post("/v2/public/auth", { username: admin.username, password: hex })).body as { challenge: string };
    expect((await post("/v2/public/auth/mfa", { challenge: fresh.challenge, code: codeAt(secret, 1) })).status).toBe(200);
    expect((await state()).failedAttempts).toBe(0);
  });

  it("renews recovery codes and removes the app with a current code; then sign-in is one step again", async () => {
    const { admin, hex, bearer } = await adminWithPassword();
    const { secret, codes } = await enrolDirectly(server.database.db, server.config, admin);
    const renewed = await post("/v2/me/mfa/recovery-codes", { code: codeAt(secret, 0) }, bearer);
    expect(renewed.status).toBe(200);
    const fresh = (renewed.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const stale = await server.request().delete("/v2/me/mfa/totp").set("Authorization", bearer).send({ code: codes[0] });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe("mfaTotpRemove403");
    const removed = await server.request().delete("/v2/me/mfa/totp").set("Authorization", bearer).send({ code: fresh[0] });
    expect(removed.status).toBe(200);
    expect((await server.request().get("/v2/me/mfa").set("Authorization", bearer)).body).toEqual({ totp: "none", recoveryCodesLeft: 0 });
    const gone = await server.request().delete("/v2/me/mfa/totp").set("Authorization", bearer).send({ code: "123456" });
    expect(gone.status).toBe(404);
    const direct = await post("/v2/public/auth", { username: admin.username, password: hex });
    expect(direct.body.token).toEqual(expect.any(String));
    expect(await logOf("admin.mfa.recovery.renew", admin.uid)).toHaveLength(1);
    expect(await logOf("admin.mfa.totp.remove", admin.uid)).toHaveLength(1);
    expect((await mailsTo(admin.username)).map((m) => JSON.parse(m.payload).change)).toEqual([
      "recoveryCodesRenewed",
      "recoveryCodeUsed",
      "totpRemoved",
    ]);
  });

  it("browser: the password step starts no session; the second step does, and follows `next`", async () => {
    const { admin, hex } = await adminWithPassword();
    const { secret } = await enrolDirectly(server.database.db, server.config, admin);
    const first = await server.request().post("/signin/en").send({ username: admin.username, password: hex, next: "/teams" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mfaRequired: true });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const form = await server
      .request()
      .post("/signin/en/mfa")
      .type("form")
      .send({ challenge: first.body.challenge, code: codeAt(secret, 0) });
    expect(form.status).toBe(400);
    const second = await server
      .request()
      .post("/signin/en/mfa")
      .send({ challenge: first.body.challenge as string, code: codeAt(secret, 0), next: "/teams" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ redirect: "/teams" });
    const cookie = (second.headers["set-cookie"] as unknown as string[])[0]!.split(";")[0]!;
    expect((await server.request().get("/teams").set("Cookie", cookie)).status).toBe(200);
  });
});
