import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { ensureRootAdmin, SETUP_LINK_HOURS, SETUP_LINK_REUSE_MS, SETUP_ROOT_USERNAME } from "../../server/services/admins/rootAdmin";
import { sha512Hex } from "../../shared/crypto";
import { createTestDatabase, testDialects } from "../support/db";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";
import { expectError } from "../support/expect";

const ROOT_EMAIL = "Root.Admin@Example.test";
const ROOT_PASSWORD = "R00t!Bootstrap";
const SETUP_PASSWORD = "Set-Up!Root99";

/** The token at the end of a setup link, after checking the link's shape. */
function tokenOf(server: TestServer, link: string): string {
  const token = link.split("/").pop()!;
  expect(link).toBe(`${server.config.publicUrl}/verify/en/${token}`);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

describe.each(testDialects())("root admin bootstrap on %s", (dialect) => {
  const signIn = (server: TestServer, username: string, password: string) =>
    server.request().post("/v2/public/auth").send({ username, password, browser: "vitest" });
  const expectNothingLogged = (server: TestServer, secrets: string[]) => {
    for (const secret of secrets) expect(server.logs.filter((line) => line.includes(secret))).toEqual([]);
  };

  describe("with BULWARK_ROOT_EMAIL and BULWARK_ROOT_PASSWORD", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await getTestServer({ dialect, env: { BULWARK_ROOT_EMAIL: ROOT_EMAIL, BULWARK_ROOT_PASSWORD: ROOT_PASSWORD } });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("creates an active root that signs in, and reports 'exists' afterwards", async () => {
      const db = server.database.db;
      const username = ROOT_EMAIL.toLowerCase();
      expect(await ensureRootAdmin(db, server.config)).toEqual({ kind: "created", username });
      const admins = await db.selectFrom("admins").selectAll().execute();
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({ username, role: "root", status: "active" });
      expect(admins[0]!.passwordHash).toMatch(/^\$argon2id\$/);
      const hex = await sha512Hex(ROOT_PASSWORD);
      const res = await signIn(server, ROOT_EMAIL, hex);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const me = await server
        .request()
        .get("/v2/me")
        .set("Authorization", `Bearer ${res.body.token as string}`);
      expect(me.body).toMatchObject({ username, role: "root", status: "active" });
      expectError(await signIn(server, username, await sha512Hex("Wr0ng!Password")), 401, "signin401");

      expect(await ensureRootAdmin(db, server.config)).toEqual({ kind: "exists" });
      const after = await db.selectFrom("admins").selectAll().execute();
      expect(after.map((a) => [a.id, a.passwordHash])).toEqual(admins.map((a) => [a.id, a.passwordHash]));
      expect(await db.selectFrom("accessLog").select("action").where("action", "=", "admin.root.bootstrap").execute()).toHaveLength(1);
      expectNothingLogged(server, [ROOT_PASSWORD, hex, res.body.token as string]);
    });
  });

  it.each(["password", "Sh0rt!", "n0-upper-case!", "NO-LOWER-CASE-1", "NoDigits!Here", "N0Special1Here", "Far!T00LongForTheRule"])(
    "refuses the weak BULWARK_ROOT_PASSWORD %j with a ConfigError naming the variable",
    async (weak) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-root-"));
      const database = await createTestDatabase(dialect);
      try {
        const config = loadConfig(
          { NODE_ENV: "test", BULWARK_DATA_DIR: dataDir, BULWARK_ROOT_EMAIL: "weak@example.test", BULWARK_ROOT_PASSWORD: weak },
          ROOT_DIR,
        );
        const error = await ensureRootAdmin(database.db, config).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toContain("BULWARK_ROOT_PASSWORD");
        expect((error as Error).message).not.toContain(weak);
        expect(await database.db.selectFrom("admins").select("id").execute()).toEqual([]);
        expect(await database.db.selectFrom("oneTimeTokens").select("id").execute()).toEqual([]);
      } finally {
        await database.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  describe("without them: the setup link", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await getTestServer({ dialect });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("waits for an invited 'root' who cannot sign in until the newest link is used", async () => {
      const db = server.database.db;
      const started = Date.now();
      const first = await ensureRootAdmin(db, server.config);
      if (first.kind !== "setupLink") throw new Error(`expected a setup link, got ${first.kind}`);
      const oldToken = tokenOf(server, first.link);
      const root = await db.selectFrom("admins").selectAll().where("username", "=", SETUP_ROOT_USERNAME).executeTakeFirstOrThrow();
      expect(root).toMatchObject({ role: "root", status: "invited", passwordHash: null });
      const tokenRow = await db.selectFrom("oneTimeTokens").selectAll().where("adminId", "=", root.id).executeTakeFirstOrThrow();
      expect(tokenRow.purpose).toBe("setup");
      expect(tokenRow.expiresAt - started).toBeGreaterThanOrEqual(SETUP_LINK_HOURS * 3_600_000);
      expect(tokenRow.expiresAt - Date.now()).toBeLessThanOrEqual(SETUP_LINK_HOURS * 3_600_000);
      expect(JSON.stringify(tokenRow)).not.toContain(oldToken);

      const hex = await sha512Hex(SETUP_PASSWORD);
      expectError(await signIn(server, SETUP_ROOT_USERNAME, hex), 422, "signin422");

      // A process starting at the same moment leaves the one link valid and prints none of its own.
      expect(await ensureRootAdmin(db, server.config)).toEqual({
        kind: "setupLinkElsewhere",
        issuedAt: tokenRow.createdAt,
        expiresAt: tokenRow.expiresAt,
      });
      expect(await db.selectFrom("oneTimeTokens").selectAll().execute()).toEqual([tokenRow]);

      // A later start (the operator lost the link) prints a new one and withdraws the old one.
      const second = await ensureRootAdmin(db, server.config, Date.now() + SETUP_LINK_REUSE_MS + 1);
      if (second.kind !== "setupLink") throw new Error(`expected a setup link, got ${second.kind}`);
      const token = tokenOf(server, second.link);
      expect(token).not.toBe(oldToken);
      expect(await db.selectFrom("admins").select("id").execute()).toEqual([{ id: root.id }]);
      expectError(await server.request().post("/v2/public/verify").send({ token: oldToken, new_password: hex }), 404, "verify404");
      expectError(await server.request().post("/v2/public/verify").send({ token }), 422, "verify422");
      expect((await db.selectFrom("admins").select("status").where("id", "=", root.id).executeTakeFirstOrThrow()).status).toBe("invited");

      const verified = await server.request().post("/v2/public/verify").send({ token, new_password: hex });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(await db.selectFrom("admins").selectAll().where("id", "=", root.id).executeTakeFirstOrThrow()).toMatchObject({
        role: "root",
        status: "active",
      });
      const res = await signIn(server, SETUP_ROOT_USERNAME, hex);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const me = await server
        .request()
        .get("/v2/me")
        .set("Authorization", `Bearer ${res.body.token as string}`);
      expect(me.body).toMatchObject({ username: SETUP_ROOT_USERNAME, role: "root", status: "active" });
      expectError(await server.request().post("/v2/public/verify").send({ token, new_password: hex }), 404, "verify404");

      const tokensBefore = await db.selectFrom("oneTimeTokens").select("id").execute();
      expect(await ensureRootAdmin(db, server.config)).toEqual({ kind: "exists" });
      expect(await db.selectFrom("oneTimeTokens").select("id").execute()).toEqual(tokensBefore);
      expectNothingLogged(server, [first.link, second.link, oldToken, token, SETUP_PASSWORD, hex, res.body.token as string]);
    });
  });

  describe("a setup link from an earlier start, then the variables", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await getTestServer({ dialect });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("withdraws the old setup link once the configured root exists", async () => {
      const db = server.database.db;
      const earlier = await ensureRootAdmin(db, server.config);
      if (earlier.kind !== "setupLink") throw new Error(`expected a setup link, got ${earlier.kind}`);
      const token = tokenOf(server, earlier.link);
      const env = {
        NODE_ENV: "test",
        BULWARK_DATA_DIR: server.config.dataDir,
        BULWARK_ROOT_EMAIL: ROOT_EMAIL,
        BULWARK_ROOT_PASSWORD: ROOT_PASSWORD,
      };
      expect(await ensureRootAdmin(db, loadConfig(env, ROOT_DIR))).toMatchObject({ kind: "created" });
      const hex = await sha512Hex(SETUP_PASSWORD);
      expectError(await server.request().post("/v2/public/verify").send({ token, new_password: hex }), 404, "verify404");
      expect(await db.selectFrom("admins").select("status").where("username", "=", SETUP_ROOT_USERNAME).executeTakeFirstOrThrow()).toEqual({
        status: "invited",
      });
      expect((await signIn(server, ROOT_EMAIL, await sha512Hex(ROOT_PASSWORD))).status).toBe(200);
      expectNothingLogged(server, [earlier.link, token, ROOT_PASSWORD, hex]);
    });
  });
});
