/**
 * `npm run bench`: throughput and latency of the console's routes on seeded data, each next to a
 * trivial JSON route (/healthz) measured in the same run, so results read as ratios that survive
 * a slower or busier machine; then the time of a bulk block of 10,000 users (median of a few
 * calls) and of 10,000 e-mail invitations in one call (enqueue, then delivery by the outbox). Prints a Markdown table. Nothing here is asserted by the tests.
 *
 * The server under load is the production build in its own process (`node scripts/start.mjs`,
 * which builds first when the build is stale), as an operator runs it; this process seeds a
 * temporary SQLite database (100,000 users by default), signs the admins in, and generates the
 * load, so the load generator never competes with the server for its event loop.
 *
 * Options: --duration <seconds per route> (default 5), --connections <n> (default 10),
 * --users <n> (default 100000), --teams <n> (default 50), --bulk-runs <n> (default 3),
 * --only <text> (measure only the routes whose name contains it, besides the baseline),
 * --policy-teams <n> (default 1000) and --policy-associations <n> (default 5000): the teams and
 * associations behind the `GET /v2/service/policy` figure (bench/policy.ts),
 * --cli-runs <n> (default 15): runs of the `cli-startup` case (`--only cli-startup` runs it alone),
 * `--only js-budget`: the compressed JavaScript each page loads (bench/jsBudget.ts), alone;
 * `--only import-stall`: eight parallel 46 MB users-import previews against /healthz (bench/importStall.ts), alone;
 * `--only bulk-overlap`: overlapping bulk block/activate calls and a soak (bench/bulkOverlap.ts; --users, default 10,000), alone;
 * `--only js-mobile` with --mobile-runs <n> (default 3): Lighthouse-style mobile figures of the
 * heaviest pages (bench/jsBudgetMobile.ts), alone,
 * --profile <dir> (the server writes a V8 CPU profile there: open it in Chrome DevTools),
 * --database-url <postgres://…> (PostgreSQL instead of SQLite: a fresh `bulwark_bench_<random>`
 * database is created on that server, seeded, served and dropped at the end).
 * --scale <users> runs the first-visit benchmark of bench/scale.ts instead (its options:
 * --reuse, --data-dir, --out, --compare, and --duration, --teams, --only, --database-url).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { loadConfig } from "../server/config";
import { resolveInstallationSecrets } from "../server/lib/secrets";
import { createDatabase } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import type { Row } from "../server/db/types";
import { seedDatabase } from "../server/services/seed";
import { signSessionToken } from "../server/services/identity";
import { onAdminConnection } from "../tests/support/db";
import { buildAdmin, buildPack, buildTeam, signIn } from "../tests/support/factories";
import { ROOT_DIR } from "../tests/support/server";
import { seedPolicyData } from "./policy";
import { runStandaloneMode } from "./modes";
import { measureCliStartup, startupLines } from "./cliStartup";
import { DEFAULT_SETTINGS } from "../shared/schemas/settingsDefaults";
import {
  freePort,
  markdownTable,
  measure,
  measureIfPresent,
  median,
  startBenchServer,
  type LoadOptions,
  type Measurement,
} from "./measure";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    users: { type: "string" },
    teams: { type: "string", default: "50" },
    "bulk-runs": { type: "string", default: "3" },
    "policy-teams": { type: "string", default: "1000" },
    "policy-associations": { type: "string", default: "5000" },
    only: { type: "string" },
    profile: { type: "string" },
    "database-url": { type: "string" },
    "cli-runs": { type: "string", default: "15" },
    "mobile-runs": { type: "string", default: "3" },
    scale: { type: "string" },
    reuse: { type: "boolean", default: false },
    "data-dir": { type: "string" },
    out: { type: "string" },
    compare: { type: "string" },
  },
});
// The modes that need no seeded server of this run (scale, CLI start-up, JS budget, mobile figures).
if (await runStandaloneMode(values)) process.exit(0);
const duration = Number(values.duration);
const connections = Number(values.connections);
const userCount = Number(values.users ?? 100_000);
const bulkRuns = Number(values["bulk-runs"]);
const BULK_SIZE = 10_000;

const serverUrl = values["database-url"];
const benchDatabase = serverUrl ? `bulwark_bench_${randomBytes(6).toString("hex")}` : null;
let databaseUrl = "";
if (serverUrl && benchDatabase) {
  await onAdminConnection(serverUrl, `create database "${benchDatabase}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bulwark-bench-"));
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
// On PostgreSQL the JWT key is the installation's, kept in the database (the server reads the same).
const { config } = await resolveInstallationSecrets(db, loaded);
const seeded = await seedDatabase(db, { users: userCount, teams: Number(values.teams) });
console.log(
  `Seeded ${seeded.users} users, ${seeded.devices} devices, ${seeded.locations} locations in ${(seeded.milliseconds / 1000).toFixed(1)} s`,
);

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
  return { authorization: `Bearer ${(await signSessionToken(config.secrets.jwtSecret, claims, 2)).token}` };
};
// The largest team, managed by an admin, for the scoped measurements.
const biggest = await db
  .selectFrom("users")
  .innerJoin("teams", "teams.id", "users.teamId")
  .select((eb) => ["teams.id", "teams.slug", eb.fn.countAll<number>().as("n")])
  .groupBy(["teams.id", "teams.slug"])
  .orderBy("n", "desc")
  .executeTakeFirstOrThrow();
const [team] = await db.selectFrom("teams").selectAll().where("id", "=", biggest.id).execute();
const root = await buildAdmin(db, { role: "root", timezone: "Europe/Lisbon" });
const teamAdmin = await buildAdmin(db, { teams: team ? [team] : [], timezone: "Europe/Madrid" });
const rootSession = { cookie: (await signIn(db, config, root)).header };
const adminSession = { cookie: (await signIn(db, config, teamAdmin)).header };
const rootToken = await bearer(root);
const adminToken = await bearer(teamAdmin);
const policy = await seedPolicyData(db, root.id, Number(values["policy-teams"]), Number(values["policy-associations"]));
// Android's minimum above the seed's two oldest versions (4.9.2, 4.8.12), so `outdated=true` finds a tail of the users.
await db
  .insertInto("systemSettings")
  .values({
    groupName: "apps",
    value: JSON.stringify({ ...DEFAULT_SETTINGS.apps, android: { ...DEFAULT_SETTINGS.apps.android, minVersion: "4.9.3" } }),
    updatedAt: Date.now(),
  })
  .execute();
// The per-principal budget at its maximum: a run sends a few thousand calls per token, and 429s would measure the limiter's refusal.
await db
  .insertInto("systemSettings")
  .values({
    groupName: "security",
    value: JSON.stringify({ ...DEFAULT_SETTINGS.security, apiRateLimitPerMinute: 100_000 }),
    updatedAt: Date.now(),
  })
  .execute();
const policyUrl = (pair: { from: string; to: string }) =>
  `/v2/service/policy?from=${encodeURIComponent(pair.from)}&to=${encodeURIComponent(pair.to)}`;
// SQLite: seeding leaves its writes in the WAL file; a server's database has them checkpointed
// into the main file (as after any clean shutdown), so every read does not first search the WAL.
// PostgreSQL: the seed has vacuumed and analyzed what it loaded (server/db/maintenance.ts); the
// admins and sessions made above are analyzed too, as autovacuum would soon.
await (database.dialect === "postgres" ? sql`analyze` : sql`pragma wal_checkpoint(TRUNCATE)`).execute(db);

// The server: the production build, in its own process, on the seeded data directory.
const nodeFlags = values.profile ? ["--cpu-prof", "--cpu-prof-interval=100", `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
const server = await startBenchServer({ rootDir: ROOT_DIR, port, env, nodeFlags, timeoutMs: 120_000 });
const baseUrl = server.baseUrl;
const load: LoadOptions = { baseUrl, duration, connections, serverCpuMicros: server.cpuMicros };
const runs: Measurement[] = [];
const routes: Array<[string, string, Record<string, string>]> = [
  ["`GET /v2/public/settings` (JSON + database)", "/v2/public/settings", {}],
  ["SSR `/signin/en` (public page with an island)", "/signin/en", {}],
  ["`GET /v2/me` (token check + one row, for reference)", "/v2/me", rootToken],
  ["`GET /v2/users` (root, first page)", "/v2/users?limit=50", rootToken],
  ["`GET /v2/users?status=active&sort=lastSeen&order=desc` (root)", "/v2/users?status=active&sort=lastSeen&order=desc&limit=50", rootToken],
  ["`GET /v2/users?outdated=true` (root; Android below 4.9.3)", "/v2/users?outdated=true&limit=50", rootToken],
  ["`GET /v2/users?search=silva&sort=name` (root)", "/v2/users?search=silva&sort=name&limit=50", rootToken],
  [
    `\`GET /v2/users?platform=1&sort=createdOn\` (admin of a ${biggest.n}-user team)`,
    "/v2/users?platform=1&sort=createdOn&order=desc&limit=50",
    adminToken,
  ],
  ["SSR `/users/manage` (root, first page + island)", "/users/manage", rootSession],
  ["SSR `/licenses` (signed-in layout only, for reference)", "/licenses", rootSession],
  ["SSR `/dashboard` (root, all users)", "/dashboard", rootSession],
  ["SSR `/dashboard` (team admin)", "/dashboard", adminSession],
  ["`GET /v2/dashboard` (root)", "/v2/dashboard", rootToken],
  [
    `\`GET /v2/service/policy\` allowed (service token; ${policy.teams} teams, ${policy.associations} associations)`,
    policyUrl(policy.allowed),
    policy.headers,
  ],
  [
    `\`GET /v2/service/policy\` denied (service token; ${policy.teams} teams, ${policy.associations} associations)`,
    policyUrl(policy.denied),
    policy.headers,
  ],
];
// A just-started server is still compiling its hot paths: load it unmeasured first.
await measure({ ...load, duration: 2 }, "warm-up", "/healthz");
runs.push(await measure(load, "baseline: `GET /healthz` (trivial JSON)", "/healthz"));
for (const [name, route, headers] of routes) {
  if (values.only && !name.includes(values.only)) continue;
  runs.push(await measureIfPresent(load, name, route, headers));
}

/**
 * Blocks BULK_SIZE active users in one call, a few times, and reports the median call time. The
 * same users are picked once and activated again (unmeasured, through `PUT /v2/users/activate`)
 * after each run: blocking fresh users every run emptied the pick after two runs on a 20,000-user
 * seed (80 % active), and the server rightly answers an empty `uids` with 400 `noUserSelected`.
 */
