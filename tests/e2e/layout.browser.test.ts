import path from "node:path";
import { describe, expect, it } from "vitest";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { tourEveryPage, TOUR_SCREENSHOTS, useTour } from "../support/console-tour";
import { buildAdmin, signIn } from "../support/factories";

/**
 * Every page of the console, signed out and signed in as root, in
 * English at 1400 and 390 px: no horizontal scroll, no serious or critical axe-core violation,
 * and a screenshot each kept as a CI artifact (test-results/screenshots/layout/). Signed-in pages
 * come from the route table itself, so a page added later is checked too. Portuguese and Spanish
 * phones: layout.i18n.browser.test.ts. Also: open drawer, menu and dialog; the sticky sidebar;
 * titles that wrap.
 */
describe("every page fits and passes axe-core, at 1400 and 390 px", () => {
  const tour = useTour();

  it("desktop (1400 px): no horizontal scroll and no serious axe violation on any page", { timeout: 120_000 }, async () => {
    expect(
      await tourEveryPage(tour.browser, tour.baseUrl, { name: "desktop", viewport: { width: 1400, height: 900 }, lang: "en" }, tour.data),
    ).toEqual([]);
  });

  it("phone (390 px): no horizontal scroll and no serious axe violation on any page", { timeout: 120_000 }, async () => {
    expect(
      await tourEveryPage(tour.browser, tour.baseUrl, { name: "phone", viewport: { width: 390, height: 844 }, lang: "en" }, tour.data),
    ).toEqual([]);
  });

  it("passes axe-core and fits with the drawer, the profile menu, a confirmation and a selection open on a phone", async () => {
    const context = await tour.browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: tour.baseUrl });
    await context.addCookies([{ ...tour.data.roots.get("en")!.cookie, url: tour.baseUrl }]);
    const page = await context.newPage();
    const problems: string[] = [];
    const audit = async (state: string) => {
      for (const v of await seriousAxeViolations(page))
        problems.push(`${state}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
      const { excess, culprits } = await horizontalOverflow(page);
      if (excess > 0) problems.push(`${state}: ${excess} px of horizontal scroll (${culprits.join(", ")})`);
      await page.screenshot({ path: path.join(TOUR_SCREENSHOTS, `state-${state}-phone.png`) });
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
    await page.goto(`/users/profile/${tour.data.userUid}`);
    await waitForIslands(page);
    await page.getByRole("button", { name: "Wipe", exact: true }).click();
    await page.getByRole("dialog").waitFor();
    await audit("wipe-dialog-open");
    await page.keyboard.press("Escape");
    await page.goto("/users/manage");
    await waitForIslands(page);
    await page.getByRole("checkbox", { name: "Select every user on this page" }).check();
    await page.getByRole("button", { name: "Move to company" }).waitFor();
    // The bulk 'Target company' select shows its whole placeholder (it was cut to 'Target com').
    const target = await page.getByRole("combobox", { name: "Target company" }).evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement("span");
      probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;font:inherit";
      probe.textContent = el.options[el.selectedIndex]?.text ?? "";
      el.parentElement!.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      return { needed, width: el.clientWidth };
    });
    expect(target.width).toBeGreaterThan(target.needed + 24);
    await audit("users-selected");
    await context.close();
    expect(problems).toEqual([]);
  });

  it("shows the users list's first row on a phone's first screen, and a device's Wipe and Delete in view", async () => {
    const context = await tour.browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: tour.baseUrl });
    await context.addCookies([{ ...tour.data.roots.get("en")!.cookie, url: tour.baseUrl }]);
    const page = await context.newPage();
    await page.goto("/users/manage");
    await waitForIslands(page);
    const firstRow = await page.locator(".users-list tbody tr").first().boundingBox();
    // It started about 790 px down (below an 844 px screen's fold with the browser's own bars).
    expect(firstRow!.y + firstRow!.height).toBeLessThan(700);
    await page.goto(`/users/profile/${tour.data.userUid}`);
    await waitForIslands(page);
    for (const name of ["Wipe", "Delete"]) {
      const box = await page.getByRole("button", { name, exact: true }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await context.close();
  });

  it("keeps the sidebar in view while a long page scrolls on a desktop", async () => {
    const context = await tour.browser.newContext({ viewport: { width: 1400, height: 700 }, baseURL: tour.baseUrl });
    await context.addCookies([{ ...tour.data.roots.get("en")!.cookie, url: tour.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`/users/profile/${tour.data.userUid}`);
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
    const db = tour.server.database.db;
    const context = await tour.browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: tour.baseUrl });
    for (const lang of ["pt", "es"] as const) {
      const root = await buildAdmin(db, { role: "root", lang, firstName: "Maria", lastName: "Fernandes" });
      const session = await signIn(db, tour.server.config, root);
      await context.addCookies([{ name: session.cookie.name, value: encodeURIComponent(session.cookie.value), url: tour.baseUrl }]);
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
