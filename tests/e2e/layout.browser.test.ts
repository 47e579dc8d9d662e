import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PROTECTED_PAGES } from "../../server/pages/routes";
import { issueToken } from "../../server/services/oneTimeTokens";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { launchBrowser } from "../support/browser";
import { buildAdmin, buildDevice, buildTeam, buildUser, signIn } from "../support/factories";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";

/**
 * Issue 14, items 5 and 8: every page of the console, signed out and signed in as root, at 1400
 * and 390 px: no horizontal scroll, no serious or critical axe-core violation, and a screenshot
 * kept as a CI artifact. Signed-in pages come from the route table itself, so a page added later
 * is checked too (a new parameterised route needs a sample below, or this test says so).
 */
const SCREENSHOTS = path.join(ROOT_DIR, "test-results", "screenshots", "layout");
const WIDTHS = [
  { name: "desktop", viewport: { width: 1400, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

interface Samples {
  userUid: string;
  adminUid: string;
  rootUid: string;
  teamSlug: string;
  verifyToken: string;
  resetToken: string;
}

/** The concrete address of a protected route, with a seeded object for each parameter. */
function concretePath(route: string, samples: Samples): string {
  const byRoute: Record<string, string> = {
    "/users/profile/:queryUID": `/users/profile/${samples.userUid}`,
    "/admins/profile/:queryUID": `/admins/profile/${samples.adminUid}`,
    "/teams/profile/:queryUID": `/teams/profile/${samples.teamSlug}`,
  };
  if (!route.includes(":")) return route;
  const sample = byRoute[route];
  if (!sample) throw new Error(`layout.browser.test.ts has no sample for the new route ${route}: add one to concretePath`);
  return sample;
}

describe("every page fits and passes axe-core, at 1400 and 390 px", () => {
  let server: TestServer;
  let baseUrl = "";
  let samples: Samples;
  let cookie: { name: string; value: string };
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await getTestServer({ assets: "built" });
    baseUrl = await server.listen();
    const db = server.database.db;
    const team = await buildTeam(db, { teamName: "Northwind Logistics International", slug: "northwind" });
    const root = await buildAdmin(db, { role: "root", firstName: "Grace", lastName: "Hopper" });
    const admin = await buildAdmin(db, { teams: [team], firstName: "Ada", lastName: "Lovelace" });
    const user = await buildUser(db, { team, firstName: "Katherine", lastName: "Johnson", aliases: ["kj"] });
    await buildDevice(db, user, { location: { city: "Lisbon", country: "Portugal", ip: "192.0.2.10" } });
    for (let i = 0; i < 12; i += 1) await buildUser(db, { team, firstName: `Person${i}`, lastName: "Longname-Withhyphen" });
    const invited = await buildAdmin(db, { status: "invited", teams: [team] });
    samples = {
      userUid: user.uid,
      adminUid: admin.uid,
      rootUid: root.uid,
      teamSlug: team.slug,
      verifyToken: await issueToken(db, invited.id, "verify", 60),
      resetToken: await issueToken(db, admin.id, "reset", 60),
    };
    const session = await signIn(db, server.config, root);
    cookie = { name: session.cookie.name, value: encodeURIComponent(session.cookie.value) };
    browser = await launchBrowser();
    return async () => {
      await browser.close();
      await server.close();
    };
  });

  for (const width of WIDTHS) {
    it(`${width.name} (${width.viewport.width} px): no horizontal scroll and no serious axe violation on any page`, { timeout: 180_000 }, async () => {
      const context: BrowserContext = await browser.newContext({ viewport: width.viewport, baseURL: baseUrl });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      const problems: string[] = [];
      const visit = async (name: string, target: string) => {
        const response = await page.goto(target);
        if ((response?.status() ?? 0) >= 500) problems.push(`${name}: status ${response?.status()}`);
        await waitForIslands(page);
        const { excess, culprits } = await horizontalOverflow(page);
        if (excess > 0) problems.push(`${name}: ${excess} px of horizontal scroll (${culprits.join(", ")})`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${name}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width.name}.png`), fullPage: true });
      };

      const publicPages: [string, string][] = [
        ["signin", "/signin/en"],
        ["signup", "/signup/en"],
        ["forgot-password", "/forgot-password/en"],
        ["verify", `/verify/en/${samples.verifyToken}`],
        ["reset", `/reset/en/${samples.resetToken}`],
        ["not-found", "/404"],
      ];
      for (const [name, target] of publicPages) await visit(name, target);

      await context.addCookies([{ ...cookie, url: baseUrl }]);
      for (const route of PROTECTED_PAGES) {
        const target = concretePath(route.path, samples);
        await visit(route.path.replace(/^\//, "").replace(/\/:queryUID$/, "").replaceAll("/", "-"), target);
      }
      await visit("my-profile", `/admins/profile/${samples.rootUid}`);

      await context.close();
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  }

  it("passes axe-core with the drawer, the profile menu and a confirmation open on a phone", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl });
    await context.addCookies([{ ...cookie, url: baseUrl }]);
    const page = await context.newPage();
    const problems: string[] = [];
    const audit = async (state: string) => {
      for (const v of await seriousAxeViolations(page)) problems.push(`${state}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
      const { excess, culprits } = await horizontalOverflow(page);
      if (excess > 0) problems.push(`${state}: ${excess} px of horizontal scroll (${culprits.join(", ")})`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `state-${state}-phone.png`) });
    };
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => page.locator("#sidebar").isVisible()).toBe(true);
    await audit("drawer-open");
    await page.keyboard.press("Escape");
    await page.locator(".profile-button").click();
    await expect.poll(() => page.locator("#profile-menu").isVisible()).toBe(true);
    await audit("profile-menu-open");
    await page.keyboard.press("Escape");
    await page.goto(`/users/profile/${samples.userUid}`);
    await waitForIslands(page);
    await page.getByRole("button", { name: "Wipe", exact: true }).click();
    await page.getByRole("dialog").waitFor();
    await audit("wipe-dialog-open");
    await context.close();
    expect(problems).toEqual([]);
  });

  it("keeps the sidebar in view while a long page scrolls on a desktop", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 700 }, baseURL: baseUrl });
    await context.addCookies([{ ...cookie, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`/users/profile/${samples.userUid}`);
    const tall = await page.evaluate(() => document.scrollingElement!.scrollHeight);
    expect(tall).toBeGreaterThan(1400);
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    const box = await page.locator("#sidebar").evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, viewport: window.innerHeight, scrolled: window.scrollY };
    });
    expect(box.scrolled).toBeGreaterThan(700);
    expect(box.top).toBe(0);
    expect(box.bottom).toBe(box.viewport);
    await context.close();
  });

  it("wraps the longest page titles on a phone instead of cutting them, and shows no shadow above the header", async () => {
    const db = server.database.db;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl });
    for (const lang of ["pt", "es"] as const) {
      const root = await buildAdmin(db, { role: "root", lang, firstName: "Maria", lastName: "Fernandes" });
      const session = await signIn(db, server.config, root);
      await context.addCookies([{ name: session.cookie.name, value: encodeURIComponent(session.cookie.value), url: baseUrl }]);
      const page = await context.newPage();
      await page.goto("/apps");
      const title = await page.locator(".page-title").evaluate((el) => ({
        text: el.textContent,
        cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
      }));
      expect(title.text).toBe(lang === "pt" ? "Definições das aplicações" : "Configuración de las aplicaciones");
      expect(title.cut).toBe(false);
      // Nothing but the header may paint above the content: the hidden skip link has no shadow.
      expect(await page.locator(".skip-link").evaluate((el) => getComputedStyle(el).boxShadow)).toBe("none");
      await page.close();
    }
    await context.close();
  });
});