async function bulkBlock(): Promise<string> {
  const label = `bulk block of ${BULK_SIZE.toLocaleString("en")} users (\`PUT /v2/users/block\`, one call)`;
  const picked = await db.selectFrom("users").select("uid").where("status", "=", "active").orderBy("id").limit(BULK_SIZE).execute();
  if (picked.length < BULK_SIZE) return `| ${label} | not measured: only ${picked.length} active users (seed more with --users) |`;
  const payload = JSON.stringify({ uids: picked.map((u) => u.uid) });
  const call = async (action: "block" | "activate") => {
    const res = await fetch(`${load.baseUrl}/v2/users/${action}`, {
      method: "PUT",
      headers: { ...rootToken, "content-type": "application/json" },
      body: payload,
    });
    const body = (await res.json()) as { ok?: string[]; failed?: unknown[]; error?: { code?: string } };
    if (!res.ok) return `not measured: \`${action}\` answers ${res.status} ${body.error?.code ?? ""}`.trim();
    return body.ok?.length === picked.length
      ? null
      : `unexpected \`${action}\` result: ${body.ok?.length ?? 0} ok, ${body.failed?.length ?? 0} failed`;
  };
  const times: number[] = [];
  for (let i = 0; i < bulkRuns; i++) {
    const started = performance.now();
    const blocked = await call("block");
    const elapsed = performance.now() - started;
    const problem = blocked ?? (await call("activate"));
    if (problem) return `| ${label} | ${problem} |`;
    times.push(elapsed);
  }
  const shown = times.map((t) => t.toFixed(0)).join(", ");
  return `| ${label} | median ${median(times).toFixed(0)} ms (runs: ${shown} ms) |`;
}
const bulkLine = values.only && !"bulk".includes(values.only) ? null : await bulkBlock();

