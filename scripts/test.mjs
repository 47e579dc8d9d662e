// `npm test`: runs every suite whose real dependency is here and says plainly what it skipped and
// why. Under CI=true a missing dependency fails the run instead (DESIGN §10).
import { existsSync } from "node:fs";
import { spawn } from "node:child_process";
import pg from "pg";

const ci = process.env.CI === "true";
const problems = [];
const notes = [];

const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
if (!chromium) {
  (ci ? problems : notes).push(
    "browser suites (tests/**/*.browser.test.ts): no Chromium found; install Debian's `chromium` or set CHROMIUM_PATH",
  );
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  (ci ? problems : notes).push("PostgreSQL runs of the API suites: TEST_DATABASE_URL is not set (they run on SQLite only)");
} else if (!(await postgresReachable(pgUrl))) {
  problems.push(`PostgreSQL at TEST_DATABASE_URL is not reachable`);
}

for (const note of notes) console.log(`Skipped: ${note}`);
if (problems.length) {
  for (const problem of problems) console.error(`Missing dependency: ${problem}`);
  process.exit(1);
}

const env = { ...process.env, BULWARK_TEST_E2E: chromium ? "1" : "0", ...(chromium ? { CHROMIUM_PATH: chromium } : {}) };
const child = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)], { stdio: "inherit", env });
child.on("exit", (code, signal) => {
  for (const note of notes) console.log(`Skipped: ${note}`);
  process.exit(signal ? 1 : (code ?? 1));
});
