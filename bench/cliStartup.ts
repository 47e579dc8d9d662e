/**
 * The `cli-startup` case of `npm run bench`: how long the packed CLI (dist/bulwark-cli-*.tgz's
 * single-file bundle) takes for `bulwark --help`, next to `node -e 0` measured in the same run, as
 * a median over N runs and a ratio (target: at most 3× a bare Node start). Packs first.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { median } from "./measure";

/** The medians in ms and their ratio. */
export interface StartupResult {
  nodeMs: number;
  cliMs: number;
  ratio: number;
  runs: number;
}

function timeRun(args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: "ignore",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
  });
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}`);
  return performance.now() - started;
}

/** Packs the CLI and times `--help` of its bundle against `node -e 0`, alternating so both see the same machine. */
export async function measureCliStartup(runs: number): Promise<StartupResult> {
  const { packCli } = await import("../scripts/pack-cli.mjs");
  const { bundle } = await packCli({ quiet: true });
  timeRun([bundle, "--help"]); // warm the file cache
  const node: number[] = [];
  const cli: number[] = [];
  for (let i = 0; i < runs; i++) {
    node.push(timeRun(["-e", "0"]));
    cli.push(timeRun([bundle, "--help"]));
  }
  const nodeMs = median(node);
  const cliMs = median(cli);
  return { nodeMs, cliMs, ratio: cliMs / nodeMs, runs };
}

/** The Markdown lines of the result. */
export function startupLines(result: StartupResult): string[] {
  return [
    "| CLI start-up (median of " + String(result.runs) + " runs) | time |",
    "| --- | ---: |",
    `| \`node -e 0\` | ${result.nodeMs.toFixed(0)} ms |`,
    `| \`bulwark --help\` (packed bundle) | ${result.cliMs.toFixed(0)} ms (${result.ratio.toFixed(2)}×, target ≤ 3×) |`,
  ];
}
