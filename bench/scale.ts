/**
 * `npm run bench -- --scale <users>` (issue #28): first visits at 100,000 or 1,000,000 users. Seeds
 * (or reuses) a database, starts the production build in its own process, and measures every
 * route of bench/scaleRoutes.ts at 1 and 10 concurrent clients with rotating distinct queries:
 * p50/p95/p99, server CPU per request, each row marked against the aims (lists and pages p95 ≤
 * 100 ms and CPU ≤ 10 ms; searches p95 ≤ 150 ms, at 10 clients). Prints a Markdown table and, with
 * `--out <file>`, writes the figures as JSON; `--compare <file>` (a smaller run's JSON) adds the
 * growth of each route's 10-client p50 (aim ≤ 1.5× for what is not a search).
 *
 * Reuse: `--data-dir <dir>` keeps the SQLite database there (seeded when it has no users);
 * `--database-url <postgres://…/db> --reuse` uses that PostgreSQL database as it is (seeded when
 * empty), otherwise a `bulwark_bench_<random>` database is created and dropped as in run.ts.
 * The server's CPU is its own process's (PostgreSQL's own processes are not counted).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { loadConfig } from "../server/config";
import { createDatabase } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import type { Row } from "../server/db/types";
import { resolveInstallationSecrets } from "../server/lib/secrets";
import { signSessionToken } from "../server/services/identity";
import { seedDatabase } from "../server/services/seed";
import { DEFAULT_SETTINGS } from "../shared/schemas/settingsDefaults";
import { onAdminConnection } from "../tests/support/db";
import { buildAdmin, signIn } from "../tests/support/factories";
import { ROOT_DIR } from "../tests/support/server";
import { freePort, measureRotating, startBenchServer, type RotatingMeasurement } from "./measure";
import { scaleRoutes, type ScaleRoute } from "./scaleRoutes";

/** The scale run's options (from run.ts's command line). */
export interface ScaleOptions {
  users: number;
  teams: number;
  duration: number;
  databaseUrl: string | undefined;
  reuse: boolean;
  dataDir: string | undefined;
  only: string | undefined;
  out: string | undefined;
  compare: string | undefined;
}

/** One row of the result: a route at 1 and 10 clients. */
interface ScaleResult {
  name: string;
  kind: ScaleRoute["kind"];
  one: RotatingMeasurement;
  ten: RotatingMeasurement;
}

const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : "–");
const cpuMs = (m: RotatingMeasurement) => (m.cpuMicrosPerRequest === null ? "–" : (m.cpuMicrosPerRequest / 1000).toFixed(1));

/**
 * The server's RSS from /proc/<pid>/status, with the part that is mapped files apart: SQLite
 * reads its database through a memory map, whose pages are the kernel's file cache (shared,
 * reclaimable), not the process's own memory.
 */
function residentMemory(status: string): string {
  const kib = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  const mb = (n: number) => `${Math.round(n / 1024)} MB`;
  const [total, files] = [kib("VmRSS"), kib("RssFile")];
  if (!Number.isFinite(total)) return "unknown";
  return Number.isFinite(files) ? `${mb(total)} (${mb(total - files)} without mapped files)` : mb(total);
}

/** Whether a route meets the issue's aims at 10 clients (and its growth, when known). */
function verdict(result: ScaleResult, growth: number | null): string {
  const p95Aim = result.kind === "search" ? 150 : 100;
  const misses: string[] = [];
  if (!(result.ten.p95 <= p95Aim)) misses.push(`p95 > ${p95Aim}`);
  if (result.ten.cpuMicrosPerRequest !== null && result.ten.cpuMicrosPerRequest > 10_000) misses.push("CPU > 10 ms");
  if (growth !== null && result.kind !== "search" && growth > 1.5) misses.push("growth > 1.5×");
  if (result.one.errors + result.ten.errors > 0) misses.push(`${result.one.errors + result.ten.errors} errors`);
  return misses.length === 0 ? "met" : `not met (${misses.join(", ")})`;
}

