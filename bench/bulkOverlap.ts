/**
 * `npm run bench -- --only bulk-overlap [--users 10000] [--database-url postgres://…]` (issue #32
 * item 10): overlapping bulk actions on the same users, against the production build in its own
 * process. A lone `PUT /v2/users/block` of 1,000 users is the run's baseline; then 1, 2 and 4
 * clients each block and activate the same 1,000 users for a fixed number of rounds, every other
 * client in the opposite order; then a short soak (bulk block/activate, single edits and list
 * reads together). Prints p50/p95/max per case and the non-200 answers by status and code, with
 * the load average, so runs on a busy machine can be read side by side. Sizes: BULK_OVERLAP_SIZE
 * (1000), BULK_OVERLAP_ROUNDS (6), BULK_OVERLAP_SOAK_S (20). BULK_OVERLAP_INDEXES=before puts back the
 * indexes migration 0024 drops, to compare both in one session (run before, after, before, after);
 * BULK_OVERLAP_VACUUM=1 vacuums users before each case, as autovacuum would on a server where it runs.
 * Nothing here is asserted.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { loadConfig } from "../server/config";
import { usersFewerIndexesMigration } from "../server/db/migrations/0024_users_fewer_indexes";
import { seedDatabase } from "../server/services/seed";
import { createTestDatabase } from "../tests/support/db";
import { bearerFor, buildAdmin, setSettings } from "../tests/support/factories";
import { sharedSecrets, startServerScript } from "../tests/support/process";
import { ROOT_DIR } from "../tests/support/server";
import { quantile } from "./measure";

/** One kind of call's answers: latencies (ms) and the non-200 answers as `status code` → count. */
interface Tally {
  times: number[];
  refused: Map<string, number>;
}

const tally = (): Tally => ({ times: [], refused: new Map() });

/** Sends one JSON call, recording its time and, when not 200, its status and error code. */
async function call(into: Tally, url: string, auth: string, method: string, body?: unknown): Promise<void> {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { Authorization: auth, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  into.times.push(performance.now() - started);
  if (res.status === 200) return;
  let code = "";
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? "";
  } catch {
    code = "(not JSON)";
  }
  const key = `${res.status} ${code}`.trim();
  into.refused.set(key, (into.refused.get(key) ?? 0) + 1);
}

/** One line of figures: calls, p50, p95, max and the refusals. */
function line(label: string, t: Tally): string {
  const sorted = [...t.times].sort((a, b) => a - b);
  const refused = [...t.refused].map(([key, n]) => `${n}× ${key}`).join(", ") || "none";
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  return `| ${label} | ${sorted.length} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.95))} | ${ms(sorted.at(-1) ?? 0)} | ${refused} |`;
}