/**
 * 10,000 e-mail invitations in one `POST /v2/invite` (pending users, invitations and
 * outbox rows in one transaction): the time to enqueue (the call), then the time until the
 * server's outbox worker has written the last e-mail (the file mailbox), polled every 250 ms.
 */
async function bulkInvite(): Promise<string[]> {
  const team = await buildTeam(db, { slug: `bench-invites-${randomBytes(3).toString("hex")}`, teamName: "Bench invitations" });
  await buildPack(db, { team, licenseCount: BULK_SIZE });
  const addresses = Array.from({ length: BULK_SIZE }, (_, i) => `invitee${i}@${team.slug}.bench`);
  const started = performance.now();
  const res = await fetch(`${load.baseUrl}/v2/invite`, {
    method: "POST",
    headers: { ...rootToken, "content-type": "application/json" },
    body: JSON.stringify({ team: team.slug, type: "email", addresses, lang: "en", matchUser: true, directSignIn: false }),
  });
  const body = (await res.json()) as { ok?: unknown[] };
  const enqueued = performance.now() - started;
  if (!res.ok || body.ok?.length !== BULK_SIZE)
    return [
      `| invitations of ${BULK_SIZE.toLocaleString("en")} addresses | not measured: ${res.status}, ${body.ok?.length ?? 0} created |`,
    ];
  let pending = BULK_SIZE;
  while (pending > 0 && performance.now() - started < 600_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const row = await db
      .selectFrom("mailOutbox")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "pending")
      .where("toAddress", "like", `%@${team.slug}.bench`)
      .executeTakeFirstOrThrow();
    pending = Number(row.n);
  }
  const delivered = performance.now() - started;
  return [
    `| ${BULK_SIZE.toLocaleString("en")} e-mail invitations (\`POST /v2/invite\`, one call): enqueued | ${enqueued.toFixed(0)} ms |`,
    `| … until the outbox worker wrote the last e-mail | ${pending === 0 ? `${(delivered / 1000).toFixed(1)} s` : `not finished after 600 s (${pending} left)`} |`,
  ];
}
// `--only bulk` measures both bulk actions (next to the baseline), `--only invite` this one.
const inviteLines = values.only && !"bulk invite".includes(values.only) ? [] : await bulkInvite();

await server.stop();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (serverUrl && benchDatabase) await onAdminConnection(serverUrl, `drop database if exists "${benchDatabase}" with (force)`);

const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
console.log(
  `\nBulwark benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length}× ${cpu}, Node ${process.version}, ${database.dialect === "postgres" ? "PostgreSQL" : "SQLite"}, ` +
    `${seeded.users.toLocaleString("en")} users in ${seeded.teams} teams, ${connections} connections, ${duration} s per route, server in its own process\n`,
);
console.log(markdownTable(runs));
if (!values.only) console.log(`\n${startupLines(await measureCliStartup(Number(values["cli-runs"]))).join("\n")}`);
if (bulkLine || inviteLines.length > 0) {
  console.log("\n| bulk action | time |\n| --- | ---: |");
  for (const line of [bulkLine, ...inviteLines]) if (line) console.log(line);
}
