/**
 * A database that loses connections or stays locked answers 503 `unavailable` with
 * Retry-After, never 500, and never ends the process (an unhandled pg 'error' event would
 * end this test worker, which Vitest reports as a failure).
 */
import { sql } from "kysely";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../support/server";
import { onAdminConnection, testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildUser } from "../support/factories";

/** Ends every backend of the server's database, as an operator's pg_terminate_backend or a restart would. */
async function terminateBackends(server: TestServer): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = new URL(server.database.options.databaseUrl!).pathname.slice(1);
  await onAdminConnection(
    adminUrl,
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
  );
}

describe.each(testDialects())("database faults on %s", (dialect) => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    const db = server.database.db;
    root = await bearerFor(server.config, await buildAdmin(db, { role: "root" }));
    for (let i = 0; i < 3; i++) await buildUser(db);
  });
  afterAll(async () => {
    await server?.close();
  });

  if (dialect === "postgres") {
    it("keeps serving while its connections are terminated under concurrent load, answering 200 or 503", async () => {
      const base = await server.listen();
      const statuses: number[] = [];
      const bodies: string[] = [];
      let loading = true;
      const client = async () => {
        while (loading) {
          const res = await fetch(`${base}/v2/users`, { headers: { Authorization: root }, signal: AbortSignal.timeout(10_000) });
          statuses.push(res.status);
          if (res.status !== 200) bodies.push(`${res.status} ${res.headers.get("retry-after")} ${await res.text()}`);
          else await res.arrayBuffer();
        }
      };
      const clients = Array.from({ length: 20 }, () => client());
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await terminateBackends(server);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
      loading = false;
      await Promise.all(clients);

      expect(statuses.length).toBeGreaterThan(20);
      expect(new Set(statuses.filter((s) => s !== 200 && s !== 503))).toEqual(new Set());
      for (const body of bodies) expect(body).toMatch(/^503 5 .*"code":"unavailable"/);
      // A termination notice still in flight may fail one more request; then it serves again.
      let after = 0;
      for (let attempt = 0; attempt < 5 && after !== 200; attempt++) {
        after = (await server.request().get("/v2/users").set("Authorization", root)).status;
        if (after !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(after).toBe(200);
      expect((await server.request().get("/readyz")).status).toBe(200);
    });
  }

  if (dialect === "sqlite") {
    it("answers 503 contention with Retry-After when the file stays locked past busy_timeout and the retries", async () => {
      // A short wait for this test; the server's own is 5 s (connection.ts).
      await sql`pragma busy_timeout = 100`.execute(server.database.db);
      const other = new SqliteDatabase(server.database.options.sqlitePath);
      try {
        other.prepare("begin immediate").run();
        const res = await server
          .request()
          .put("/v2/me")
          .set("Authorization", root)
          .send({ firstName: "Grace", lastName: "Hopper", lang: "en", timezone: "UTC" });
        expect(res.status).toBe(503);
        // Another writer holds the lock: contention (runTransaction retried it), not an outage.
        expect(res.headers["retry-after"]).toBe("1");
        expect(res.body.error).toMatchObject({ code: "contention", status: 503 });
        expect(res.body.error.requestId).toEqual(expect.any(String));
        other.prepare("rollback").run();
        const retried = await server
          .request()
          .put("/v2/me")
          .set("Authorization", root)
          .send({ firstName: "Grace", lastName: "Hopper", lang: "en", timezone: "UTC" });
        expect(retried.status).toBe(200);
      } finally {
        other.close();
        await sql`pragma busy_timeout = 5000`.execute(server.database.db);
      }
    });
  }
});
