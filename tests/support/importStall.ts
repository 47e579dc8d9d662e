/**
 * Issue #32's measurement: parallel users-import previews of generated files sent to a server
 * process while /healthz is probed every 50 ms and the server's resident memory is sampled. It
 * records — the worst /healthz latency, the RSS growth — and asserts nothing about times (a shared
 * machine is no timing oracle). Used by tests/e2e/users.import.stall.test.ts (small files) and
 * `npm run bench -- --only import-stall` (eight 46 MB files, ~1 M rows).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";

/** What to send: `files` previews of `bytesPerFile` each, one per admin token, into company `team`. */
export interface StallLoad {
  baseUrl: string;
  /** The server's process id (its RSS is read from /proc). */
  pid: number;
  /** One bearer header per preview (one admin each: the per-admin slot is one). */
  auths: string[];
  team: string;
  bytesPerFile: number;
  /** Send again after Retry-After when refused with 429 (the previews then all run, two at a time). */
  retry: boolean;
  /** The server's METRICS_TOKEN: its own event-loop delay (nodejs_eventloop_lag_max_seconds) is recorded too. */
  metricsToken?: string;
}

/** The server's largest event-loop delay since the last scrape (prom-client resets it on each), in ms; null without metrics. */
export async function loopLagMaxMs(baseUrl: string, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  const res = await fetch(`${baseUrl}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  const match = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(await res.text());
  return match ? Number(match[1]) * 1000 : null;
}

/** One preview's answer: its final status, how many tries it took, and the rows the server counted. */
export interface PreviewOutcome {
  status: number;
  tries: number;
  total: number | null;
  /** Rows the preview found new (a generated file is all new rows: the full work of a preview). */
  fresh: number | null;
  code: string | null;
}

/** What a run recorded. */
export interface StallRecord {
  previews: PreviewOutcome[];
  rows: number;
  /** Bytes of each file. */
  bytes: number;
  healthz: { probes: number; failed: number; worstMs: number; p99Ms: number; medianMs: number };
  rss: { beforeMb: number; peakMb: number; growthMb: number };
  /** The server's own largest event-loop delay during the run (its view, without the client's), ms. */
  loopLagMaxMs: number | null;
  /** The prober's own largest event-loop delay, ms (its process does nothing else: near 0 unless the machine is starved). */
  proberLagMaxMs: number;
  seconds: number;
}

/**
 * One generated row: long names (~350 bytes a row, as the issue's 46 MB files with ~125,000 rows
 * each), a valid e-mail username (a 56-character local part), every flag column.
 */
export function stallRow(file: number, i: number, team: string): string {
  const username = `stall-${file}-${String(i).padStart(7, "0")}-${"u".repeat(40)}@${"d".repeat(60)}.stall.test`;
  return `${username},${"F".repeat(100)},${"L".repeat(100)},${team},1,0,yes\r\n`;
}

/** The server's resident set in MiB (Linux /proc), or NaN elsewhere. */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Rows of a generated file of about `bytes` for company `team`. */
export function rowsFor(bytes: number, team: string): number {
  return Math.max(1, Math.floor(bytes / stallRow(0, 0, team).length));
}

/** A generated import file, as a stream of ~64 KiB chunks (the client never holds the file). */
function fileStream(file: number, rows: number, team: string): Readable {
  return Readable.from(
    (function* lines() {
      let chunk = "username,firstName,lastName,team,ecs,sip,cellcrypt\r\n";
      for (let i = 0; i < rows; i++) {
        chunk += stallRow(file, i, team);
        if (chunk.length >= 64 * 1024) {
          yield Buffer.from(chunk);
          chunk = "";
        }
      }
      if (chunk) yield Buffer.from(chunk);
    })(),
    { objectMode: false },
  );
}

/** One preview, sent as a stream (chunked: the server counts the bytes as they come), retried after 429 when asked. */
async function sendPreview(load: StallLoad, file: number, rows: number): Promise<PreviewOutcome> {
  for (let tries = 1; ; tries++) {
    const res = await fetch(`${load.baseUrl}/v2/users/import?mode=preview`, {
      method: "POST",
      headers: { Authorization: load.auths[file]!, "Content-Type": "text/csv" },
      body: Readable.toWeb(fileStream(file, rows, load.team)) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    const body = (await res.json()) as { total?: number; counts?: { new?: number }; error?: { code?: string } };
    if (res.status === 429 && load.retry && tries < 1_000) {
      const wait = Math.max(1, Number(res.headers.get("retry-after")) || 1);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    return { status: res.status, tries, total: body.total ?? null, fresh: body.counts?.new ?? null, code: body.error?.code ?? null };
  }
}

/** What a prober saw: each probe's latency, the probes not answered 200, the server's peak RSS and the prober's own worst event-loop delay. */
export interface ProbeResult {
  latencies: number[];
  failed: number;
  peakMb: number;
  /** The prober's own largest event-loop delay, ms: a probe it sent or read late would count against the server. */
  lagMaxMs: number;
}

/**
 * The prober, run in a process of its own (node -e): the process that generates and sends the
 * files stalled up to ~1.1 s on this machine, and a probe it sent or read late was counted as the
 * server's stall. Writes "ready" when probing, and its result as JSON once its stdin ends.
 */
const PROBER = `
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
const [baseUrl, pid, everyMs] = [process.argv[1], process.argv[2], Number(process.argv[3])];
const rss = () => {
  try {
    const match = /VmRSS:\\s+(\\d+) kB/.exec(readFileSync("/proc/" + pid + "/status", "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
};
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const latencies = [];
let failed = 0;
let peakMb = rss();
let running = true;
process.stdin.on("end", () => (running = false)).resume();
process.stdout.write("ready\\n");
while (running) {
  const started = performance.now();
  const ok = await fetch(baseUrl + "/healthz").then(async (res) => (await res.arrayBuffer(), res.status === 200), () => false);
  const elapsed = performance.now() - started;
  latencies.push(elapsed);
  if (!ok) failed += 1;
  peakMb = Math.max(peakMb, rss());
  if (elapsed < everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs - elapsed));
}
process.stdout.write(JSON.stringify({ latencies, failed, peakMb, lagMaxMs: lag.max / 1e6 }) + "\\n");
`;

/** Probes /healthz every `everyMs` from a process of its own (see {@link PROBER}) until `stop()`; resolves once probing. */
export async function probeHealthz(baseUrl: string, pid: number, everyMs = 50): Promise<{ stop(): Promise<ProbeResult> }> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", PROBER, baseUrl, String(pid), String(everyMs)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      output += text;
      if (output.startsWith("ready\n")) resolve();
    });
    void exited.then((code) => reject(new Error(`the /healthz prober exited with ${code}`)));
  });
  return {
    stop: async () => {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the /healthz prober exited with ${code}`);
      return JSON.parse(output.slice("ready\n".length)) as ProbeResult;
    },
  };
}

