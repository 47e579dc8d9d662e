/**
 * `npm run migrate` (issue 30 item 5): migrations down and up again without a server, a dry run
 * that changes nothing, and `--to` by number; once through the npm script itself.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { migrationStatus } from "../../server/db/migrate";
import { migrations } from "../../server/db/migrations";
import { planMigration, resolveTarget, runMigrateCli } from "../../scripts/migrateCli";
import { createTestDatabase, testDialects } from "../support/db";
import { ROOT_DIR } from "../support/server";

const NAMES = Object.keys(migrations);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the plan", () => {
  it("resolves --to by number or name, 0 as none, and refuses what this version does not have", () => {
    expect(resolveTarget(undefined, NAMES)).toBe(NAMES.at(-1));
    expect(resolveTarget("12", NAMES)).toBe("0012_invitations");
    expect(resolveTarget("0012_invitations", NAMES)).toBe("0012_invitations");
    expect(resolveTarget("0", NAMES)).toBeNull();
    expect(() => resolveTarget("999", NAMES)).toThrow(/names no migration/);
    const states = NAMES.slice(0, 4).map((name, i) => ({ name, applied: i < 3 }));
    expect(planMigration(states, NAMES[3]!)).toEqual({ up: [NAMES[3]], down: [] });
    expect(planMigration(states, NAMES[0]!)).toEqual({ up: [], down: [NAMES[2], NAMES[1]] });
    expect(planMigration(states, null)).toEqual({ up: [], down: [NAMES[2], NAMES[1], NAMES[0]] });
  });
});

describe.each(testDialects())("npm run migrate on %s", (dialect) => {
  it("goes down to a migration and back up, and a dry run changes nothing", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const complaints = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-migrate-"));
    dirs.push(dataDir);
    const database = dialect === "postgres" ? await createTestDatabase(dialect, { migrate: false }) : undefined;
    const env = { BULWARK_DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.options.databaseUrl! } : {}) };
    const handle = database ?? (await createDatabase({ sqlitePath: path.join(dataDir, "bulwark.db") }));
    const applied = async () => (await migrationStatus(handle.db)).filter((m) => m.applied).map((m) => m.name);
    const tables = async () => (await handle.db.introspection.getTables()).map((t) => t.name);
    try {
      expect(await runMigrateCli([], env)).toBe(0);
      expect(await applied()).toEqual(NAMES);
      expect(await tables()).toContain("idempotency_keys");

      expect(await runMigrateCli(["--to", "16", "--dry-run"], env)).toBe(0);
      expect(log.mock.calls.flat().join("\n")).toMatch(/down {2}0017_idempotency_keys[\s\S]*Dry run: nothing changed/);
      expect(await applied()).toEqual(NAMES);

      expect(await runMigrateCli(["--to", "16"], env)).toBe(0);
      expect(await applied()).toEqual(NAMES.slice(0, NAMES.indexOf("0016_access_tokens") + 1));
      expect(await tables()).not.toContain("idempotency_keys");
      expect(await tables()).not.toContain("admin_totp");

      expect(await runMigrateCli([], env)).toBe(0);
      expect(await applied()).toEqual(NAMES);
      expect(await tables()).toContain("idempotency_keys");
      expect(await runMigrateCli(["--to", "999"], env)).toBe(2);
      expect(complaints.mock.calls.flat().join("\n")).toMatch(/--to 999 names no migration/);
    } finally {
      log.mockRestore();
      complaints.mockRestore();
      await (database ? database.destroy() : handle.close());
    }
  });
});

describe("the npm script", () => {
  it("runs without a server and prints the plan of a dry run", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-migrate-"));
    dirs.push(dataDir);
    const out = execFileSync("npm", ["run", "-s", "migrate", "--", "--dry-run"], {
      cwd: ROOT_DIR,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", BULWARK_DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(out).toContain("at none; target " + NAMES.at(-1));
    expect(out).toContain("up    0001_initial");
    expect(out).toContain("Dry run: nothing changed.");
  });
});
