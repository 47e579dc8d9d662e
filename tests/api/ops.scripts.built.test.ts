/**
 * The operations scripts as the production image runs them (issue 30): `backup`, `restore` and
 * `migrate` are bundled into dist/scripts/ and run with plain node — no tsx, a development
 * dependency the image does not have. Here in a copy of the image's layout (package.json with the
 * Dockerfile's `npm pkg set`, dist/scripts, locales, node_modules; no sources), through npm and
 * through node directly: a dry run, the migrations, and a backup restored into a fresh data dir in
 * which the old root password signs in.
 */
import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/main";
import { migrations } from "../../server/db/migrations";
import { sha512Hex } from "../../shared/crypto";
import { BUILT_SCRIPTS } from "../../scripts/sources.mjs";
import { ROOT_DIR, TEST_ASSETS } from "../support/server";

const NAMES = Object.keys(migrations);
const ROOT_EMAIL = "root@built.test";
const ROOT_PASSWORD = "R00t!Built";
const dirs: string[] = [];
const newDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `bulwark-${label}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The bare module names a bundle imports (node: builtins included). */
function bareImports(file: string): Set<string> {
  const code = readFileSync(file, "utf8");
  const names = new Set<string>();
  for (const [, name] of code.matchAll(/(?:\bfrom|\bimport\(?|\brequire\()\s*["']([^"'./][^"']*)["']/g)) names.add(name!);
  return names;
}

/** A directory laid out as the image's /app: what the Dockerfile copies, and its `npm pkg set`. */
function imageLayout(): string {
  const app = newDir("image");
  cpSync(path.join(ROOT_DIR, "package.json"), path.join(app, "package.json"));
  cpSync(path.join(ROOT_DIR, "locales"), path.join(app, "locales"), { recursive: true });
  mkdirSync(path.join(app, "dist"));
  cpSync(path.join(ROOT_DIR, "dist", "scripts"), path.join(app, "dist", "scripts"), { recursive: true });
  symlinkSync(path.join(ROOT_DIR, "node_modules"), path.join(app, "node_modules"));
  const dockerfile = readFileSync(path.join(ROOT_DIR, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  const pkgSet = /npm pkg set [^\n]+/.exec(dockerfile)?.[0];
  if (!pkgSet) throw new Error("The Dockerfile no longer sets the scripts with `npm pkg set`");
  execFileSync("sh", ["-c", pkgSet], { cwd: app, stdio: "pipe" });
  return app;
}

/** Runs a command in the image layout with a minimal environment; returns its stdout. */
function run(app: string, command: string, args: string[], env: Record<string, string>): string {
  return execFileSync(command, args, {
    cwd: app,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("the built operations scripts", () => {
  let app = "";
  beforeAll(() => {
    app = imageLayout();
  });

  it("are in the build and import only production dependencies and node builtins", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT_DIR, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    for (const name of BUILT_SCRIPTS) {
      const file = path.join(ROOT_DIR, "dist", "scripts", `${name}.js`);
      expect(existsSync(file), file).toBe(true);
      const imports = [...bareImports(file)];
      expect(imports.length).toBeGreaterThan(0);
      const outside = imports.filter(
        (spec) =>
          !spec.startsWith("node:") &&
          !allowed.has(
            spec
              .split("/")
              .slice(0, spec.startsWith("@") ? 2 : 1)
              .join("/"),
          ),
      );
      expect(outside, name).toEqual([]);
    }
    const image = JSON.parse(readFileSync(path.join(app, "package.json"), "utf8")) as { scripts: Record<string, string> };
    for (const name of BUILT_SCRIPTS) expect(image.scripts[name]).toBe(`node dist/scripts/${name}.js`);
    expect(readdirSync(app).sort()).toEqual(["dist", "locales", "node_modules", "package.json"]);
  });

  it("migrate, back up and restore a SQLite installation with plain node, no sources", async () => {
    const source = newDir("source");
    const plan = run(app, "node", ["dist/scripts/migrate.js", "--dry-run"], { BULWARK_DATA_DIR: source });
    expect(plan).toContain(`at none; target ${NAMES.at(-1)}`);
    expect(plan).toContain("Dry run: nothing changed.");
    expect(run(app, "npm", ["run", "-s", "migrate"], { BULWARK_DATA_DIR: source })).toContain(NAMES.at(-1));
    expect(run(app, "npm", ["run", "-s", "migrate", "--", "--dry-run"], { BULWARK_DATA_DIR: source })).toContain(
      `at ${NAMES.at(-1)}; target ${NAMES.at(-1)}`,
    );

    // The root admin is created by a server start (from the sources, like the other backup tests).
    const env = (dataDir: string, extra: Record<string, string> = {}) => ({
      NODE_ENV: "test",
      BULWARK_DATA_DIR: dataDir,
      PORT: "0",
      LOG_LEVEL: "silent",
      CAPTCHA: "off",
      ...extra,
    });
    const signIn = async (dataDir: string) => {
      const server = await startServer({ config: loadConfig(env(dataDir), ROOT_DIR), assets: () => TEST_ASSETS });
      try {
        const auth = async (password: string) =>
          (
            await supertest(server.url)
              .post("/v2/public/auth")
              .send({ username: ROOT_EMAIL, password: await sha512Hex(password), browser: "vitest" })
          ).status;
        return [await auth(ROOT_PASSWORD), await auth("Wr0ng!Pass")];
      } finally {
        await server.close();
      }
    };
    const first = await startServer({
      config: loadConfig(env(source, { BULWARK_ROOT_EMAIL: ROOT_EMAIL, BULWARK_ROOT_PASSWORD: ROOT_PASSWORD }), ROOT_DIR),
      assets: () => TEST_ASSETS,
    });
    await first.close();

    const backup = path.join(newDir("backup"), "b");
    const target = newDir("restored");
    expect(run(app, "npm", ["run", "-s", "backup", "--", "--to", backup], { BULWARK_DATA_DIR: source })).toContain(backup);
    const manifest = JSON.parse(readFileSync(path.join(backup, "manifest.json"), "utf8")) as { dialect: string; migrations: string[] };
    expect(manifest).toMatchObject({ dialect: "sqlite", migrations: NAMES });
    run(app, "node", ["dist/scripts/restore.js", "--from", backup], { BULWARK_DATA_DIR: target });
    expect(readFileSync(path.join(target, "secrets.json"), "utf8")).toBe(readFileSync(path.join(source, "secrets.json"), "utf8"));
    expect(await signIn(target)).toEqual([200, 401]);
    // The same refusals as from the sources: an installation is never overwritten by accident.
    expect(() => run(app, "npm", ["run", "-s", "restore", "--", "--from", backup], { BULWARK_DATA_DIR: target })).toThrow(
      /already holds an installation/,
    );
  });
});
