/**
 * Every speed trick earns its keep (issue #28 item 5): times the route each trick serves with the
 * trick on and off, in one server process (bench/tricks/serve.ts, flipped over IPC), interleaved
 * A B A B so the load of a shared machine falls on both halves alike. Requests rotate distinct
 * queries (users list filter and sort combinations, each walking its own cursor), so no cache of
 * the app answers twice; 1 and 10 concurrent clients; p50/p95 in ms. Prints a Markdown table, then
 * the server's CPU time per request (from /proc, steadier than latency on a loaded machine) and its RSS. Nothing here is asserted by the tests.
 *
 * `tsx bench/tricks/seed.ts <dir> [users]` first, then
 * `NODE_ENV=production tsx bench/tricks/run.ts --data-dir <dir> [--seconds 3] [--rounds 2] [--only name]`.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../server/config";
import { createDatabase } from "../../server/db/connection";
import { resolveInstallationSecrets } from "../../server/lib/secrets";
import { signSessionToken } from "../../server/services/identity";
import type { SpeedTrick } from "../../server/lib/speedTricks";
import { DEFAULT_SETTINGS } from "../../shared/schemas/settingsDefaults";
import { buildAdmin, signIn } from "../../tests/support/factories";
import { ROOT_DIR } from "../../tests/support/server";
import { processCpuMicros, quantile } from "../measure";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    seconds: { type: "string", default: "3" },
    rounds: { type: "string", default: "2" },
    only: { type: "string" },
    mixed: { type: "string", default: "0" },
  },
});
const dataDir = values["data-dir"];
if (!dataDir) throw new Error("--data-dir <dir> (seeded by bench/tricks/seed.ts) is required");
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

// Admin, session and token, and a per-principal budget no run reaches (429s would measure the limiter).
const env = { NODE_ENV: "production", BULWARK_DATA_DIR: dataDir, LOG_LEVEL: "silent", CAPTCHA: "off", PORT: "0" };
const loaded = loadConfig(env, ROOT_DIR);
const database = await createDatabase({ databaseUrl: loaded.databaseUrl, sqlitePath: loaded.sqlitePath });
const { config } = await resolveInstallationSecrets(database.db, loaded);
const root = await buildAdmin(database.db, { role: "root", timezone: "Europe/Lisbon" });
const cookie = { cookie: (await signIn(database.db, config, root)).header };
const claims = {
  role: root.role,
  uid: root.uid,
  username: root.username,
  first_name: root.firstName,
  last_name: root.lastName,
  timezone: root.timezone,
  lang: root.lang,
  ver: root.tokenVersion,
};
const bearer = { authorization: `Bearer ${(await signSessionToken(config.secrets.jwtSecret, claims, 2)).token}` };
await database.db.deleteFrom("systemSettings").where("groupName", "=", "security").execute();
await database.db
  .insertInto("systemSettings")
  .values({
    groupName: "security",
    value: JSON.stringify({ ...DEFAULT_SETTINGS.security, apiRateLimitPerMinute: 100_000 }),
    updatedAt: Date.now(),
  })
  .execute();
await database.close();

const child = fork(path.join(import.meta.dirname, "serve.ts"), [], {
  env: { ...process.env, ...env },
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
type Reply = { listening?: string; ok?: boolean; rss?: number; heapUsed?: number; mapped?: number };
const reply = () => new Promise<Reply>((resolve) => child.once("message", (m) => resolve(m as Reply)));
const baseUrl = (await reply()).listening!;
const setTrick = async (trick: SpeedTrick, on: boolean) => {
  const answered = reply();
  child.send({ trick, on });
  await answered;
};

/** Distinct users-list queries: each filter and sort combination walks its own cursor. */
function usersQueries(prefix: string): () => string {
  const combos: string[] = [];
  for (const sort of ["name", "username", "createdOn", "lastSeen"])
    for (const order of ["asc", "desc"]) for (const status of ["", "&status=active"]) combos.push(`sort=${sort}&order=${order}${status}`);
  const cursors = new Map<string, string>();
  let i = 0;
  const next = () => {
    const combo = combos[i++ % combos.length]!;
    const cursor = cursors.get(combo);
    return `${prefix}?${combo}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  };
  next.cursors = cursors;
  return next;
}

interface Case {
  trick: SpeedTrick;
  route: string;
  next: () => string;
  headers: Record<string, string>;
  /** Reads a users-list answer's nextCursor so the next call of that combination goes deeper. */
  json: boolean;
}
const api = usersQueries("/v2/users");
const page = usersQueries("/users/manage");
const cases: Case[] = [
  { trick: "statementCache", route: "GET /v2/users", next: api, headers: bearer, json: true },
  { trick: "shapeCache", route: "GET /v2/users", next: api, headers: bearer, json: true },
  { trick: "translator", route: "SSR /users/manage", next: page, headers: cookie, json: false },
].filter((c) => !values.only || c.trick.includes(values.only)) as Case[];

let failures = 0;
/** `clients` loops sending requests back to back for `seconds`; each request's latency in ms. */
async function load(c: Case, clients: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const url = c.next();
        const start = performance.now();
        const response = await fetch(baseUrl + url, { headers: c.headers });
        const body = await response.text();
        times.push(performance.now() - start);
        if (!response.ok) failures++;
        else if (c.json) {
          const combo = url.slice(url.indexOf("?") + 1).replace(/&limit=50.*$/, "");
          const nextCursor = (JSON.parse(body) as { nextCursor: string | null }).nextCursor;
          const cursors = (c.next as unknown as { cursors: Map<string, string> }).cursors;
          if (nextCursor) cursors.set(combo, nextCursor);
          else cursors.delete(combo);
        }
      }
    }),
  );
  return times;
}

const p = (times: number[], q: number) =>
  quantile(
    [...times].sort((a, b) => a - b),
    q,
  );
const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const pct = (on: number, off: number) => `${(((off - on) / off) * 100).toFixed(0)} %`;
const lines = [
  "| trick | route | clients | with p50 / p95 ms | without p50 / p95 ms | saved p50 / p95 | server CPU µs/request with / without (saved) |",
  "| --- | --- | --- | --- | --- | --- | --- |",
];
for (const c of cases) {
  for (const clients of [1, 10]) {
    await load({ ...c }, clients === 1 ? 1 : 10).catch(() => []); // warm-up of this route
    const on: number[] = [];
    const off: number[] = [];
    const cpu = { on: 0, off: 0 };
    const timed = async (into: number[], state: "on" | "off") => {
      const before = processCpuMicros(child.pid!) ?? 0;
      into.push(...(await load(c, clients)));
      cpu[state] += (processCpuMicros(child.pid!) ?? 0) - before;
    };
    for (let round = 0; round < rounds; round++) {
      await setTrick(c.trick, true);
      await timed(on, "on");
      await setTrick(c.trick, false);
      await timed(off, "off");
    }
    const cpuOn = cpu.on / on.length;
    const cpuOff = cpu.off / off.length;
    await setTrick(c.trick, true);
    const line = `| ${c.trick} | ${c.route} | ${clients} | ${fmt(p(on, 0.5))} / ${fmt(p(on, 0.95))} | ${fmt(p(off, 0.5))} / ${fmt(p(off, 0.95))} | ${pct(p(on, 0.5), p(off, 0.5))} / ${pct(p(on, 0.95), p(off, 0.95))} | ${cpuOn.toFixed(0)} / ${cpuOff.toFixed(0)} (${pct(cpuOn, cpuOff)}) |`;
    lines.push(line);
    console.error(line, `(${on.length} + ${off.length} requests)`);
  }
}
const rss = async () => {
  const answered = reply();
  child.send({ rss: true });
  const m = await answered;
  const mib = (bytes: number | undefined) => ((bytes ?? 0) / 2 ** 20).toFixed(0);
  return `${mib(m.rss)} MiB (mapped files ${mib(m.mapped)} MiB, heap used ${mib(m.heapUsed)} MiB)`;
};
// --mixed <seconds>: every route above in turn at 10 clients, the server's RSS each minute (item 6).
const mixedSeconds = Number(values.mixed);
if (mixedSeconds > 0) {
  const routes: Case[] = [
    { trick: "translator", route: "", next: api, headers: bearer, json: true },
    { trick: "translator", route: "", next: page, headers: cookie, json: false },
    { trick: "translator", route: "", next: () => "/signin/en", headers: {}, json: false },
    { trick: "translator", route: "", next: () => "/healthz", headers: {}, json: false },
  ];
  console.log(`Mixed load, ${mixedSeconds} s at 10 clients; RSS at start: ${await rss()}`);
  for (let minute = 1; minute * 60 <= mixedSeconds; minute++) {
    for (let i = 0; i < 60 / seconds; i++) await load(routes[i % routes.length]!, 10);
    console.log(`RSS after ${minute} min: ${await rss()}`);
  }
}
console.log(lines.join("\n"));
console.log(`
Server RSS at the end: ${await rss()}; non-2xx answers: ${failures}`);
child.disconnect();
