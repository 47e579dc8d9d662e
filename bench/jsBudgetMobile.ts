/**
 * The `js-mobile` case of `npm run bench`: Lighthouse-style mobile figures for the heaviest pages
 * without Lighthouse (not a dependency): Chromium through playwright-core on the built client,
 * a 412 × 823 phone viewport, the CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`, as
 * Lighthouse's mobile preset) and DevTools' "Slow 4G" network (150 ms, 1.6 Mbit/s down). Per
 * page, median of N cold loads: first contentful paint, largest contentful paint, layout shift,
 * total blocking time (long tasks after FCP until the islands have hydrated and 2 s passed with
 * none; each counts its time over 50 ms) and an estimate of Lighthouse's performance score from
 * those four (Lighthouse 10+ curves and weights, Speed Index left out and the weights rescaled).
 * Recorded, never asserted: times depend on the machine.
 */
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/support/browser";
import { waitForIslands } from "../tests/support/audit";
import { seedTour } from "../tests/support/console-tour";
import { buildUser } from "../tests/support/factories";
import { getTestServer } from "../tests/support/server";
import { median } from "./measure";

/** One page's figures (ms, except layout shift and score). */
export interface MobileFigures {
  page: string;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  score: number;
}

/** What the page records for us, installed before any of its scripts run. */
const OBSERVERS = `
  window.__perf = { longTasks: [], lcp: 0, cls: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__perf.longTasks.push([e.startTime, e.duration]); }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__perf.lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__perf.cls += e.value; }).observe({ type: "layout-shift", buffered: true });
`;

interface PagePerf {
  longTasks: Array<[number, number]>;
  lcp: number;
  cls: number;
  fcp: number;
}

/** erfc by Abramowitz and Stegun 7.1.26 (|error| < 1.5e-7): enough for a score shown as an integer. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const value = poly * Math.exp(-z * z);
  return x >= 0 ? value : 2 - value;
}

/** Lighthouse's log-normal scoring of one metric against its p10 and median control points. */
function logNormalScore(value: number, p10: number, medianValue: number): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / medianValue) * 0.8416212335729143) / -Math.log(p10 / medianValue);
  return Math.min(1, Math.max(0, erfc(standardized) / 2));
}

/** Lighthouse 10+ mobile curves and weights for FCP, LCP, TBT and CLS (Speed Index left out, weights rescaled). */
export function estimatedScore(fcp: number, lcp: number, tbt: number, cls: number): number {
  const parts = [
    [logNormalScore(fcp, 1800, 3000), 10],
    [logNormalScore(lcp, 2500, 4000), 25],
    [logNormalScore(tbt, 200, 600), 30],
    [logNormalScore(cls, 0.1, 0.25), 25],
  ] as const;
  const weight = parts.reduce((sum, [, w]) => sum + w, 0);
  return Math.round((100 * parts.reduce((sum, [score, w]) => sum + score * w, 0)) / weight);
}

async function loadOnce(browser: Browser, url: string, cookie: { name: string; value: string } | null): Promise<PagePerf> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url }]);
    await context.addInitScript(OBSERVERS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "load" });
    await waitForIslands(page, 60_000);
    // Quiet: 2 s without a new long task.
    let seen = -1;
    for (;;) {
      const count = await page.evaluate(() => (window as unknown as { __perf: PagePerf }).__perf.longTasks.length);
      if (count === seen) break;
      seen = count;
      await page.waitForTimeout(2000);
    }
    return await page.evaluate(() => {
      const perf = (window as unknown as { __perf: PagePerf }).__perf;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      return { ...perf, fcp };
    });
  } finally {
    await context.close();
  }
}

/** Measures `pages` (addresses on a seeded test server), `runs` cold loads each; returns medians. */
export async function measureMobile(runs: number, extraUsers: number): Promise<MobileFigures[]> {
  const server = await getTestServer({ assets: "built" });
  const browser = await launchBrowser();
  try {
    const baseUrl = await server.listen();
    const data = await seedTour(server);
    const team = await server.database.db.selectFrom("teams").selectAll().where("slug", "=", data.teamSlug).executeTakeFirstOrThrow();
    for (let i = 0; i < extraUsers; i++) await buildUser(server.database.db, { team, firstName: `Mobile${i}`, lastName: "Bench" });
    const root = data.roots.get("en")!;
    const pages: Array<[string, boolean]> = [
      ["/users/manage", true],
      ["/invites", true],
      ["/settings", true],
      ["/licenses", true],
      ["/signin/en", false],
    ];
    const out: MobileFigures[] = [];
    for (const [page, signedIn] of pages) {
      const samples: PagePerf[] = [];
      for (let i = 0; i < runs; i++) samples.push(await loadOnce(browser, `${baseUrl}${page}`, signedIn ? root.cookie : null));
      const tbts = samples.map((s) => s.longTasks.filter(([start]) => start >= s.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0));
      const fcp = median(samples.map((s) => s.fcp));
      const lcp = median(samples.map((s) => s.lcp || s.fcp));
      const cls = median(samples.map((s) => s.cls));
      const tbt = median(tbts);
      out.push({ page, fcp, lcp, cls, tbt, score: estimatedScore(fcp, lcp, tbt, cls) });
    }
    return out;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The Markdown lines of a run. */
export function mobileLines(figures: readonly MobileFigures[], runs: number): string[] {
  return [
    `| page (median of ${runs} cold loads, CPU 4×, Slow 4G) | FCP ms | LCP ms | TBT ms | CLS | score (est.) |`,
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...figures.map(
      (f) => `| \`${f.page}\` | ${f.fcp.toFixed(0)} | ${f.lcp.toFixed(0)} | ${f.tbt.toFixed(0)} | ${f.cls.toFixed(3)} | ${f.score} |`,
    ),
  ];
}

/** `npm run bench -- --only js-mobile [--mobile-runs n]`: builds, measures, prints. */
export async function runJsMobile(runs: number): Promise<void> {
  const { buildAll } = await import("../scripts/build.mjs");
  await buildAll({ quiet: true });
  console.log(mobileLines(await measureMobile(runs, 60), runs).join("\n"));
}
