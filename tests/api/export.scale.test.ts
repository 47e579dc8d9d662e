/**
 * A large users export keeps the server's memory flat and does not hold up other
 * requests. The user count comes from EXPORT_SCALE_USERS (default 20,000, small enough for CI;
 * README "Export at scale" gives the 1,000,000-user figures). The database is seeded by this
 * process; the server is the production bundle in a process of its own (as `npm start` runs it),
 * so the memory measured is the server's alone, not the seeding's. The test reads the export
 * through a plain HTTP client that discards what it reads, samples the server's resident set
 * (/proc/<pid>/status VmRSS) every 20 ms, and asks GET /v2/me every 10 ms meanwhile. It asserts
 * the growth stays under EXPORT_SCALE_RSS_MB (default 96) and that at least two of those requests
 * were answered while the export was still streaming (no wall-clock bound), and prints the
 * figures it measured.
 */
import { readFileSync, mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { seedDatabase } from "../../server/services/seed/seed";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/db";
import { bearerFor, buildAdmin } from "../support/factories";
import { sharedSecrets, startBuiltServer, type ServerProcess } from "../support/process";
import { ROOT_DIR } from "../support/server";

const USERS = Number(process.env.EXPORT_SCALE_USERS ?? 20_000);
const RSS_BOUND_MB = Number(process.env.EXPORT_SCALE_RSS_MB ?? 96);
const MB = 1024 * 1024;

/** Reads a URL to its end, counting bytes and lines without keeping them. */
function drain(url: string, auth: string): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Authorization: auth } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A process's resident set in bytes, as the kernel counts it. */
function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

describe.each(testDialects())("users export at scale on %s", (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  let base: string;
  let auth: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(database.db, { users: USERS });
    const secrets = sharedSecrets();
    const dataDir = database.options.databaseUrl
      ? mkdtempSync(path.join(tmpdir(), "bulwark-export-"))
      : path.dirname(database.options.sqlitePath);
    const env = {
      BULWARK_DATA_DIR: dataDir,
      ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}),
      ...secrets,
    };
    auth = await bearerFor(
      loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR),
      await buildAdmin(database.db, { role: "root" }),
    );
    server = startBuiltServer(env);
    base = await server.url;
  }, 3_600_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await database?.destroy();
  });

  it(`streams ${USERS} users with flat memory while other requests are answered`, async () => {
    const pid = server.child.pid!;
    // Warm up: the first export compiles the queries and loads the modules it uses.
    await drain(`${base}/v2/users/export?status=blocked&format=jsonl`, auth);
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
    const waits: number[] = [];
    let exporting = true;
    // Probes answered while the export was still streaming: proof that it does not hold the event
    // loop (a blocking export would let at most one through, after it ends). No wall-clock bound.
    let answeredDuring = 0;
    const probe = (async () => {
      while (exporting) {
        const started = performance.now();
        const res = await drain(`${base}/v2/me`, auth);
        expect(res.status).toBe(200);
        waits.push(performance.now() - started);
        if (exporting) answeredDuring++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const result = await drain(`${base}/v2/users/export`, auth);
    const seconds = (performance.now() - started) / 1000;
    exporting = false;
    await probe;
    clearInterval(sampler);

    const growthMb = (peak - before) / MB;
    const slowest = waits.length ? Math.max(...waits) : 0;
    console.log(
      `[export scale ${dialect}] ${USERS} users: ${(result.bytes / MB).toFixed(1)} MB CSV in ${seconds.toFixed(1)} s; ` +
        `server process RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (growth ${growthMb.toFixed(1)} MB, bound ${RSS_BOUND_MB} MB); ` +
        `${waits.length} concurrent GET /v2/me (${answeredDuring} answered during the export), slowest ${slowest.toFixed(0)} ms`,
    );
    expect(result.status).toBe(200);
    expect(result.lines).toBe(USERS + 1);
    expect(growthMb).toBeLessThan(RSS_BOUND_MB);
    expect(answeredDuring).toBeGreaterThanOrEqual(2);
  }, 3_600_000);
});
