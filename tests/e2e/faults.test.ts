/**
 * Issue 13, process level: the production server behind a TCP proxy that plays a PostgreSQL
 * server gone silent (accepts, never answers) or down (refuses). With small timeouts set, every
 * request answers 503 within them instead of hanging, the pool recovers once the database is
 * back, page routes show the localized 503 page, and SIGTERM completes whatever the database does.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/db";
import { bearerFor, buildAdmin } from "../support/factories";
import { exitWithin, sharedSecrets, startBuiltServer, startFaultProxy, type FaultProxy, type ServerProcess } from "../support/process";
import { ROOT_DIR } from "../support/server";

const TIMEOUTS = { DB_CONNECT_TIMEOUT_MS: "400", DB_STATEMENT_TIMEOUT_MS: "400", SHUTDOWN_TIMEOUT_MS: "3000" };
/** Failure guard per request: well above the configured limits (400 ms + pg's 200 ms margin), far below a hang. */
const ANSWER_GUARD_MS = 4000;

describe.each(testDialects())("the server process with a failing database on %s", (dialect) => {
  if (dialect !== "postgres") {
    it("has no network path to lose on SQLite (the locked-file case is in tests/api/db.faults.test.ts)", () => {
      expect(dialect).toBe("sqlite");
    });
    return;
  }
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
    server = startBuiltServer({ BULWARK_DATA_DIR: dataDir, DATABASE_URL: proxy.urlFor(database.options.databaseUrl!), ...secrets, ...TIMEOUTS });
    base = await server.url;
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await proxy?.close();
    await database?.destroy();
  });

  const get = (url: string, headers: Record<string, string> = { Authorization: root }) =>
    fetch(`${base}${url}`, { headers, signal: AbortSignal.timeout(ANSWER_GUARD_MS) });

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
    // Connections opened or stuck during the silence were discarded: fresh ones serve at once.
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 200; attempt++) {
      status = (await get("/v2/users")).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await get("/readyz")).status).toBe(200);
  });

  it("answers 503 (a localized page for page routes) while the database is down", async () => {
    await proxy.setMode("down");
    const users = await get("/v2/users");
    expect(users.status).toBe(503);
    expect((await users.json()) as unknown).toMatchObject({ error: { code: "unavailable", status: 503, message: "Service Unavailable" } });
    const page = await get("/signin/pt", {});
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const html = await page.text();
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain("Serviço indisponível");
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
});
