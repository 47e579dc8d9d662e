/**
 * `npx tsx bench/limiterCost.ts [sqlite|postgres]` (PostgreSQL through TEST_DATABASE_URL): what
 * the per-principal rate limit adds to an authenticated call, measured in one process so the
 * machine's load hits both sides alike. Alternates 100 sequential `GET /v2/users?limit=50` (with
 * the limiter), 100 bare limiter UPSERTs and 100 `GET /v2/me`, 12 rounds (the first two warm up),
 * and prints p50/p95 of each and the UPSERT's share of a users page (docs/DECISIONS.md).
 */
import { performance } from "node:perf_hooks";
import { getTestServer } from "../tests/support/server";
import { bearerFor, buildAdmin, setSettings } from "../tests/support/factories";
import { seedDatabase } from "../server/services/seed";
import { DatabaseRateLimitStore } from "../server/db/stores/rateLimitStore";

const dialect = (process.argv[2] ?? "sqlite") as "sqlite" | "postgres";
const server = await getTestServer({ dialect });
const db = server.database.db;
await seedDatabase(db, { users: 1000, teams: 10 });
await setSettings(db, "security", { apiRateLimitPerMinute: 100_000 });
const auth = await bearerFor(server.config, await buildAdmin(db, { role: "root" }));
const base = await server.listen();
const store = new DatabaseRateLimitStore(db, "bench");
store.init({ windowMs: 60_000 });
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
const page: number[] = [];
const upsert: number[] = [];
const me: number[] = [];
for (let round = 0; round < 12; round++) {
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/v2/users?limit=50`, { headers: { Authorization: auth } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(String(res.status));
    if (round > 1) page.push(performance.now() - t);
  }
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    await store.increment("admin:1");
    if (round > 1) upsert.push(performance.now() - t);
  }
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/v2/me`, { headers: { Authorization: auth } });
    await res.arrayBuffer();
    if (round > 1) me.push(performance.now() - t);
  }
}
const fmt = (name: string, xs: number[]) => `${name}: p50 ${q(xs, 0.5).toFixed(3)} ms, p95 ${q(xs, 0.95).toFixed(3)} ms (n=${xs.length})`;
console.log(dialect);
console.log(fmt("GET /v2/users?limit=50 (with the limiter)", page));
console.log(fmt("GET /v2/me (with the limiter)", me));
console.log(fmt("one limiter UPSERT alone", upsert));
console.log(`UPSERT p50 / users page p50 = ${((100 * q(upsert, 0.5)) / q(page, 0.5)).toFixed(1)} %`);
await server.close();
