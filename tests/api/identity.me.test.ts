import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { buildAdmin, buildTeam, givePassword, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("own account on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  async function signedIn(overrides: Parameters<typeof buildAdmin>[1] = {}) {
    const admin = await buildAdmin(server.database.db, overrides);
    const hex = await givePassword(server.database.db, server.config, admin);
    const res = await server.request().post("/v2/public/auth").send({ username: admin.username, password: hex });
    return { admin, hex, token: res.body.token as string, bearer: `Bearer ${res.body.token as string}` };
  }

  it("shows the profile with teams in name order and ISO times", async () => {
    const teams = [await buildTeam(server.database.db, { teamName: "Zulu" }), await buildTeam(server.database.db, { teamName: "Alpha" })];
    const { admin, bearer } = await signedIn({ teams });
    const res = await server.request().get("/v2/me").set("Authorization", bearer);
    expect(res.body).toEqual({
      uid: admin.uid,
      username: admin.username,
      firstName: "Ada",
      lastName: "Lovelace",
      role: "admin",
      lang: "en",
      timezone: "UTC",
      status: "active",
      createdOn: new Date(admin.createdAt).toISOString(),
      lastSeen: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      teams: [
        { slug: teams[1]!.slug, teamName: "Alpha" },
        { slug: teams[0]!.slug, teamName: "Zulu" },
      ],
    });
  });

  it("updates name, language and time zone, logs it, and changes nothing on bad input", async () => {
    const { admin, bearer } = await signedIn();
    const bad = await server
      .request()
      .put("/v2/me")
      .set("Authorization", bearer)
      .send({ firstName: "", lastName: "X", lang: "fr", timezone: "Mars/Base" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string[] }) => d.path[0]).sort()).toEqual(["firstName", "lang", "timezone"]);
    const ok = await server
      .request()
      .put("/v2/me")
      .set("Authorization", bearer)
      .send({ firstName: " Grace ", lastName: "Hopper", lang: "es", timezone: "America/New_York" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ firstName: "Grace", lastName: "Hopper", lang: "es", timezone: "America/New_York" });
    const log = await server.database.db
      .selectFrom("accessLog")
      .select("action")
      .where("actorAdminId", "=", admin.id)
      .where("action", "=", "admin.profile.update")
      .execute();
    expect(log).toHaveLength(1);
    const page = await server
      .request()
      .get("/dashboard")
      .set("Cookie", (await signIn(server.database.db, server.config, admin)).header);
    expect(page.text).toContain('<html lang="es">');
  });

  it("changes the password: 403 for a wrong current one, 422 for a recent one, then old tokens end", async () => {
    const { admin, hex, bearer } = await signedIn();
    const next = await sha512Hex("N3w!Password");
    const wrongCurrent = await server
      .request()
      .put("/v2/me/password")
      .set("Authorization", bearer)
      .send({ password: await sha512Hex("Nope!1234x"), new_password: next });
    expect(wrongCurrent.status).toBe(403);
    expect(wrongCurrent.body.error.code).toBe("passwordChange403");
    const older = await sha512Hex("0lder!Password");
    await givePassword(server.database.db, server.config, admin, "0lder!Password");
    await givePassword(server.database.db, server.config, admin, "Str0ng!Pass");
    const fresh = await server.request().post("/v2/public/auth").send({ username: admin.username, password: hex });
    const freshBearer = `Bearer ${fresh.body.token as string}`;
    const recent = await server
      .request()
      .put("/v2/me/password")
      .set("Authorization", freshBearer)
      .send({ password: hex, new_password: older });
    expect(recent.status).toBe(422);
    expect(recent.body.error.code).toBe("passwordChange422");
    const browser = await signIn(server.database.db, server.config, admin);
    const ok = await server.request().put("/v2/me/password").set("Authorization", freshBearer).send({ password: hex, new_password: next });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe("string");
    expect((await server.request().get("/v2/me").set("Authorization", freshBearer)).status).toBe(401);
    expect(
      (
        await server
          .request()
          .get("/v2/me")
          .set("Authorization", `Bearer ${ok.body.token as string}`)
      ).status,
    ).toBe(200);
    expect((await server.request().get("/dashboard").set("Cookie", browser.header)).status).toBe(302);
    expect((await server.request().post("/v2/public/auth").send({ username: admin.username, password: hex })).status).toBe(401);
    expect((await server.request().post("/v2/public/auth").send({ username: admin.username, password: next })).status).toBe(200);
  });

  it("keeps the browser that changed the password signed in and ends the others", async () => {
    const { admin, hex } = await signedIn();
    const mine = await signIn(server.database.db, server.config, admin);
    const other = await signIn(server.database.db, server.config, admin);
    const res = await server
      .request()
      .put("/v2/me/password")
      .set("Cookie", mine.header)
      .set("X-CSRF-Token", mine.csrfToken)
      .send({ password: hex, new_password: await sha512Hex("An0ther!Pass") });
    expect(res.status).toBe(200);
    expect((await server.request().get("/v2/me").set("Cookie", mine.header)).status).toBe(200);
    expect((await server.request().get("/v2/me").set("Cookie", other.header)).status).toBe(401);
  });

  it("terminates the account only with the right password, irreversibly, everywhere", async () => {
    const { admin, hex, bearer } = await signedIn();
    const browser = await signIn(server.database.db, server.config, admin);
    const refused = await server
      .request()
      .delete("/v2/admin/terminate")
      .set("Authorization", bearer)
      .send({ password: await sha512Hex("Wr0ng!Pass") });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("terminate403");
    const noCsrf = await server.request().delete("/v2/admin/terminate").set("Cookie", browser.header).send({ password: hex });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe("csrfInvalid");
    expect(await server.database.db.selectFrom("admins").select("id").where("id", "=", admin.id).executeTakeFirst()).toBeDefined();
    const ok = await server
      .request()
      .delete("/v2/admin/terminate")
      .set("Cookie", browser.header)
      .set("X-CSRF-Token", browser.csrfToken)
      .send({ password: hex });
    expect(ok.status).toBe(200);
    expect(await server.database.db.selectFrom("admins").select("id").where("id", "=", admin.id).executeTakeFirst()).toBeUndefined();
    expect((await server.request().get("/v2/me").set("Authorization", bearer)).status).toBe(401);
    expect((await server.request().get("/dashboard").set("Cookie", browser.header)).status).toBe(302);
    expect((await server.request().post("/v2/public/auth").send({ username: admin.username, password: hex })).status).toBe(401);
    const log = await server.database.db
      .selectFrom("accessLog")
      .select(["action", "outcome", "actorUsername"])
      .where("action", "=", "admin.terminate")
      .where("actorUsername", "=", admin.username)
      .execute();
    expect(log.map((l) => l.outcome).sort()).toEqual(["failure", "success"]);
  });

  it("answers 401 to anonymous calls and 404 to unknown paths once signed in", async () => {
    const { bearer } = await signedIn();
    expect((await server.request().get("/v2/me")).body.error.code).toBe("unauthorized");
    const unknown = await server.request().get("/v2/nothing").set("Authorization", bearer);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("notFound");
  });
});
