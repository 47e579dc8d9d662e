/**
 * Backup and restore (issue 30 item 5): a backup taken while the server runs, restored into a
 * fresh installation, lets the root admin sign in with the old password. SQLite through
 * `npm run backup`/`restore` (VACUUM INTO + secrets.json); PostgreSQL through them and through
 * the README's own pg_dump/pg_restore commands, into databases this file creates and drops.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/main";
import { sha512Hex } from "../../shared/crypto";
import { backupInstallation } from "../../scripts/backupCli";
import { installationFromEnv, OperationError } from "../../scripts/backupFormat";
import { restoreInstallation } from "../../scripts/restoreCli";
import { createTestDatabase, onAdminConnection, testDialects } from "../support/db";
import { ROOT_DIR, TEST_ASSETS } from "../support/server";

const ROOT_EMAIL = "root@backup.test";
const ROOT_PASSWORD = "R00t!Backup";
const dirs: string[] = [];
const newDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `bulwark-${label}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** One installation's environment: its data dir, its database, no secrets (they are generated). */
const envOf = (dataDir: string, databaseUrl?: string, extra: Record<string, string> = {}): Record<string, string> => ({
  NODE_ENV: "test",
  BULWARK_DATA_DIR: dataDir,
  PORT: "0",
  LOG_LEVEL: "silent",
  CAPTCHA: "off",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...extra,
});

/** Starts a server on `env`, runs `work` with it, stops it. */
async function withServer<T>(env: Record<string, string>, work: (url: string) => Promise<T>): Promise<T> {
  const server = await startServer({ config: loadConfig(env, ROOT_DIR), assets: () => TEST_ASSETS });
  try {
    return await work(server.url);
  } finally {
    await server.close();
  }
}

/** The status of a sign-in as root with `password`. */
async function signInStatus(url: string, password = ROOT_PASSWORD): Promise<number> {
  const res = await supertest(url)
    .post("/v2/public/auth")
    .send({ username: ROOT_EMAIL, password: await sha512Hex(password), browser: "vitest" });
  return res.status;
}

const withRoot = { BULWARK_ROOT_EMAIL: ROOT_EMAIL, BULWARK_ROOT_PASSWORD: ROOT_PASSWORD };

