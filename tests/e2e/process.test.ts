import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createTestDatabase, onAdminConnection, testDialects, type TestDatabase } from "../support/db";
import { bearerFor, buildAdmin } from "../support/factories";
import {
  exitWithin,
  sharedSecrets,
  startBuiltServer,
  startFaultProxy,
  watchServer,
  type FaultProxy,
  type ServerProcess,
} from "../support/process";
import { ROOT_DIR } from "../support/server";

describe("the production server process", () => {
  it("starts on SQLite with migrations, serves the console, and stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-proc-"));
    const server = startBuiltServer({ BULWARK_DATA_DIR: dataDir });
    const url = await server.url;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    // The setup link and the console URL are one origin, with the port actually bound (PORT=0).
    const link = /activate 'root' \(choose its password\):\n\s+(http:\/\/\S+)/.exec(server.output())?.[1];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(url).origin);
    expect(new URL(url).port).not.toBe("0");
    expect((await fetch(link!)).status).toBe(200);
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
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? tmpdir(),
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "warn",
        BULWARK_DATA_DIR: dataDir,
      },
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
function keepAliveLoad(
  url: string,
  headers: Record<string, string>,
  clients: number,
  onAnswers: (total: number) => void,
): Promise<LoadResult> {
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
        if (error.code !== "ECONNREFUSED")
          result.lost.push(`${error.code ?? ""} ${error.message} (reused socket: ${String(req.reusedSocket)})`);
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

/** Small limits for the failing-database tests; the guard per request sits well above them (400 ms + pg's 200 ms margin) and far below a hang. */
const TIMEOUTS = { DB_CONNECT_TIMEOUT_MS: "400", DB_STATEMENT_TIMEOUT_MS: "400", SHUTDOWN_TIMEOUT_MS: "3000" };
const ANSWER_GUARD_MS = 4000;

describe.each(testDialects())("the server process on %s", (dialect) => {
  it("on SIGTERM under keep-alive load, answers every request it took, closes kept-alive connections and exits 0 long before the deadline", async () => {
    const database = await createTestDatabase(dialect);
    const secrets = sharedSecrets();
    const dataDir = database.options.databaseUrl
      ? mkdtempSync(path.join(tmpdir(), "bulwark-proc-"))
      : path.dirname(database.options.sqlitePath);
    const config = loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR);
    const auth = await bearerFor(config, await buildAdmin(database.db, { role: "root" }));
    // A deadline far above the guard below: a drain that waited for kept-alive clients would fail.
    const server = startBuiltServer({
      BULWARK_DATA_DIR: dataDir,
      ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}),
      ...secrets,
      SHUTDOWN_TIMEOUT_MS: "60000",
    });
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

  if (dialect === "postgres") {
    /**
     * Behind a TCP proxy playing a PostgreSQL server gone silent (accepts, never
     * answers) or down (refuses), every request answers 503 within the limits instead of hanging,
     * the pool recovers once the database is back, pages show the localized 503 page, and
     * SIGTERM completes whatever the database does. (SQLite has no network path to lose; its
     * locked-file case is in tests/api/db.faults.test.ts.)
     */
    describe("behind a failing database", () => {
      let database: TestDatabase;
      let proxy: FaultProxy;
      let server: ServerProcess;
      let base: string;
      let root: string;

      beforeAll(async () => {
        database = await createTestDatabase("postgres");
        const target = new URL(database.options.databaseUrl!);
        proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
        const secrets = sharedSecrets();
        const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-faults-"));
        const config = loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR);
        root = await bearerFor(config, await buildAdmin(database.db, { role: "root" }));
        server = startBuiltServer({
          BULWARK_DATA_DIR: dataDir,
          DATABASE_URL: proxy.urlFor(database.options.databaseUrl!),
          ...secrets,
          ...TIMEOUTS,
        });
        base = await server.url;
      });
      afterAll(async () => {
        if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
        await proxy?.close();
        await database?.destroy();
      });

      const get = (url: string, headers: Record<string, string> = { Authorization: root }) =>
        fetch(`${base}${url}`, { headers, signal: AbortSignal.timeout(ANSWER_GUARD_MS) });

      it("stays up while its connections are terminated under 20 clients' load, answering 200 or 503, then 200", async () => {
        const statuses = new Set<number>();
        let loading = true;
        const client = async () => {
          while (loading) {
            const res = await get("/v2/users");
            statuses.add(res.status);
            await res.arrayBuffer();
          }
        };
        const clients = Array.from({ length: 20 }, () => client());
        const name = new URL(database.options.databaseUrl!).pathname.slice(1);
        for (let round = 0; round < 3; round++) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          await onAdminConnection(
            process.env.TEST_DATABASE_URL!,
            `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
          );
        }
        loading = false;
        await Promise.all(clients);
        expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
        expect(server.child.exitCode).toBeNull();
        let status = 0;
        for (let attempt = 0; attempt < 5 && status !== 200; attempt++) {
          status = (await get("/v2/users")).status;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(200);
      });

      it("answers 503 within the configured timeouts while the database is silent, and 200 again once it is back", async () => {
        expect((await get("/v2/users")).status).toBe(200);
        await proxy.setMode("silent");
        const [ready, me, users] = await Promise.all([get("/readyz"), get("/v2/me"), get("/v2/users")]);
        expect(ready.status).toBe(503);
        expect(me.status).toBe(503);
        expect(users.status).toBe(503);
        expect(users.headers.get("retry-after")).toBe("5");
        expect((await users.json()) as unknown).toMatchObject({ error: { code: "unavailable", status: 503 } });

        await proxy.setMode("forward");
        // Connections opened or idle during the silence are dead: none may fail a request once it is back.
        const back = await Promise.all(Array.from({ length: 3 }, () => get("/v2/users")));
        expect(back.map((res) => res.status)).toEqual([200, 200, 200]);
        expect((await get("/readyz")).status).toBe(200);
      });

      it("answers 503 (a localized page for page routes) while the database is down", async () => {
        await proxy.setMode("down");
        const users = await get("/v2/users");
        expect(users.status).toBe(503);
        expect((await users.json()) as unknown).toMatchObject({
          error: { code: "unavailable", status: 503, message: "The service is temporarily unavailable. Try again in a few moments" },
        });
        const page = await get("/signin/pt", {});
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toBe("5");
        const html = await page.text();
        expect(html).toContain('<html lang="pt">');
        expect(html).toContain("Serviço indisponível");
        expect(html).toContain("Tentar novamente");
        expect(html).toContain('href="/signin/pt"');
        await proxy.setMode("forward");
        expect((await get("/v2/users")).status).toBe(200);
      });

      it("finishes SIGTERM within SHUTDOWN_TIMEOUT_MS while the database is silent, answering the request in flight", async () => {
        // Several pooled connections, idle when the database goes silent: closing them gets no goodbye.
        const warm = await Promise.all(Array.from({ length: 6 }, () => get("/v2/users")));
        expect(warm.map((res) => res.status)).toEqual(warm.map(() => 200));
        await proxy.setMode("silent");
        const inFlight = get("/v2/users");
        await new Promise((resolve) => setTimeout(resolve, 100));
        server.child.kill("SIGTERM");
        expect((await inFlight).status).toBe(503);
        expect(await exitWithin(server, Number(TIMEOUTS.SHUTDOWN_TIMEOUT_MS) + 3000)).toBe(0);
      });

      it("refuses to start against a silent database within DB_CONNECT_TIMEOUT_MS, naming it", async () => {
        await proxy.setMode("silent");
        const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-faults-"));
        const starting = startBuiltServer({
          BULWARK_DATA_DIR: dataDir,
          DATABASE_URL: proxy.urlFor(database.options.databaseUrl!),
          ...sharedSecrets(),
          ...TIMEOUTS,
        });
        await expect(starting.url).rejects.toThrow(/Cannot connect to PostgreSQL at 127\.0\.0\.1/);
        expect(await exitWithin(starting, ANSWER_GUARD_MS)).toBe(1);
      });
    });
  }
});
