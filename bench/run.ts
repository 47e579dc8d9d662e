/**
 * `npm run bench`: throughput and latency of the console's routes on seeded data (a temporary
 * SQLite database filled by the seed code, 100,000 users by default), each next to a trivial
 * JSON route (/healthz) measured in the same run, so results read as ratios that survive a
 * slower or busier machine; then the time of a bulk block of 10,000 users (median of a few
 * calls). Prints a Markdown table. Nothing here is asserted by the tests.
 *
 * Options: --duration <seconds per route> (default 5), --connections <n> (default 10),
 * --users <n> (default 100000), --teams <n> (default 50), --bulk-runs <n> (default 3).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import type { Row } from "../server/db/types";
import { seedDatabase } from "../server/services/seed";
import { signSessionToken } from "../server/services/jwt";
import { buildAdmin, signIn } from "../tests/support/factories";
import { getTestServer } from "../tests/support/server";
import { markdownTable, measure, measureIfPresent, median, type LoadOptions, type Measurement } from "./measure";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    users: { type: "string", default: "100000" },
    teams: { type: "string", default: "50" },
    "bulk-runs": { type: "string", default: "3" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const userCount = Number(values.users);
const bulkRuns = Number(values["bulk-runs"]);
const BULK_SIZE = 10_000;

const server = await getTestServer({ env: { LOG_LEVEL: "silent" } });
const db = server.database.db;
const seeded = await seedDatabase(db, { users: userCount, teams: Number(values.teams) });
console.log(`Seeded ${seeded.users} users, ${seeded.devices} devices, ${seeded.locations} locations in ${(seeded.milliseconds / 1000).toFixed(1)} s`);

const bearer = async (admin: Row<"admins">) => {
  const claims = { role: admin.role, uid: admin.uid, username: admin.username, first_name: admin.firstName, last_name: admin.lastName, timezone: admin.timezone, lang: admin.lang, ver: admin.tokenVersion };
  return { authorization: `Bearer ${(await signSessionToken(server.config.secrets.jwtSecret, claims, 2)).token}` };
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
const rootSession = { cookie: (await signIn(db, server.config, root)).header };
const adminSession = { cookie: (await signIn(db, server.config, teamAdmin)).header };
const rootToken = await bearer(root);
const adminToken = await bearer(teamAdmin);

const load: LoadOptions = { baseUrl: await server.listen(), duration, connections };
const runs: Measurement[] = [];
runs.push(await measure(load, "baseline: `GET /healthz` (trivial JSON)", "/healthz"));
runs.push(await measure(load, "`GET /v2/public/settings` (JSON + database)", "/v2/public/settings"));
runs.push(await measure(load, "SSR `/signin/en` (public page with an island)", "/signin/en"));
runs.push(await measureIfPresent(load, "`GET /v2/users?status=active&sort=lastSeen&order=desc` (root)", "/v2/users?status=active&sort=lastSeen&order=desc&limit=50", rootToken));
runs.push(await measureIfPresent(load, "`GET /v2/users?search=silva&sort=name` (root)", "/v2/users?search=silva&sort=name&limit=50", rootToken));
runs.push(await measureIfPresent(load, `\`GET /v2/users?platform=1&sort=createdOn\` (admin of a ${biggest.n}-user team)`, "/v2/users?platform=1&sort=createdOn&order=desc&limit=50", adminToken));
runs.push(await measureIfPresent(load, "SSR `/users/manage` (root, first page + island)", "/users/manage", rootSession));
runs.push(await measureIfPresent(load, "SSR `/licenses` (signed-in layout only, for reference)", "/licenses", rootSession));
runs.push(await measureIfPresent(load, "SSR `/dashboard` (root, all users)", "/dashboard", rootSession));
runs.push(await measureIfPresent(load, "SSR `/dashboard` (team admin)", "/dashboard", adminSession));
runs.push(await measureIfPresent(load, "`GET /v2/dashboard` (root)", "/v2/dashboard", rootToken));

/** Blocks BULK_SIZE active users in one call, a few times, and reports the median call time. */
async function bulkBlock(): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < bulkRuns; i++) {
    const picked = await db.selectFrom("users").select("uid").where("status", "=", "active").orderBy("id").limit(BULK_SIZE).execute();
    const started = performance.now();
    const res = await fetch(`${load.baseUrl}/v2/users/block`, { method: "PUT", headers: { ...rootToken, "content-type": "application/json" }, body: JSON.stringify({ uids: picked.map((u) => u.uid) }) });
    const body = (await res.json()) as { ok?: string[]; failed?: unknown[] };
    const elapsed = performance.now() - started;
    if (!res.ok) return `| bulk block of ${BULK_SIZE.toLocaleString("en")} users (\`PUT /v2/users/block\`) | not measured: the route answers ${res.status} |`;
    if (body.ok?.length !== picked.length) return `| bulk block | unexpected result: ${body.ok?.length ?? 0} ok, ${body.failed?.length ?? 0} failed |`;
    times.push(elapsed);
  }
  const shown = times.map((t) => t.toFixed(0)).join(", ");
  return `| bulk block of ${BULK_SIZE.toLocaleString("en")} users (\`PUT /v2/users/block\`, one call) | median ${median(times).toFixed(0)} ms (runs: ${shown} ms) |`;
}
const bulkLine = await bulkBlock();
await server.close();

const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
console.log(`\nBulwark benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length}× ${cpu}, Node ${process.version}, SQLite, ` +
  `${seeded.users.toLocaleString("en")} users in ${seeded.teams} teams, ${connections} connections, ${duration} s per route\n`);
console.log(markdownTable(runs));
console.log("\n| bulk action | time |\n| --- | ---: |");
console.log(bulkLine);
