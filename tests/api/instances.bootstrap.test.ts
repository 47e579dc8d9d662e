/**
 * Processes of one installation starting together on an empty database
 * bootstrap the root admin once: one root, one access-log entry, one setup link printed (the
 * other process is told a link exists). On PostgreSQL each pair runs the migrations and the
 * bootstrap through two connection pools at once, as two server processes do.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../server/config";
import { migrateToLatest } from "../../server/db/migrate";
import type { Database } from "../../server/db/types";
import { ensureRootAdmin, type RootBootstrap } from "../../server/services/admins/rootAdmin";
import { createTestDatabase, reopenTestDatabase, testDialects } from "../support/db";
import { ROOT_DIR } from "../support/server";

const PAIRS = 10;
const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-bootstrap-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const BASE_ENV = {
  NODE_ENV: "test",
  BULWARK_DATA_DIR: dataDir,
  JWT_SECRET: "j".repeat(40),
  SESSION_SECRET: "s".repeat(40),
  PASSWORD_PEPPER: "p".repeat(40),
};
const setupConfig = (): Config => loadConfig(BASE_ENV, ROOT_DIR);
const envRootConfig = (): Config =>
  loadConfig({ ...BASE_ENV, BULWARK_ROOT_EMAIL: "root@bootstrap.test", BULWARK_ROOT_PASSWORD: "R00t!Bootstrap" }, ROOT_DIR);

/** What one pair of starts left behind and answered. */
async function outcome(db: Kysely<Database>, results: RootBootstrap[]) {
  const admins = await db.selectFrom("admins").select(["username", "role", "status"]).execute();
  const entries = await db.selectFrom("accessLog").select("action").where("action", "=", "admin.root.bootstrap").execute();
  const liveSetupTokens = await db
    .selectFrom("oneTimeTokens")
    .select("tokenHash")
    .where("purpose", "=", "setup")
    .where("usedAt", "is", null)
    .execute();
  return {
    kinds: results.map((r) => r.kind).sort(),
    admins,
    entries: entries.length,
    liveSetupTokens: liveSetupTokens.map((t) => t.tokenHash),
  };
}

/** The stored hash of the token at the end of a printed link (oneTimeTokens keeps SHA-256 hex). */
const hashOfLink = (result: RootBootstrap | undefined) =>
  result?.kind === "setupLink" ? createHash("sha256").update(result.link.split("/").pop()!).digest("hex") : null;

describe.each(testDialects())("root bootstrap of two starts at once on %s (one connection pool)", (dialect) => {
  it.each([
    ["the setup link", setupConfig],
    ["BULWARK_ROOT_EMAIL", envRootConfig],
  ])("bootstraps once with %s", async (mode, config) => {
    const database = await createTestDatabase(dialect);
    try {
      const results = await Promise.all([ensureRootAdmin(database.db, config()), ensureRootAdmin(database.db, config())]);
      const seen = await outcome(database.db, results);
      expect(seen.admins).toHaveLength(1);
      if (mode === "the setup link") {
        expect(seen.kinds).toEqual(["setupLink", "setupLinkElsewhere"]);
        // The one printed link is the one that works.
        expect(seen.liveSetupTokens).toEqual([hashOfLink(results.find((r) => r.kind === "setupLink"))]);
      } else {
        expect(seen.kinds).toEqual(["created", "exists"]);
        expect(seen.entries).toBe(1);
      }
    } finally {
      await database.destroy();
    }
  });
});

describe.each(testDialects().filter((d) => d === "postgres"))("%s: paired starts on an empty database through two pools", (dialect) => {
  it(`migrates and bootstraps once in each of ${PAIRS} pairs`, async () => {
    for (let pair = 0; pair < PAIRS; pair++) {
      const first = await createTestDatabase(dialect, { migrate: false });
      const second = await reopenTestDatabase(first);
      try {
        const config = pair % 2 ? envRootConfig : setupConfig;
        const start = async (db: Kysely<Database>) => {
          await migrateToLatest(db);
          return ensureRootAdmin(db, config());
        };
        const results = await Promise.all([start(first.db), start(second.db)]);
        const seen = await outcome(first.db, results);
        if (pair % 2) {
          expect(seen).toEqual({
            kinds: ["created", "exists"],
            admins: [{ username: "root@bootstrap.test", role: "root", status: "active" }],
            entries: 1,
            liveSetupTokens: [],
          });
        } else {
          expect(seen).toEqual({
            kinds: ["setupLink", "setupLinkElsewhere"],
            admins: [{ username: "root", role: "root", status: "invited" }],
            entries: 0,
            liveSetupTokens: [hashOfLink(results.find((r) => r.kind === "setupLink"))],
          });
        }
      } finally {
        await second.destroy();
        await first.destroy();
      }
    }
  }, 120_000);
});
