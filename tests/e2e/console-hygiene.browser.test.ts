import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildTeam } from "../support/factories";

/**
 * What Chromium says about the console's pages outside the page's own console calls: the
 * browser's log (the Permissions-Policy header's parse warnings, CSP reports) and its DevTools
 * issues (Lighthouse's Best Practices reads the same). Playwright's console event does not carry
 * these, so they are read over the DevTools protocol.
 */
async function browserMessages(page: Page): Promise<{ log: string[]; issues: string[]; violations: () => Promise<string[]> }> {
  const log: string[] = [];
  const issues: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Log.entryAdded", ({ entry }) => log.push(`${entry.level}: ${entry.text}`));
  cdp.on("Audits.issueAdded", ({ issue }) => issues.push(`${issue.code}: ${JSON.stringify(issue.details)}`));
  await cdp.send("Log.enable");
  await cdp.send("Audits.enable");
  // Every securitypolicyviolation the page raises, from the first script on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
  });
  const violations = () => page.evaluate(() => (globalThis as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  return { log, issues, violations };
}

describe("the browser has nothing to say about the console's headers and scripts", () => {
  const suite = useBrowserSuite();

  it("logs no Permissions-Policy parse error (no feature Chromium does not know) on a signed-out page", async () => {
    const { page } = await suite.open();
    const { log } = await browserMessages(page);
    await page.goto("/signin/en");
    await waitForIslands(page);
    expect(log.filter((line) => /Permissions-Policy|Unrecognized feature/i.test(line))).toEqual([]);
  });

  it("raises no CSP violation or eval issue on pages with islands (zod runs jitless in the browser)", async () => {
    const db = suite.server().database.db;
    await buildTeam(db, { teamName: "Hygiene Test Company", slug: "hygiene" });
    const root = await buildAdmin(db, { role: "root" });
    const { page, consoleErrors } = await suite.open(root);
    const { log, issues, violations } = await browserMessages(page);
    for (const target of ["/users/manage", "/users/create", "/settings", "/admins/create"]) {
      await page.goto(target);
      await waitForIslands(page);
      // A schema built and run in the browser: the create form validates on submit.
      expect(await violations(), target).toEqual([]);
    }
    await page.goto("/users/create");
    await waitForIslands(page);
    await page.locator("form.form button[type=submit]").click({ timeout: 5_000 });
    await page.waitForSelector("[aria-invalid=true]", { state: "attached" });
    expect(await violations()).toEqual([]);
    expect(
      await page.evaluate(() => (globalThis as unknown as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless),
    ).toBe(true);
    expect(log.filter((line) => /Content Security Policy|unsafe-eval|Unrecognized feature/i.test(line))).toEqual([]);
    expect(issues.filter((line) => /ContentSecurityPolicy|eval/i.test(line))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("keeps the server's ids through hydration (React renders, Preact hydrates): every label and aria reference resolves", async () => {
    const db = suite.server().database.db;
    const root = await buildAdmin(db, { role: "root" });
    const { page, consoleErrors } = await suite.open(root);
    /** Every id inside island roots, and every reference (for, aria-*) that names none. */
    const audit = () =>
      page.evaluate(() => {
        const ids = Array.from(document.querySelectorAll("[data-island-root] [id]")).map((el) => el.id);
        const dangling: string[] = [];
        for (const el of document.querySelectorAll(
          "[data-island-root] [for], [data-island-root] [aria-describedby], [data-island-root] [aria-labelledby], [data-island-root] [aria-controls]",
        ))
          for (const attr of ["for", "aria-describedby", "aria-labelledby", "aria-controls"])
            for (const ref of (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean))
              if (!document.getElementById(ref)) dangling.push(`${attr}=${ref}`);
        return { ids, dangling };
      });
    for (const target of ["/users/create", "/admins/create", "/settings"]) {
      const served = await (await page.request.get(target)).text();
      await page.goto(target);
      await waitForIslands(page);
      const { ids, dangling } = await audit();
      expect(ids.length, target).toBeGreaterThan(0);
      expect(new Set(ids).size, target).toBe(ids.length);
      // Each id the browser has is one the server rendered (not Preact's own `P0-0` kind).
      for (const id of ids) expect(served, `${target} #${id}`).toContain(`id="${id}"`);
      expect(dangling, target).toEqual([]);
    }
    // After hydration, elements that appear (field errors) and the inputs that name them agree.
    await page.goto("/users/create");
    await waitForIslands(page);
    await page.locator("form.form button[type=submit]").click({ timeout: 5_000 });
    await page.waitForSelector("[aria-invalid=true]", { state: "attached" });
    expect((await audit()).dangling).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