/** The value at quantile `q` of `values` (0 when empty). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** /healthz on a warmed, idle server: the baseline a run is read against. */
export interface Baseline {
  /** The warm-up preview's status (200 expected). */
  warmStatus: number;
  probes: number;
  failed: number;
  worstMs: number;
  p99Ms: number;
  /** The server's own worst event-loop delay meanwhile, ms; null without metrics. */
  loopLagMaxMs: number | null;
  seconds: number;
}

/** Warms the server with one small preview by `auth` (first use compiles and loads), then probes /healthz alone for `seconds`: the test and the bench share it. */
export async function warmBaseline(
  load: Omit<StallLoad, "auths" | "bytesPerFile" | "retry">,
  auth: string,
  seconds: number,
): Promise<Baseline> {
  const warm = await fetch(`${load.baseUrl}/v2/users/import?mode=preview`, {
    method: "POST",
    headers: { Authorization: auth, "Content-Type": "text/csv" },
    body: `username,firstName,lastName,team\nwarm@stall.test,W,U,${load.team}\n`,
  });
  await warm.arrayBuffer();
  await loopLagMaxMs(load.baseUrl, load.metricsToken);
  const idle = await probeHealthz(load.baseUrl, load.pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const { latencies, failed } = await idle.stop();
  return {
    warmStatus: warm.status,
    probes: latencies.length,
    failed,
    worstMs: Math.max(0, ...latencies),
    p99Ms: quantile(latencies, 0.99),
    loopLagMaxMs: await loopLagMaxMs(load.baseUrl, load.metricsToken),
    seconds,
  };
}

/** The baseline as a line of text. */
export function baselineLine(baseline: Baseline): string {
  const lag = baseline.loopLagMaxMs === null ? "not measured" : `${baseline.loopLagMaxMs.toFixed(0)} ms`;
  return `  baseline, /healthz alone for ${baseline.seconds} s: ${baseline.probes} probes, worst ${baseline.worstMs.toFixed(0)} ms, p99 ${baseline.p99Ms.toFixed(0)} ms, server event-loop delay worst ${lag}`;
}

/** Runs the load: every preview at once, /healthz probed and RSS sampled throughout. */
export async function measureImportStall(load: StallLoad): Promise<StallRecord> {
  const rows = rowsFor(load.bytesPerFile, load.team);
  const beforeMb = rssMb(load.pid);
  await loopLagMaxMs(load.baseUrl, load.metricsToken);
  const started = performance.now();
  const probe = await probeHealthz(load.baseUrl, load.pid);
  const previews = await Promise.all(load.auths.map((_, file) => sendPreview(load, file, rows)));
  const { latencies, failed, peakMb, lagMaxMs: proberLagMaxMs } = await probe.stop();
  const lag = await loopLagMaxMs(load.baseUrl, load.metricsToken);
  return {
    previews,
    rows,
    bytes: rows * stallRow(0, 0, load.team).length,
    healthz: {
      probes: latencies.length,
      failed,
      worstMs: Math.max(0, ...latencies),
      p99Ms: quantile(latencies, 0.99),
      medianMs: quantile(latencies, 0.5),
    },
    rss: { beforeMb, peakMb, growthMb: peakMb - beforeMb },
    loopLagMaxMs: lag,
    proberLagMaxMs,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The record as lines of text (printed by the test and the bench, kept in test-results/). */
export function stallLines(record: StallRecord, label: string): string[] {
  const statuses = record.previews.map((p) => `${p.status}×${p.tries}`).join(", ");
  const mb = record.bytes / 1024 / 1024;
  return [
    `${label}: ${record.previews.length} parallel previews of ${mb.toFixed(1)} MiB (${record.rows.toLocaleString("en")} rows each) in ${record.seconds.toFixed(1)} s`,
    `  answers (status×tries): ${statuses}`,
    `  /healthz: ${record.healthz.probes} probes, ${record.healthz.failed} failed, median ${record.healthz.medianMs.toFixed(0)} ms, p99 ${record.healthz.p99Ms.toFixed(0)} ms, worst ${record.healthz.worstMs.toFixed(0)} ms`,
    `  server RSS: ${record.rss.beforeMb.toFixed(0)} MiB before, peak ${record.rss.peakMb.toFixed(0)} MiB, growth ${record.rss.growthMb.toFixed(0)} MiB`,
    `  server event-loop delay (its own view), worst: ${record.loopLagMaxMs === null ? "not measured" : `${record.loopLagMaxMs.toFixed(0)} ms`}; the prober's own: ${record.proberLagMaxMs.toFixed(0)} ms`,
  ];
}
