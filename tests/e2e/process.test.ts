import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createTestDatabase, testDialects } from "../support/db";
import { bearerFor, buildAdmin } from "../support/factories";
import { exitWithin, sharedSecrets, startBuiltServer, watchServer } from "../support/process";
import { ROOT_DIR } from "../support/server";

describe("the production server process", () => {
  it("starts on SQLite with migrations, serves the console, and stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-proc-"));
    const server = startBuiltServer({ BULWARK_DATA_DIR: dataDir });
    const url = await server.url;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const page = await fetch(`${url}/signin/es`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="es">');
    expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(["bulwark.db", "secrets.json"]));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("refuses to start with a bad setting and names the variable", async () => {
    const server = startBuiltServer({ BULWARK_DATA_DIR: mkdtempSync(path.join(tmpdir(), "bulwark-proc-")), EDITION: "gold" });
    await expect(server.url).rejects.toThrow(/EDITION/);
    expect(await server.exited).toBe(1);
  });

  it.each([
    ["SIGTERM", "a process manager's stop"],
    ["SIGKILL", "npm killed outright: the orphaned server stops itself"],
  ] as const)("stops serving when `npm start` gets %s (%s)", async (signal, _reason) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-proc-"));
    // Its own process group, so a failure here can still kill whatever npm left behind.
    const npm = spawn("npm", ["start", "--silent"], {
      cwd: ROOT_DIR,
      detached: true,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", BULWARK_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server = watchServer(npm);
    try {
      const url = await server.url;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      npm.kill(signal);
      await exitWithin(server, 10_000);
      // Nothing may still listen: poll (bounded) until the port refuses.
      let refused = false;
      for (let attempt = 0; attempt < 50 && !refused; attempt++) {
        refused = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
          () => false,
          () => true,
        );
        if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(refused).toBe(true);
    } finally {
      try {
        process.kill(-npm.pid!, "SIGKILL");
      } catch {
        // The group is already gone: nothing was left behind.
      }
    }
  });
});

/** Outcome of a keep-alive load: answers by status, and requests that were sent but got no answer. */
interface LoadResult {
  statuses: Map<number, number>;
  lost: string[];
}

/**
 * `clients` loops, each sending GET `url` back to back on kept-alive sockets, until a new
 * connection is refused (the server stopped accepting: not a lost request). `onAnswers(n)` is
 * called after each answer with the running total.
 */
function keepAliveLoad(url: string, headers: Record<string, string>, clients: number, onAnswers: (total: number) => void): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const result: LoadResult = { statuses: new Map(), lost: [] };
  let total = 0;
  const one = () =>
    new Promise<"go" | "stop">((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.once("end", () => {
          result.statuses.set(res.statusCode ?? 0, (result.statuses.get(res.statusCode ?? 0) ?? 0) + 1);
          onAnswers(++total);
          resolve("go");
        });
        res.once("error", (error) => {
          result.lost.push(`response: ${error.message}`);
          resolve("stop");
        });
      });
      req.once("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNREFUSED") result.lost.push(`${error.code ?? ""} ${error.message} (reused socket: ${String(req.reusedSocket)})`);
        resolve("stop");
      });
    });
  const loop = async () => {
    while ((await one()) === "go");
  };
  return Promise.all(Array.from({ length: clients }, loop)).then(() => {
    agent.destroy();
    return result;
  });
}

describe.each(testDialects())("SIGTERM under keep-alive load on %s", (dialect) => {
  it("answers every request it took, closes kept-alive connections, and exits 0 long before the deadline", async () => {
    const database = await createTestDatabase(dialect);
    const secrets = sharedSecrets();
    const dataDir = database.options.databaseUrl ? mkdtempSync(path.join(tmpdir(), "bulwark-proc-")) : path.dirname(database.options.sqlitePath);
    const config = loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR);
    const auth = await bearerFor(config, await buildAdmin(database.db, { role: "root" }));
    // A deadline far above the guard below: a drain that waited for kept-alive clients would fail.
    const server = startBuiltServer({ BULWARK_DATA_DIR: dataDir, ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}), ...secrets, SHUTDOWN_TIMEOUT_MS: "60000" });
    try {
      const url = await server.url;
      let signalled = false;
      const load = keepAliveLoad(`${url}/v2/me`, { Authorization: auth }, 8, (total) => {
        if (total >= 150 && !signalled) {
          signalled = true;
          server.child.kill("SIGTERM");
        }
      });
      expect(await exitWithin(server, 15_000)).toBe(0);
      const result = await load;
      expect(result.lost).toEqual([]);
      expect([...result.statuses.keys()]).toEqual([200]);
      expect(result.statuses.get(200)).toBeGreaterThanOrEqual(150);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await database.destroy();
    }
  });
});