/** Seeds or reuses the database, serves it, measures, prints the table; returns the exit code. */
export async function runScaleBench(options: ScaleOptions): Promise<number> {
  let benchDatabase: string | null = null;
  let databaseUrl = "";
  if (options.databaseUrl && options.reuse) databaseUrl = options.databaseUrl;
  else if (options.databaseUrl) {
    benchDatabase = `bulwark_bench_${randomBytes(6).toString("hex")}`;
    await onAdminConnection(options.databaseUrl, `create database "${benchDatabase}"`);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${benchDatabase}`;
    databaseUrl = url.toString();
  }
  const keepDir = options.dataDir !== undefined;
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : mkdtempSync(path.join(os.tmpdir(), "bulwark-scale-"));
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const env = {
    NODE_ENV: "production",
    BULWARK_DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "silent",
    CAPTCHA: "off",
    DATABASE_URL: databaseUrl,
  };
  const loaded = loadConfig(env, ROOT_DIR);
  const database = await createDatabase({ databaseUrl: loaded.databaseUrl, sqlitePath: loaded.sqlitePath });
  const db = database.db;
  await migrateToLatest(db);
  const { config } = await resolveInstallationSecrets(db, loaded);
  const existing = Number(
    (
      await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  let seedLine = `reused ${existing.toLocaleString("en")} users`;
  if (existing === 0) {
    const cpuBefore = process.cpuUsage();
    const seeded = await seedDatabase(db, {
      users: options.users,
      teams: options.teams,
      onProgress: (done, total) => {
        if (done % 100_000 === 0 || done === total) console.error(`seeded ${done.toLocaleString("en")} / ${total.toLocaleString("en")}`);
      },
    });
    const cpu = process.cpuUsage(cpuBefore);
    seedLine = `seeded ${seeded.users.toLocaleString("en")} users, ${seeded.devices.toLocaleString("en")} devices in ${(seeded.milliseconds / 1000).toFixed(0)} s (this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s)`;
  }
  console.error(seedLine);
  const users = Number(
    (
      await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

  const biggest = await db
    .selectFrom("teamCounters")
    .innerJoin("teams", "teams.id", "teamCounters.teamId")
    .selectAll("teams")
    .orderBy("teamCounters.users", "desc")
    .executeTakeFirstOrThrow();
  const root = await buildAdmin(db, { role: "root", timezone: "Europe/Lisbon" });
  const teamAdmin = await buildAdmin(db, { teams: [biggest], timezone: "Europe/Madrid" });
  const bearer = async (admin: Row<"admins">) => {
    const claims = {
      role: admin.role,
      uid: admin.uid,
      username: admin.username,
      first_name: admin.firstName,
      last_name: admin.lastName,
      timezone: admin.timezone,
      lang: admin.lang,
      ver: admin.tokenVersion,
    };
    return { authorization: `Bearer ${(await signSessionToken(config.secrets.jwtSecret, claims, 4)).token}` };
  };
  const auth = {
    rootToken: await bearer(root),
    adminToken: await bearer(teamAdmin),
    rootSession: { cookie: (await signIn(db, config, root)).header },
  };
  await db
    .insertInto("systemSettings")
    .values({
      groupName: "security",
      value: JSON.stringify({ ...DEFAULT_SETTINGS.security, apiRateLimitPerMinute: 100_000 }),
      updatedAt: Date.now(),
    })
    .onConflict((oc) => oc.column("groupName").doUpdateSet({ value: (eb) => eb.ref("excluded.value"), updatedAt: Date.now() }))
    .execute();
  const routes = await scaleRoutes(db, users);
  await (database.dialect === "postgres" ? sql`analyze` : sql`pragma wal_checkpoint(TRUNCATE)`).execute(db);

  const server = await startBenchServer({ rootDir: ROOT_DIR, port, env, timeoutMs: 180_000 });
  const baseUrl = server.baseUrl;
  const load = (connections: number) => ({ baseUrl, duration: options.duration, connections, serverCpuMicros: server.cpuMicros });
  await measureRotating({ ...load(4), duration: 3 }, ["/healthz"], {});
  const results: ScaleResult[] = [];
  for (const route of routes) {
    if (options.only && !route.name.includes(options.only)) continue;
    const headers = auth[route.auth];
    const probe = await fetch(baseUrl + route.paths[0], { headers });
    await probe.arrayBuffer();
    if (!probe.ok) console.error(`${route.name}: ${route.paths[0]} answers ${probe.status}`);
    const one = await measureRotating(load(1), route.paths, headers);
    const ten = await measureRotating(load(10), route.paths, headers);
    results.push({ name: route.name, kind: route.kind, one, ten });
    console.error(`${route.name}: 1 client p50 ${ms(one.p50)} ms, 10 clients p95 ${ms(ten.p95)} ms`);
  }
  const rss = residentMemory(readFileSync(`/proc/${server.pid}/status`, "utf8"));
  await server.stop();
  await database.close();
  if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
  if (options.databaseUrl && benchDatabase)
    await onAdminConnection(options.databaseUrl, `drop database if exists "${benchDatabase}" with (force)`);

  const previous = options.compare
    ? new Map((JSON.parse(readFileSync(options.compare, "utf8")) as { results: ScaleResult[] }).results.map((r) => [r.name, r]))
    : null;
  const growthOf = (result: ScaleResult) => {
    const before = previous?.get(result.name);
    return before && before.ten.p50 > 0 ? result.ten.p50 / before.ten.p50 : null;
  };
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const lines = [
    `Bulwark scale benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length}× ${cpu}, load average ${os.loadavg()[0]?.toFixed(1)}, Node ${process.version}, ` +
      `${database.dialect === "postgres" ? "PostgreSQL" : "SQLite"}, ${users.toLocaleString("en")} users; ${seedLine}; ${options.duration} s per route and concurrency; ` +
      `server RSS after the run ${rss}`,
    "",
    "| route | 1 client p50 / p95 / p99 ms | 10 clients p50 / p95 / p99 ms | 10 clients req/s | server CPU ms/request (10 clients) | growth of p50 | aim |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const r of results) {
    const growth = growthOf(r);
    lines.push(
      `| ${r.name} | ${ms(r.one.p50)} / ${ms(r.one.p95)} / ${ms(r.one.p99)} | ${ms(r.ten.p50)} / ${ms(r.ten.p95)} / ${ms(r.ten.p99)} | ${r.ten.requestsPerSecond.toFixed(0)} | ${cpuMs(r.ten)} | ${growth === null ? "–" : `${growth.toFixed(2)}×`} | ${verdict(r, growth)} |`,
    );
  }
  console.log(lines.join("\n"));
  if (options.out) writeFileSync(options.out, JSON.stringify({ users, dialect: database.dialect, results }, null, 2));
  return 0;
}
