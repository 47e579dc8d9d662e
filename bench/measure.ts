/**
 * Measurement helpers of `npm run bench` and the scale bench: the server process (a free port,
 * the production build started and stopped), a load run of one route (autocannon) with its own
 * latency percentiles, a timed single call, and the Markdown table the run prints.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import autocannon from "autocannon";

/** One route under load: throughput, latency percentiles (ms) and failed requests. */
export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  errors: number;
  /** The server process's CPU time per answered request (µs), when the platform tells it. */
  cpuMicrosPerRequest?: number;
  /** Set when the route could not be measured (e.g. it does not exist yet). */
  note?: string;
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** Load options shared by every route of a run. */
export interface LoadOptions {
  baseUrl: string;
  duration: number;
  connections: number;
  /** The server process's CPU time so far (µs), read before and after each route; absent: not shown. */
  serverCpuMicros?: () => number | null;
}

/**
 * The CPU time (user + system, µs) a process has used so far, from /proc on Linux; null elsewhere.
 * Per request it is steadier than throughput on a machine shared with other work.
 */
export function processCpuMicros(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ");
    // After "pid (comm) ": state is field 0, utime field 11, stime field 12, in clock ticks (100 Hz on Linux).
    const ticks = Number(fields?.[11]) + Number(fields?.[12]);
    return Number.isFinite(ticks) ? ticks * 10_000 : null;
  } catch {
    return null;
  }
}

/** A port nobody listens on now, for the server process. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A bench's server: the production build in its own process, answering on `baseUrl`. */
export interface BenchServer {
  baseUrl: string;
  pid: number | undefined;
  /** Its CPU time so far (µs), for LoadOptions.serverCpuMicros. */
  cpuMicros: () => number | null;
  /** SIGTERM, then resolves once it has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts `scripts/start.mjs` (the production build, built first if stale) on `port` with `env`
 * added to this process's, and resolves once /healthz answers; rejects if it exits or stays
 * silent past `timeoutMs`. `nodeFlags` go to node (e.g. --cpu-prof).
 */
export async function startBenchServer(options: {
  rootDir: string;
  port: number;
  env: Record<string, string>;
  timeoutMs: number;
  nodeFlags?: string[];
}): Promise<BenchServer> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), path.join(options.rootDir, "scripts", "start.mjs")], {
    cwd: options.rootDir,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const answers = () =>
    fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  for (let waited = 0; !(await answers()); waited += 200) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering`);
    if (waited > options.timeoutMs) {
      child.kill("SIGTERM");
      throw new Error(`the server did not answer /healthz within ${options.timeoutMs / 60_000} minutes`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid,
    cpuMicros: () => (child.pid === undefined ? null : processCpuMicros(child.pid)),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** One autocannon run: every response time (sorted), its result, and the server's CPU per answered request. */
async function loadRun(
  load: LoadOptions,
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; times: number[]; cpuMicrosPerRequest: number | null }> {
  const times: number[] = [];
  const cpuBefore = load.serverCpuMicros?.() ?? null;
  const instance = autocannon(options, () => undefined);
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance.on("done", resolve);
    instance.on("error", reject);
  });
  times.sort((a, b) => a - b);
  const cpuAfter = load.serverCpuMicros?.() ?? null;
  const answered = result.requests.total;
  const cpuMicrosPerRequest = cpuBefore !== null && cpuAfter !== null && answered > 0 ? (cpuAfter - cpuBefore) / answered : null;
  return { result, times, cpuMicrosPerRequest };
}

/**
 * Loads `path` for the run's duration and connections; p50 and p95 are computed from every
 * response time (autocannon's own histogram has no p95).
 */
export async function measure(load: LoadOptions, name: string, path: string, headers: Record<string, string> = {}): Promise<Measurement> {
  const { result, times, cpuMicrosPerRequest } = await loadRun(load, {
    url: load.baseUrl + path,
    duration: load.duration,
    connections: load.connections,
    headers,
  });
  return {
    ...(cpuMicrosPerRequest !== null ? { cpuMicrosPerRequest } : {}),
    name,
    requestsPerSecond: result.requests.average,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Checks that a route answers 200 before loading it; otherwise the reason to print instead. */
export async function probe(load: LoadOptions, path: string, headers: Record<string, string> = {}): Promise<string | null> {
  const res = await fetch(load.baseUrl + path, { headers });
  await res.arrayBuffer();
  return res.ok ? null : `not measured: ${path} answers ${res.status}`;
}

/** Measures a route when it answers 200, else records why not. */
export async function measureIfPresent(
  load: LoadOptions,
  name: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Measurement> {
  const problem = await probe(load, path, headers);
  if (problem) return { name, requestsPerSecond: 0, p50: Number.NaN, p95: Number.NaN, errors: 0, note: problem };
  return measure(load, name, path, headers);
}

const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : "–");

/** The Markdown table: each route's throughput as a ratio to the baseline (the first row). */
export function markdownTable(runs: readonly Measurement[]): string {
  const baseline = runs[0]?.requestsPerSecond ?? 1;
  const cpuBaseline = runs[0]?.cpuMicrosPerRequest;
  const cpu = (run: Measurement) =>
    run.cpuMicrosPerRequest === undefined || cpuBaseline === undefined
      ? "–"
      : `${run.cpuMicrosPerRequest.toFixed(0)} (${(cpuBaseline / run.cpuMicrosPerRequest).toFixed(2)})`;
  const lines = [
    "| route | req/s | ratio to `/healthz` | p50 ms | p95 ms | server CPU µs/request (ratio) | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const run of runs) {
    if (run.note) lines.push(`| ${run.name} | – | – | – | – | – | ${run.note} |`);
    else
      lines.push(
        `| ${run.name} | ${run.requestsPerSecond.toFixed(0)} | ${(run.requestsPerSecond / baseline).toFixed(2)} | ${ms(run.p50)} | ${ms(run.p95)} | ${cpu(run)} | ${run.errors} |`,
      );
  }
  return lines.join("\n");
}

/** Median of a few timed runs (ms). */
export function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** One route under load with rotating paths: latency percentiles (ms), server CPU per request, failures. */
export interface RotatingMeasurement {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  cpuMicrosPerRequest: number | null;
  errors: number;
}

/**
 * Loads a route whose every request takes the next of `paths` (in turn, across the connections),
 * so a cache keyed by the query answers a path again only after the whole rotation: first
 * visits, not a warm cache. p50/p95/p99 from every response time.
 */
export async function measureRotating(
  load: LoadOptions,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<RotatingMeasurement> {
  let next = 0;
  const { result, times, cpuMicrosPerRequest } = await loadRun(load, {
    url: load.baseUrl,
    duration: load.duration,
    connections: load.connections,
    headers,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? "/" }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    cpuMicrosPerRequest,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