describe("a SQLite installation", () => {
  it("is backed up while serving, restored into a fresh data dir, and the old password signs in", async () => {
    const source = envOf(newDir("source"));
    const backup = path.join(newDir("backup"), "b");
    await withServer({ ...source, ...withRoot }, async (url) => {
      expect(await signInStatus(url)).toBe(200);
      // Taken while the server is up and writing (the sign-ins below write the access log).
      const [manifest] = await Promise.all([
        backupInstallation(installationFromEnv(source, ROOT_DIR), backup),
        signInStatus(url, "Wr0ng!Pass"),
      ]);
      expect(manifest).toMatchObject({
        dialect: "sqlite",
        database: "bulwark.db",
        secrets: { file: true, inDatabase: false, fromEnvironment: [] },
      });
      expect(manifest.migrations.length).toBeGreaterThan(10);
    });
    for (const file of ["bulwark.db", "secrets.json", "manifest.json"]) expect(statSync(path.join(backup, file)).mode & 0o077).toBe(0);

    const target = envOf(newDir("restored"));
    await restoreInstallation(backup, installationFromEnv(target, ROOT_DIR));
    expect(readFileSync(path.join(target.BULWARK_DATA_DIR!, "secrets.json"), "utf8")).toBe(
      readFileSync(path.join(backup, "secrets.json"), "utf8"),
    );
    // No root variables: the admin, its password hash and the pepper all come from the backup.
    await withServer(target, async (url) => {
      expect(await signInStatus(url)).toBe(200);
      expect(await signInStatus(url, "Wr0ng!Pass")).toBe(401);
    });
    // An installation is never overwritten by accident.
    await expect(restoreInstallation(backup, installationFromEnv(target, ROOT_DIR))).rejects.toThrow(/already holds an installation/);
  });

  it("refuses a backup missing its secrets file, or made by a newer version", async () => {
    const source = envOf(newDir("source"));
    await withServer({ ...source, ...withRoot }, async () => undefined);
    const backup = path.join(newDir("backup"), "b");
    await backupInstallation(installationFromEnv(source, ROOT_DIR), backup);
    const fresh = () => installationFromEnv(envOf(newDir("restored")), ROOT_DIR);

    rmSync(path.join(backup, "secrets.json"));
    const noSecrets = fresh();
    await expect(restoreInstallation(backup, noSecrets)).rejects.toThrow(/secrets\.json is missing/);
    expect(existsSync(noSecrets.sqlitePath)).toBe(false);

    const manifestFile = path.join(backup, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { migrations: string[] };
    manifest.migrations.push("9999_from_the_future");
    writeFileSync(manifestFile, JSON.stringify(manifest));
    await expect(restoreInstallation(backup, fresh())).rejects.toThrow(OperationError);
    await expect(restoreInstallation(backup, fresh())).rejects.toThrow(/newer version/);
  });
});

/** The README's PostgreSQL commands (section "Backup and restore"), so the test runs what operators read. */
function readmeCommand(tool: "pg_dump" | "pg_restore"): string {
  const readme = readFileSync(path.join(ROOT_DIR, "README.md"), "utf8");
  const line = new RegExp(`^${tool} .+$`, "m").exec(readme)?.[0];
  if (!line) throw new Error(`README.md has no ${tool} command line`);
  return line;
}

describe.each(testDialects().filter((d) => d === "postgres"))("a %s installation", (dialect) => {
  const created: string[] = [];
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  /** A new empty database on the test server; dropped after the file. */
  const freshDatabase = async (): Promise<string> => {
    const name = `bulwark_restore_${randomBytes(5).toString("hex")}`;
    await onAdminConnection(adminUrl, `create database "${name}"`);
    created.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    for (const name of created) await onAdminConnection(adminUrl, `drop database if exists "${name}" with (force)`);
  });

  it("is restored by the README's commands and by npm run restore, and the old password signs in", async () => {
    const database = await createTestDatabase(dialect, { migrate: false });
    try {
      const sourceUrl = database.options.databaseUrl!;
      const source = envOf(newDir("source"), sourceUrl);
      const work = newDir("pgdump");
      const backup = path.join(work, "b");
      await withServer({ ...source, ...withRoot }, async (url) => {
        expect(await signInStatus(url)).toBe(200);
        execFileSync("sh", ["-c", readmeCommand("pg_dump")], {
          cwd: work,
          env: { ...process.env, DATABASE_URL: sourceUrl },
          stdio: "pipe",
        });
        const manifest = await backupInstallation(installationFromEnv(source, ROOT_DIR), backup);
        expect(manifest).toMatchObject({
          dialect: "postgres",
          database: "bulwark.pgdump",
          secrets: { file: false, inDatabase: true, fromEnvironment: [] },
        });
      });

      const byHand = await freshDatabase();
      execFileSync("sh", ["-c", readmeCommand("pg_restore")], {
        cwd: work,
        env: { ...process.env, RESTORED_DATABASE_URL: byHand },
        stdio: "pipe",
      });
      const byScript = await freshDatabase();
      await restoreInstallation(backup, installationFromEnv(envOf(newDir("restored"), byScript), ROOT_DIR));
      // Fresh data dirs, no root or secret variables: everything comes from the restored database.
      for (const restored of [byHand, byScript]) {
        await withServer(envOf(newDir("restored"), restored), async (url) => {
          expect(await signInStatus(url)).toBe(200);
          expect(await signInStatus(url, "Wr0ng!Pass")).toBe(401);
        });
      }
      await expect(restoreInstallation(backup, installationFromEnv(envOf(newDir("again"), byScript), ROOT_DIR))).rejects.toThrow(
        /not empty/,
      );
    } finally {
      await database.destroy();
    }
  });
});