/** Runs the bulk-overlap case and prints its figures. */
export async function runBulkOverlap(databaseUrl: string | undefined, users: number): Promise<void> {
  const size = Number(process.env.BULK_OVERLAP_SIZE ?? 1000);
  const rounds = Number(process.env.BULK_OVERLAP_ROUNDS ?? 6);
  const soakSeconds = Number(process.env.BULK_OVERLAP_SOAK_S ?? 20);
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  const database = await createTestDatabase(databaseUrl ? "postgres" : "sqlite");
  const dataDir = databaseUrl ? mkdtempSync(path.join(os.tmpdir(), "bulwark-bench-overlap-")) : path.dirname(database.options.sqlitePath);
  const db = database.db;
  const secrets = sharedSecrets();
  const config = loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR);
  const seeded = await seedDatabase(db, { users, teams: 50 });
  const root = await buildAdmin(db, { role: "root" });
  const auth = await bearerFor(config, root);
  // The per-principal budget at its maximum: the soak sends thousands of calls on one token.
  await setSettings(db, "security", { apiRateLimitPerMinute: 100_000 });
  // 1,000 active users spread over the id range (every n-th), as a filtered selection would be.
  const active = await db.selectFrom("users").select("uid").where("status", "=", "active").orderBy("id").execute();
  const step = Math.max(1, Math.floor(active.length / size));
  const uids = active
    .filter((_, i) => i % step === 0)
    .slice(0, size)
    .map((row) => row.uid);
  const others = active.filter((_, i) => i % step !== 0).map((row) => row.uid);
  const indexes = process.env.BULK_OVERLAP_INDEXES === "before" ? "indexes before 0024" : "indexes of 0024";
  if (indexes === "indexes before 0024") await usersFewerIndexesMigration.down(db as unknown as Kysely<unknown>);
  await (database.dialect === "postgres" ? sql`vacuum analyze` : sql`pragma wal_checkpoint(TRUNCATE)`).execute(db);
  // scripts/start.mjs builds first when the build is stale, then serves in this child process.
  const server = startServerScript({
    BULWARK_DATA_DIR: dataDir,
    ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}),
    ...secrets,
  });
  const child = server.child;
  try {
    const baseUrl = await server.url;
    const bulk = (into: Tally, action: "block" | "activate", order: string[]) =>
      call(into, `${baseUrl}/v2/users/${action}`, auth, "PUT", { uids: order });
    const reversed = [...uids].reverse();
    // Warm-up (unmeasured): the first calls compile the paths and fill the pool's catalogs.
    for (let i = 0; i < 2; i++) {
      await bulk(tally(), "block", uids);
      await bulk(tally(), "activate", uids);
    }
    const lines: string[] = [];
    // PostgreSQL: the dead row versions of users after each case (each block/activate leaves one
    // per changed row, with an entry in every index, until a vacuum), and whether autovacuum runs.
    const vacuum = process.env.BULK_OVERLAP_VACUUM === "1" && database.dialect === "postgres";
    const settle = async () => {
      if (vacuum) await sql`vacuum users`.execute(db);
    };
    const dead = async () =>
      database.dialect === "postgres"
        ? ` (dead rows ${(await sql<{ n: string }>`select n_dead_tup as n from pg_stat_user_tables where relname = 'users'`.execute(db)).rows[0]?.n ?? "?"})`
        : "";
    const autovacuum =
      database.dialect === "postgres"
        ? `, autovacuum ${(await sql<{ autovacuum: string }>`show autovacuum`.execute(db)).rows[0]?.autovacuum}`
        : "";
    await settle();
    const baseline = tally();
    for (let i = 0; i < rounds; i++) {
      await bulk(baseline, "block", uids);
      await bulk(tally(), "activate", uids);
    }
    lines.push(line(`baseline: a lone block of ${size.toLocaleString("en")} users${await dead()}`, baseline));
    for (const clients of [1, 2, 4]) {
      await settle();
      const t = tally();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async (_, c) => {
          for (let i = 0; i < rounds; i++) {
            await bulk(t, "block", c % 2 ? reversed : uids);
            await bulk(t, "activate", c % 2 ? reversed : uids);
          }
        }),
      );
      const wall = ((performance.now() - started) / 1000).toFixed(1);
      lines.push(line(`${clients} client${clients > 1 ? "s" : ""}, ${rounds} rounds of block + activate (${wall} s)${await dead()}`, t));
    }
    // The soak: two bulk clients (opposite orders), two editing single users of the same set and
    // of others, two reading lists, for soakSeconds.
    await settle();
    const soak = { bulk: tally(), edit: tally(), list: tally() };
    const until = performance.now() + soakSeconds * 1000;
    const loop = async (step: (i: number) => Promise<void>) => {
      for (let i = 0; performance.now() < until; i++) await step(i);
    };
    const lists = [
      "/v2/users?status=active&sort=lastSeen&order=desc&limit=50",
      "/v2/users?limit=50",
      "/v2/users?search=silva&sort=name&limit=50",
    ];
    await Promise.all([
      ...[uids, reversed].map((order) => loop((i) => bulk(soak.bulk, i % 2 ? "activate" : "block", order))),
      ...[uids, others].map((pool, c) =>
        loop((i) => call(soak.edit, `${baseUrl}/v2/user`, auth, "PUT", { uid: pool[(i * 7 + c) % pool.length], firstName: `Soak ${i}` })),
      ),
      ...[0, 1].map((c) => loop((i) => call(soak.list, `${baseUrl}${lists[(i + c) % lists.length]}`, auth, "GET"))),
    ]);
    lines.push(line(`soak ${soakSeconds} s: bulk block/activate (2 clients)${await dead()}`, soak.bulk));
    lines.push(line(`soak: single edits (2 clients)`, soak.edit));
    lines.push(line(`soak: list reads (2 clients)`, soak.list));
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ");
    console.log(
      [
        `\nBulwark bulk-overlap bench — ${new Date().toISOString().slice(0, 16)}, ${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}, ${database.dialect === "postgres" ? "PostgreSQL" : "SQLite"}, ${seeded.users.toLocaleString("en")} users, ${indexes}${autovacuum}${vacuum ? ", users vacuumed before each case" : ""}, load average ${load}`,
        "",
        "| case | calls | p50 | p95 | max | not 200 |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
        ...lines,
      ].join("\n"),
    );
  } finally {
    child.kill("SIGTERM");
    await server.exited;
    await database.destroy();
    if (databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  }
}
