/**
 * The MFA policy (issue #29 item 4): required for super administrators or for every admin, with a
 * grace period; past it an admin without a factor can only read themself and set one up, and
 * while it applies the last factor cannot be removed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, givePassword, nextClientIp, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { codeAt, enrolDirectly } from "./mfa.support";

describe.each(testDialects())("MFA policy on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await setSettings(server.database.db, "security", {});
    await server.close();
  });

  const get = (url: string, bearer: string) => server.request().get(url).set("Authorization", bearer);
  const post = (url: string, bearer: string, body: object) => server.request().post(url).set("Authorization", bearer).send(body);

  it("required for every admin, no grace: only reading oneself and setting up a factor answer; after it, everything; it cannot be removed", async () => {
    await setSettings(server.database.db, "security", { mfaRequiredForAllAdmins: true, mfaGraceDays: 0 });
    const admin = await buildAdmin(server.database.db, {});
    const bearer = await bearerFor(server.config, admin);
    const stopped = await get("/v2/dashboard", bearer);
    expect(stopped.status).toBe(403);
    expect(stopped.body.error.code).toBe("mfaEnrolRequired");
    expect(
      (
        await server
          .request()
          .put("/v2/me")
          .set("Authorization", bearer)
          .send({ firstName: "A", lastName: "B", lang: "en", timezone: "UTC" })
      ).status,
    ).toBe(403);
    expect((await get("/v2/me", bearer)).status).toBe(200);
    expect((await get("/v2/me/mfa", bearer)).status).toBe(200);
    const { secret } = (await post("/v2/me/mfa/totp", bearer, {})).body as { secret: string };
    const confirmed = await post("/v2/me/mfa/totp/confirm", bearer, { code: codeAt(secret, 0) });
    expect(confirmed.status).toBe(200);
    expect((await get("/v2/dashboard", bearer)).status).toBe(200);
    const removal = await server
      .request()
      .delete("/v2/me/mfa/totp")
      .set("Authorization", bearer)
      .send({ code: codeAt(secret, 1) });
    expect(removal.status).toBe(409);
    expect(removal.body.error.code).toBe("mfaTotpRemove409");
  });

  it("refuses to require a factor from a root who has none of their own (409 settingsSecurity409), and accepts it once they have one", async () => {
    await setSettings(server.database.db, "security", {});
    const root = await buildAdmin(server.database.db, { role: "root" });
    const bearer = await bearerFor(server.config, root);
    const put = (body: object) => server.request().put("/v2/settings/security").set("Authorization", bearer).send(body);
    for (const body of [{ mfaRequiredForAllAdmins: true }, { mfaRequiredForSuperAdmins: true, mfaGraceDays: 0 }]) {
      const refused = await put(body);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("settingsSecurity409");
    }
    const settings = (await get("/v2/settings", bearer)).body as { security: Record<string, unknown> };
    expect(settings.security).toMatchObject({ mfaRequiredForAllAdmins: false, mfaRequiredForSuperAdmins: false });
    // Other security changes, and turning the requirement off, need no factor.
    expect((await put({ mfaRequiredForAllAdmins: false, mfaGraceDays: 3 })).status).toBe(200);
    await enrolDirectly(server.database.db, server.config, root);
    expect((await put({ mfaRequiredForAllAdmins: true })).status).toBe(200);
    await setSettings(server.database.db, "security", {});
  });

  it("required for super administrators: a team admin is not asked; a root works through the grace period and is stopped after it", async () => {
    await setSettings(server.database.db, "security", { mfaRequiredForSuperAdmins: true, mfaGraceDays: 7 });
    const teamAdmin = await buildAdmin(server.database.db, {});
    expect((await get("/v2/dashboard", await bearerFor(server.config, teamAdmin))).status).toBe(200);
    expect(await server.database.db.selectFrom("mfaGrace").select("adminId").where("adminId", "=", teamAdmin.id).execute()).toEqual([]);
    const root = await buildAdmin(server.database.db, { role: "root" });
    const rootBearer = await bearerFor(server.config, root);
    expect((await get("/v2/dashboard", rootBearer)).status).toBe(200);
    const grace = await server.database.db
      .selectFrom("mfaGrace")
      .select("startedAt")
      .where("adminId", "=", root.id)
      .executeTakeFirstOrThrow();
    // Six days in, still within the grace period; eight days in, past it.
    await server.database.db
      .updateTable("mfaGrace")
      .set({ startedAt: grace.startedAt - 6 * 86_400_000 })
      .where("adminId", "=", root.id)
      .execute();
    expect((await get("/v2/dashboard", rootBearer)).status).toBe(200);
    await server.database.db
      .updateTable("mfaGrace")
      .set({ startedAt: grace.startedAt - 8 * 86_400_000 })
      .where("adminId", "=", root.id)
      .execute();
    const stopped = await get("/v2/dashboard", rootBearer);
    expect(stopped.status).toBe(403);
    expect(stopped.body.error.code).toBe("mfaEnrolRequired");
    await setSettings(server.database.db, "security", {});
    expect((await get("/v2/dashboard", rootBearer)).status).toBe(200);
  });

  it("root resets another admin's factors: logged with root as actor, mailed; a team admin cannot, nor root their own", async () => {
    await setSettings(server.database.db, "security", {});
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    await enrolDirectly(server.database.db, server.config, admin);
    const root = await buildAdmin(server.database.db, { role: "root" });
    const rootBearer = await bearerFor(server.config, root);
    const refused = await post("/v2/admin/mfa/reset", await bearerFor(server.config, await buildAdmin(server.database.db, {})), {
      uid: admin.uid,
    });
    expect(refused.status).toBe(403);
    const own = await post("/v2/admin/mfa/reset", rootBearer, { uid: root.uid });
    expect(own.status).toBe(409);
    expect((await post("/v2/admin/mfa/reset", rootBearer, { uid: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await post("/v2/admin/mfa/reset", rootBearer, { uid: admin.uid })).status).toBe(200);
    const left = await Promise.all(
      (["adminTotp", "adminRecoveryCodes"] as const).map((t) =>
        server.database.db.selectFrom(t).select("id").where("adminId", "=", admin.id).execute(),
      ),
    );
    expect(left).toEqual([[], []]);
    const log = await server.database.db
      .selectFrom("accessLog")
      .select(["actorAdminId"])
      .where("action", "=", "admin.mfa.reset")
      .where("targetId", "=", admin.uid)
      .execute();
    expect(log).toEqual([{ actorAdminId: root.id }]);
    const mails = await server.database.db.selectFrom("mailOutbox").select("payload").where("toAddress", "=", admin.username).execute();
    expect(mails.map((m) => JSON.parse(m.payload).change)).toEqual(["factorsReset"]);
    const signin = await server
      .request()
      .post("/v2/public/auth")
      .set("X-Forwarded-For", nextClientIp())
      .send({ username: admin.username, password: hex });
    expect(signin.body.token).toEqual(expect.any(String));
  });
});
