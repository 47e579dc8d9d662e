import path from "node:path";
import { describe, expect, it } from "vitest";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { tourEveryPage, TOUR_SCREENSHOTS, useTour } from "../support/console-tour";
import { buildAdmin, buildPack, buildTeam, buildUser, signIn } from "../support/factories";

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
    // Within a pixel: a page whose content ends on a half pixel leaves the sticky sidebar 0.5 px up.
    expect(Math.abs(box.top)).toBeLessThan(1);
    expect(Math.abs(box.bottom - box.viewport)).toBeLessThan(1);
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
      const shadows = await page.locator(".skip-link").evaluateAll((links) => links.map((el) => getComputedStyle(el).boxShadow));
      expect([...new Set(shadows)]).toEqual(["none"]);
      await page.close();
    }
    await context.close();
  });

  // Issue 27, "One pattern, for real". Last in the file: it adds users, companies and packs.
  describe("one list pattern", () => {
    const openAs = async (viewport: { width: number; height: number }) => {
      const context = await tour.browser.newContext({ viewport, baseURL: tour.baseUrl });
      await context.addCookies([{ ...tour.data.roots.get("en")!.cookie, url: tour.baseUrl }]);
      return { context, page: await context.newPage() };
    };

    it("shows /users/manage's first row on the first screen at 1400×900 and 390×844, export folded into one menu", async () => {
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { context, page } = await openAs(viewport);
        await page.goto("/users/manage");
        await waitForIslands(page);
        const row = await page.locator(".users-list tbody tr").first().boundingBox();
        // It started at y≈745 of 900 at 1400 px, under the export options and buttons: now at least
        // 200 px of rows are on the first screen.
        expect(row!.y + row!.height, `${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
        expect(row!.y, `${viewport.width} px`).toBeLessThan(viewport.height - 200);
        // Export: one closed menu in the toolbar; opened, the titles, the BOM and a button per format.
        const form = page.locator(".list-toolbar .export-form");
        expect(await form.isVisible()).toBe(false);
        await page.locator(".list-toolbar .export-menu > summary").click();
        expect(await form.isVisible()).toBe(true);
        expect(await form.getByLabel("Column titles").isVisible()).toBe(true);
        expect(await form.getByLabel("Byte order mark (for spreadsheets)").isVisible()).toBe(true);
        expect(await form.getByRole("button", { name: /^Export \d+ users \((CSV|JSON Lines)\)$/ }).count()).toBe(2);
        const { excess } = await horizontalOverflow(page);
        expect(excess).toBe(0);
        await page.screenshot({ path: path.join(TOUR_SCREENSHOTS, `users-export-open-${viewport.width}.png`) });
        await context.close();
      }
    });

    it("breaks e-mail addresses only after '@', '.' or '-', never inside a word", async () => {
      const db = tour.server.database.db;
      const team = await buildTeam(db, { teamName: "Atlas Logistics", slug: "atlas-logistics" });
      await buildUser(db, { team, firstName: "Aaron", lastName: "Almeida", username: "afonso.almeida.583@atlas-logistics.example" });
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1400, height: 900 },
      ]) {
        const { context, page } = await openAs(viewport);
        await page.goto("/users/manage?team=atlas-logistics");
        await waitForIslands(page);
        const cell = page.locator(".users-table tbody tr").first().locator(".email-text");
        expect(await cell.textContent()).toBe("afonso.almeida.583@atlas-logistics.example");
        // Where each line starts: the character before every line break.
        const breaksAfter = await cell.evaluate((el) => {
          const text = el.textContent ?? "";
          const range = document.createRange();
          const tops: number[] = [];
          let offset = 0;
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < (node.textContent ?? "").length; i += 1) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              tops[offset + i] = Math.round(range.getBoundingClientRect().top);
            }
            offset += (node.textContent ?? "").length;
          }
          const after: string[] = [];
          for (let i = 1; i < tops.length; i += 1) if (tops[i]! > tops[i - 1]!) after.push(text[i - 1]!);
          return after;
        });
        for (const char of breaksAfter) expect("@.-", `${viewport.width} px: a break after '${char}'`).toContain(char);
        if (viewport.width === 390) expect(breaksAfter.length).toBeGreaterThan(0);
        await context.close();
      }
    });

    it("draws one card style on phones for every list (label left, value right, no 'Label:' inline)", async () => {
      const { context, page } = await openAs({ width: 390, height: 844 });
      const cards: Record<string, { display: string; radius: string; border: string; padding: string; label: string }> = {};
      for (const [name, target, table] of [
        ["users", "/users/manage", ".users-table"],
        ["admins", "/admins/manage", ".admins-table"],
        ["teams", "/teams", ".data-table"],
      ] as const) {
        await page.goto(target);
        await waitForIslands(page);
        cards[name] = await page
          .locator(`${table} tbody tr`)
          .first()
          .evaluate((row) => {
            const style = getComputedStyle(row);
            const cell = row.querySelector("td[data-label]")!;
            return {
              display: style.display,
              radius: style.borderRadius,
              border: style.borderTopWidth,
              padding: style.paddingTop,
              label: getComputedStyle(cell, "::before").content,
            };
          });
      }
      expect(cards.users!.label).not.toContain(":");
      expect({ ...cards.users, label: "" }).toEqual({ ...cards.admins, label: "" });
      expect({ ...cards.teams, label: "" }).toEqual({ ...cards.admins, label: "" });
      await context.close();
    });

    it("shows the licence packs right after the gauge: the per-company summary is folded", async () => {
      const db = tour.server.database.db;
      for (let i = 0; i < 12; i += 1) await buildPack(db, { team: await buildTeam(db, { teamName: `Licensed Company ${i}` }) });
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { context, page } = await openAs(viewport);
        await page.goto("/licenses");
        await waitForIslands(page);
        expect(await page.locator(".seats-summary").isVisible()).toBe(false);
        const toolbar = await page.locator('[data-list-part="toolbar"]').boundingBox();
        // It came after ~1,500 px of per-company rows on a phone.
        expect(toolbar!.y, `${viewport.width} px`).toBeLessThan(viewport.height);
        await page.locator(".seats-summary-toggle > summary").click();
        expect(await page.locator(".seats-summary tbody tr").count()).toBeGreaterThanOrEqual(12);
        await context.close();
      }
    });
  });
});
