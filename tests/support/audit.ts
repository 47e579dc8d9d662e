/**
 * Page checks the browser suites share: horizontal overflow, axe-core's serious and
 * critical violations, and waiting until every island on the page has hydrated.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { ROOT_DIR } from "./server";

let axeSource: string | null = null;
const axeScript = () => (axeSource ??= readFileSync(path.join(ROOT_DIR, "node_modules", "axe-core", "axe.min.js"), "utf8"));

/** One axe-core violation as a test reports it: rule, impact and where. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits (bounded) until every island marker on the page says it hydrated, failed to load, or is
 * deferred (the re-authentication prompt loads on the first refused call: client/entry.tsx).
 */
export async function waitForIslands(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll("bulwark-island")).every(
        (el) => el.hasAttribute("hydrated") || el.hasAttribute("deferred") || el.querySelector(".island-load-error"),
      ),
    undefined,
    { timeout },
  );
}

/**
 * How far the document is wider than the viewport (0 when it fits), and the widest elements that
 * stick out past the right edge, so a failure names its culprit.
 */
export async function horizontalOverflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const excess = Math.max(0, root.scrollWidth - window.innerWidth);
    const culprits: string[] = [];
    if (excess > 0) {
      for (const el of Array.from(document.body.querySelectorAll("*"))) {
        const box = el.getBoundingClientRect();
        if (box.right > window.innerWidth + 1 && box.width > 0) {
          const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
          culprits.push(`${el.tagName.toLowerCase()}${cls} right=${Math.round(box.right)}`);
        }
        if (culprits.length >= 5) break;
      }
    }
    return { excess, culprits };
  });
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== "undefined");
  // The console's CSP (rightly) refuses page.addScriptTag's inline script without a nonce;
  // evaluating the source goes through the DevTools protocol, which the page's CSP does not govern.
  if (!loaded) await page.evaluate(axeScript());
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? "",
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(" ")),
      }));
  });
}
