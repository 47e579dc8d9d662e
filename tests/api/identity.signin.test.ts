import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { buildAdmin, givePassword, setSettings, GOOD_PASSWORD } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers["set-cookie"] as string[] | undefined;
  return raw?.map((c) => c.split(";")[0]).join("; ") ?? "";
};

describe.each(testDialects())("sign-in on %s", (dialect) => {
  let server: TestServer;
  let wrong: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
    wrong = await sha512Hex("Wr0ng!Password");
  });
  afterAll(async () => {
    await server.close();
  });

  const auth = (username: string, password: string) =>
    server.request().post("/v2/public/auth").set("User-Agent", "vitest-agent").send({ username, password, browser: "Vitest" });

  it("issues a token whose claims carry the session fields and which opens /v2/me", async () => {
    const admin = await buildAdmin(server.database.db, { username: "ada@example.test", lang: "pt", timezone: "Europe/Lisbon" });
    const hex = await givePassword(server.database.db, server.config, admin);
    const res = await auth("ADA@example.test", hex);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const claims = JSON.parse(Buffer.from(res.body.token.split(".")[1], "base64url").toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      role: "admin",
      uid: admin.uid,
      username: "ada@example.test",
      first_name: "Ada",
      last_name: "Lovelace",
      timezone: "Europe/Lisbon",
      lang: "pt",
      iss: "bulwark",
      aud: "bulwark-api",
    });
    expect(typeof claims.exp).toBe("number");
    expect(Number(claims.exp) - Number(claims.iat)).toBe(8 * 3600);
    const me = await server.request().get("/v2/me").set("Authorization", `Bearer ${res.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ uid: admin.uid, username: "ada@example.test", role: "admin", lang: "pt" });
    expect(me.body.teams).toHaveLength(1);
    const row = await server.database.db
      .selectFrom("admins")
      .select(["lastSeenAt", "failedAttempts"])
      .where("id", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(row.lastSeenAt).not.toBeNull();
    const log = await server.database.db
      .selectFrom("accessLog")
      .selectAll()
      .where("action", "=", "admin.signin")
      .where("actorAdminId", "=", admin.id)
      .execute();
    expect(log.some((l) => l.outcome === "success" && l.ip !== null && l.userAgent !== null)).toBe(true);
  });

  it("answers an unknown user and a wrong password alike with 401 signin401", async () => {
    const admin = await buildAdmin(server.database.db, {});
    await givePassword(server.database.db, server.config, admin);
    const unknown = await auth("nobody@example.test", wrong);
    const bad = await auth(admin.username, wrong);
    for (const res of [unknown, bad]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: "signin401", status: 401 });
    }
    const failures = await server.database.db
      .selectFrom("accessLog")
      .select("outcome")
      .where("action", "=", "admin.signin")
      .where("targetId", "=", "nobody@example.test")
      .execute();
    expect(failures).toEqual([{ outcome: "failure" }]);
  });

  it("answers 422 signin422 while registration is not complete and 403 signin403 when blocked", async () => {
    const registered = await buildAdmin(server.database.db, { status: "registered" });
    const hexR = await givePassword(server.database.db, server.config, registered);
    expect((await auth(registered.username, hexR)).body.error.code).toBe("signin422");
    const blocked = await buildAdmin(server.database.db, { status: "blocked" });
    const hexB = await givePassword(server.database.db, server.config, blocked);
    const res = await auth(blocked.username, hexB);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("signin403");
  });

  it("locks the account at the configured number of failures, answers 403 while locked, and resets on success", async () => {
    await setSettings(server.database.db, "security", { maxFailedAdminSignIns: 3 });
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    await auth(admin.username, wrong);
    await auth(admin.username, wrong);
    expect((await auth(admin.username, wrong)).status).toBe(401);
    const locked = await auth(admin.username, hex);
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe("signin403");
    expect(
      (
        await server.database.db
          .selectFrom("accessLog")
          .select("id")
          .where("action", "=", "admin.lockout")
          .where("targetId", "=", admin.uid)
          .execute()
      ).length,
    ).toBe(1);
    await server.database.db
      .updateTable("admins")
      .set({ lockedUntil: Date.now() - 1000 })
      .where("id", "=", admin.id)
      .execute();
    expect((await auth(admin.username, hex)).status).toBe(200);
    const row = await server.database.db
      .selectFrom("admins")
      .select(["failedAttempts", "lockedUntil"])
      .where("id", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failedAttempts: 0, lockedUntil: null });
    await setSettings(server.database.db, "security", {});
  });

  it("refuses malformed bodies with 400 and zod details", async () => {
    const res = await server.request().post("/v2/public/auth").send({ username: "x", password: GOOD_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("badParameters");
    expect(res.body.error.details[0].path).toEqual(["password"]);
  });

  it("refuses a token after the admin's token version moves on (block, password change, terminate)", async () => {
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    const { token } = (await auth(admin.username, hex)).body as { token: string };
    await server.database.db
      .updateTable("admins")
      .set((eb) => ({ tokenVersion: eb("tokenVersion", "+", 1) }))
      .where("id", "=", admin.id)
      .execute();
    const res = await server.request().get("/v2/me").set("Authorization", `Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await server.request().get("/v2/me").set("Authorization", `Bearer ${forged}`)).status).toBe(401);
    expect((await server.request().get("/v2/me")).status).toBe(401);
  });

  describe("in the browser", () => {
    it("starts a session with a new id, honours a safe next path and drops an unsafe one", async () => {
      const admin = await buildAdmin(server.database.db, {});
      const hex = await givePassword(server.database.db, server.config, admin);
      const body = { username: admin.username, password: hex, browser: "Chromium", next: "/teams?sort=name" };
      const res = await server.request().post("/signin/en").send(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ redirect: "/teams?sort=name" });
      const setCookie = (res.headers["set-cookie"] as unknown as string[])[0]!;
      expect(setCookie).toMatch(/^bulwark\.sid=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)?.[1] ?? "");
      expect(Math.abs(expires - (Date.now() + 8 * 3600_000))).toBeLessThan(60_000);
      const page = await server.request().get("/teams").set("Cookie", cookieOf(res));
      expect(page.status).toBe(200);
      for (const next of ["//evil.example/x", "https://evil.example", "/\\evil", null]) {
        const other = await server
          .request()
          .post("/signin/en")
          .send({ ...body, next });
        expect(other.body.redirect).toBe("/dashboard");
      }
    });

    it("answers sign-in failures as JSON envelopes and refuses a non-JSON post", async () => {
      const bad = await server.request().post("/signin/pt").send({ username: "nobody@example.test", password: wrong });
      expect(bad.status).toBe(401);
      expect(bad.body.error.code).toBe("signin401");
      expect(bad.headers["set-cookie"]).toBeUndefined();
      const form = await server.request().post("/signin/en").type("form").send({ username: "a", password: wrong });
      expect(form.status).toBe(400);
    });

    it("requires the CSRF token for unsafe calls made with the session cookie", async () => {
      const admin = await buildAdmin(server.database.db, {});
      const hex = await givePassword(server.database.db, server.config, admin);
      const signed = await server.request().post("/signin/en").send({ username: admin.username, password: hex });
      const cookie = cookieOf(signed);
      const profile = { firstName: "Grace", lastName: "Hopper", lang: "es", timezone: "UTC" };
      const refused = await server.request().put("/v2/me").set("Cookie", cookie).send(profile);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("csrfInvalid");
      const wrongToken = await server.request().put("/v2/me").set("Cookie", cookie).set("X-CSRF-Token", "nope").send(profile);
      expect(wrongToken.status).toBe(403);
      const page = await server.request().get(`/admins/profile/${admin.uid}`).set("Cookie", cookie);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
      expect(csrf).toBeTruthy();
      const ok = await server.request().put("/v2/me").set("Cookie", cookie).set("X-CSRF-Token", csrf!).send(profile);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ firstName: "Grace", lang: "es" });
      expect((await server.request().get("/v2/me").set("Cookie", cookie)).status).toBe(200);
    });

    it("behind an https:// PUBLIC_URL, sets the Secure __Host- cookie for HTTPS requests and refuses plain ones with insecureConnection", async () => {
      const proxied = await getTestServer({ dialect, env: { PUBLIC_URL: "https://console.example.test", TRUST_PROXY: "loopback" } });
      try {
        const admin = await buildAdmin(proxied.database.db, {});
        const hex = await givePassword(proxied.database.db, proxied.config, admin);
        const body = { username: admin.username, password: hex };
        const plain = await proxied.request().post("/signin/pt").send(body);
        expect(plain.status).toBe(503);
        expect(plain.body.error.code).toBe("insecureConnection");
        expect(plain.headers["set-cookie"]).toBeUndefined();
        expect(proxied.logs.join("\n")).toContain("TRUST_PROXY");
        const secure = await proxied.request().post("/signin/pt").set("X-Forwarded-Proto", "https").send(body);
        expect(secure.status).toBe(200);
        const setCookie = (secure.headers["set-cookie"] as unknown as string[])[0]!;
        expect(setCookie).toMatch(/^__Host-bulwark\.sid=/);
        expect(setCookie).toMatch(/;\s*Secure/i);
      } finally {
        await proxied.close();
      }
    });

    it("rate-limits sign-in per IP with 429 and Retry-After", async () => {
      const isolated = await getTestServer({ dialect });
      try {
        let last = await isolated.request().post("/v2/public/auth").send({ username: "x@example.test", password: wrong });
        for (let i = 0; i < 30 && last.status !== 429; i++) {
          last = await isolated.request().post("/v2/public/auth").send({ username: "x@example.test", password: wrong });
        }
        expect(last.status).toBe(429);
        expect(last.body.error.code).toBe("tooManyRequests");
        expect(last.headers["retry-after"]).toBeTruthy();
      } finally {
        await isolated.close();
      }
    });
  });

  it("never writes a password hash, token or session id to the log", async () => {
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    const { token } = (await auth(admin.username, hex)).body as { token: string };
    const signed = await server.request().post("/signin/en").send({ username: admin.username, password: hex });
    const sid = cookieOf(signed).split("=")[1]!;
    await server.request().get("/v2/me").set("Authorization", `Bearer ${token}`);
    const joined = server.logs.join("\n");
    for (const secret of [hex, wrong, token, decodeURIComponent(sid)]) expect(joined).not.toContain(secret);
  });
});
