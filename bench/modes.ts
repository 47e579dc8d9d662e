/**
 * The modes of `npm run bench` that run alone, without the seeded server of bench/run.ts: the
 * first-visit scale bench, the CLI's start-up, the browser's JavaScript budget and its mobile figures,
 * the users-import stall and the overlapping bulk actions (issue #32).
 */
import { measureCliStartup, startupLines } from "./cliStartup";
import { runScaleBench } from "./scale";

/** The parsed options these modes read (bench/run.ts's parseArgs values). */
export interface StandaloneOptions {
  scale?: string | undefined;
  only?: string | undefined;
  teams?: string | undefined;
  duration?: string | undefined;
  "database-url"?: string | undefined;
  reuse?: boolean | undefined;
  "data-dir"?: string | undefined;
  out?: string | undefined;
  compare?: string | undefined;
  "cli-runs"?: string | undefined;
  "mobile-runs"?: string | undefined;
  users?: string | undefined;
}

/** Runs the mode the options name and answers true, or answers false for the main run. */
export async function runStandaloneMode(values: StandaloneOptions): Promise<boolean> {
  // `--scale <users>`: first visits at that size (bench/scale.ts); its exit status is the bench's.
  if (values.scale) {
    process.exit(
      await runScaleBench({
        users: Number(values.scale),
        teams: Number(values.teams),
        duration: Number(values.duration),
        databaseUrl: values["database-url"],
        reuse: values.reuse ?? false,
        dataDir: values["data-dir"],
        only: values.only,
        out: values.out,
        compare: values.compare,
      }),
    );
  }
  // `--only cli-startup` needs no server or data: measure, print, stop.
  if (values.only === "cli-startup") {
    console.log(startupLines(await measureCliStartup(Number(values["cli-runs"]))).join("\n"));
    return true;
  }
  // `--only js-budget`: build, render each page, sum its scripts (bench/jsBudget.ts).
  if (values.only === "js-budget") {
    await (await import("./jsBudget")).runJsBudget();
    return true;
  }
  // `--only import-stall`: eight parallel 46 MB import previews against /healthz alone (bench/importStall.ts).
  if (values.only === "import-stall") {
    await (await import("./importStall")).runImportStall(values["database-url"]);
    return true;
  }
  // `--only bulk-overlap`: 1, 2 and 4 clients blocking/activating the same users, then a soak (bench/bulkOverlap.ts).
  if (values.only === "bulk-overlap") {
    await (await import("./bulkOverlap")).runBulkOverlap(values["database-url"], Number(values.users ?? 10_000));
    return true;
  }
  // `--only js-mobile`: Lighthouse-style mobile figures of the heaviest pages (bench/jsBudgetMobile.ts).
  if (values.only === "js-mobile") {
    await (await import("./jsBudgetMobile")).runJsMobile(Number(values["mobile-runs"]));
    return true;
  }
  return false;
}
