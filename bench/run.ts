/**
 * `npm run bench`: throughput and latency of the console's routes on this machine, each next to a
 * trivial JSON route (/healthz) measured in the same run, so results read as ratios that survive
 * a slower or busier machine. Nothing here is asserted by the tests.
 *
 * Options: --duration <seconds per route> (default 5), --connections <n> (default 10).
 */
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { buildAdmin, signIn } from "../tests/support/factories";
import { getTestServer } from "../tests/support/server";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "5" }, connections: { type: "string", default: "10" } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

interface Measurement {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p97: number;
  errors: number;
}

async function measure(baseUrl: string, name: string, path: string, headers: Record<string, string> = {}): Promise<Measurement> {
  const result = await autocannon({ url: baseUrl + path, duration, connections, headers });
  return {
    name,
    path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97: result.latency.p97_5,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const server = await getTestServer({ env: { LOG_LEVEL: "silent" } });
const baseUrl = await server.listen();
const root = await buildAdmin(server.database.db, { role: "root" });
const session = await signIn(server.database.db, server.config, root);

const runs: Measurement[] = [];
runs.push(await measure(baseUrl, "baseline: GET /healthz (trivial JSON)", "/healthz"));
runs.push(await measure(baseUrl, "GET /v2/public/settings (JSON + database)", "/v2/public/settings"));
runs.push(await measure(baseUrl, "SSR /signin/en (public page with an island)", "/signin/en"));
runs.push(await measure(baseUrl, "SSR /dashboard (signed-in layout, session lookup)", "/dashboard", { cookie: session.header }));
await server.close();

const baseline = runs[0]!.requestsPerSecond;
console.log(`\nBulwark benchmark — ${duration}s per route, ${connections} connections, SQLite, ${new Date().toISOString()}\n`);
console.log("| route | req/s | ratio to baseline | p50 ms | p97.5 ms | errors |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const run of runs) {
  const ratio = (run.requestsPerSecond / baseline).toFixed(2);
  console.log(`| ${run.name} | ${run.requestsPerSecond.toFixed(0)} | ${ratio} | ${run.p50} | ${run.p97} | ${run.errors} |`);
}
