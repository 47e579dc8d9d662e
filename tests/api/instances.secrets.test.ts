/**
 * Processes of one PostgreSQL installation with separate data directories and
 * no secrets in the environment share one JWT key, session secret and pepper (kept in the
 * database), so an admin signed in on one is signed in on all. Environment values still win,
 * and a secrets.json left by an earlier version is adopted rather than replaced.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type Config } from "../../server/config";
import { startServer, type RunningServer } from "../../server/main";
import { resolveInstallationSecrets } from "../../server/lib/secrets";
import { sha512Hex } from "../../shared/crypto";
import { createTestDatabase, reopenTestDatabase, testDialects } from "../support/db";
import { ROOT_DIR, TEST_ASSETS } from "../support/server";

const ROOT_EMAIL = "root@secrets.test";
const ROOT_PASSWORD = "R00t!Secrets";
const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bulwark-secrets-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The environment of one process: its own data dir, the shared database, no secrets unless given. */
const processConfig = (databaseUrl: string | undefined, extra: Record<string, string> = {}): Config =>
  loadConfig(
    {
      NODE_ENV: "test",
      BULWARK_DATA_DIR: newDataDir(),
      PORT: "0",
      LOG_LEVEL: "silent",
      CAPTCHA: "off",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extra,
    },
    ROOT_DIR,
  );

describe("a SQLite installation", () => {
  it("keeps its generated secrets in the data dir's file, as before", async () => {
    const database = await createTestDatabase("sqlite");
    try {
      const config = processConfig(undefined);
      expect(config.secretStore).toBe("file");
      expect(existsSync(path.join(config.dataDir, "secrets.json"))).toBe(true);
      const resolved = await resolveInstallationSecrets(database.db, config);
      expect(resolved.config.secrets).toEqual(config.secrets);
      expect(resolved.fromDatabase).toEqual([]);
      expect(await database.db.selectFrom("installationSecrets").selectAll().execute()).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});

describe.each(testDialects().filter((d) => d === "postgres"))("processes of one %s installation", (dialect) => {
  it("start together with separate data dirs and accept each other's tokens, sessions and passwords", async () => {
    const database = await createTestDatabase(dialect, { migrate: false });
    const url = database.options.databaseUrl!;
    const servers: RunningServer[] = [];
    try {
      const env = { BULWARK_ROOT_EMAIL: ROOT_EMAIL, BULWARK_ROOT_PASSWORD: ROOT_PASSWORD };
      const [a, b] = [processConfig(url, env), processConfig(url, env)];
      // Nothing is generated into the data dirs, and nothing can use a secret before start-up reads it.
      expect(existsSync(path.join(a.dataDir, "secrets.json"))).toBe(false);
      expect(() => a.secrets.jwtSecret).toThrow(ConfigError);
      servers.push(...(await Promise.all([a, b].map((config) => startServer({ config, assets: () => TEST_ASSETS })))));
      const [one, two] = servers.map((server) => supertest(server.url));
      expect(await database.db.selectFrom("admins").select("username").execute()).toEqual([{ username: ROOT_EMAIL }]);
      expect(await database.db.selectFrom("installationSecrets").select("name").orderBy("name").execute()).toEqual([
        { name: "JWT_SECRET" },
        { name: "PASSWORD_PEPPER" },
        { name: "SESSION_SECRET" },
      ]);

      const password = await sha512Hex(ROOT_PASSWORD);
      for (const [signer, checker] of [
        [one!, two!],
        [two!, one!],
      ] as const) {
        const signedIn = await signer.post("/v2/public/auth").send({ username: ROOT_EMAIL, password, browser: "vitest" });
        expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
        const me = await checker.get("/v2/me").set("Authorization", `Bearer ${signedIn.body.token as string}`);
        expect(me.status, JSON.stringify(me.body)).toBe(200);
        expect(me.body).toMatchObject({ username: ROOT_EMAIL, role: "root" });
      }
      // A browser session started on one process is valid on the other.
      const browser = await one!
        .post("/signin/en")
        .set("Content-Type", "application/json")
        .send({ username: ROOT_EMAIL, password, browser: "vitest" });
      expect(browser.status, JSON.stringify(browser.body)).toBe(200);
      const cookie = browser.headers["set-cookie"] as unknown as string[];
      const viaSession = await two!.get("/v2/me").set("Cookie", cookie.map((c) => c.split(";")[0]).join("; "));
      expect(viaSession.status, JSON.stringify(viaSession.body)).toBe(200);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await database.destroy();
    }
  });

  it("lets the environment override a stored secret and adopts an earlier secrets.json once", async () => {
    const database = await createTestDatabase(dialect);
    const second = await reopenTestDatabase(database);
    try {
      const legacy = { jwtSecret: "l".repeat(40), sessionSecret: "m".repeat(40), passwordPepper: "n".repeat(40) };
      const upgraded = processConfig(database.options.databaseUrl);
      writeFileSync(path.join(upgraded.dataDir, "secrets.json"), JSON.stringify(legacy), { mode: 0o600 });
      const fresh = processConfig(database.options.databaseUrl);
      const [first, other] = await Promise.all([
        resolveInstallationSecrets(database.db, upgraded),
        resolveInstallationSecrets(second.db, fresh),
      ]);
      // Whichever process inserted first, both hold the same three; the one with the file adopted it only if it won.
      expect(other.config.secrets).toEqual(first.config.secrets);
      expect([...first.createdHere, ...other.createdHere].sort()).toEqual(["JWT_SECRET", "PASSWORD_PEPPER", "SESSION_SECRET"]);
      if (first.createdHere.length) expect(first.config.secrets).toEqual(legacy);
      expect(first.adoptedFile).toBe(first.createdHere.length > 0);

      const jwt = "e".repeat(40);
      const overridden = await resolveInstallationSecrets(second.db, processConfig(database.options.databaseUrl, { JWT_SECRET: jwt }));
      expect(overridden.config.secrets).toEqual({ ...first.config.secrets, jwtSecret: jwt });
      expect(overridden.fromDatabase).toEqual(["SESSION_SECRET", "PASSWORD_PEPPER"]);
      const stored = await database.db
        .selectFrom("installationSecrets")
        .select("value")
        .where("name", "=", "JWT_SECRET")
        .executeTakeFirstOrThrow();
      expect(stored.value).toBe(first.config.secrets.jwtSecret);
    } finally {
      await second.destroy();
      await database.destroy();
    }
  });
});
