/**
 * In Chromium, issue 27's last items: a dashboard last-seen figure opens the users list filtered
 * by that group (its total the figure), the export menu closes on Escape and an outside click with
 * focus back on its button (an island list and a server-rendered one), the pending invitations'
 * primary action, and the administrator form keeping what was typed before hydration; in en and
 * pt at 1400 and 390 px without horizontal scroll or serious axe-core violations.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildTeam, buildUser } from "../support/factories";

const WORDS = {
  en: { today: "Today", lastSeen: "Last seen online", invite: "Invite users", export: "Export" },
  pt: { today: "Hoje", lastSeen: "Última atividade", invite: "Convidar utilizadores", export: "Exportar" },
} as const;

/** The export menu of the list's toolbar: Escape and an outside click close it, focus back on its button. */
async function checkExportMenu(page: Page): Promise<void> {
  const menu = page.locator(".list-toolbar details.export-menu");
  const toggle = menu.locator("summary");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
  // Into the menu by keyboard, then Escape: closed, focus on the button.
  await page.keyboard.press("Tab");
  expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
  expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  // Open again, click outside: closed.
  await toggle.click();
  await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
  await page.locator(".list-toolbar .list-count").first().click();
  await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
}

describe("console polish in Chromium", () => {
  const suite = useBrowserSuite();
  const db = () => suite.server().database.db;

  it.each(["en", "pt"] as const)(
    "in %s: a last-seen figure opens its filtered list; export menus close on Escape and outside clicks; invitations have their primary action",
    { timeout: 180_000 },
    async (lang) => {
      const w = WORDS[lang];
      const team = await buildTeam(db());
      for (let i = 0; i < 3; i++) await buildUser(db(), { team, lastSeenAt: Date.now() - 60_000 });
      for (let i = 0; i < 2; i++) await buildUser(db(), { team, lastSeenAt: null });
      const admin = await buildAdmin(db(), { teams: [team], lang, timezone: "UTC" });
      const problems: string[] = [];
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page, context, consoleErrors } = await suite.open(admin, { viewport });
        await page.goto("/dashboard");
        const today = page.locator(".chart-bar-today a.chart-link");
        expect(await today.getAttribute("href")).toBe("/users/manage?lastSeen=today");
        const figure = Number(await page.locator(".chart-bar-today").getAttribute("data-value"));
        expect(figure).toBe(3);
        await today.click();
        await page.waitForURL(/\/users\/manage\?lastSeen=today$/);
        await waitForIslands(page);
        expect(await page.getByLabel(w.lastSeen, { exact: true }).inputValue()).toBe("today");
        await expect.poll(() => page.locator("table.users-table tbody tr").count()).toBe(figure);
        expect(await page.locator(".filter-chips").textContent()).toContain(w.today);
        for (const v of await seriousAxeViolations(page)) problems.push(`users ${lang} ${viewport.width}: ${JSON.stringify(v)}`);
        const { excess, culprits } = await horizontalOverflow(page);
        if (excess > 0) problems.push(`users ${lang} ${viewport.width}: scrolls ${excess}px (${culprits.join(", ")})`);
        await checkExportMenu(page);

        // A server-rendered list: the menu is enhanced by the ListFilters island it loads anyway.
        await page.goto("/admins/manage");
        await waitForIslands(page);
        await checkExportMenu(page);

        await page.goto("/invites?view=pending");
        await waitForIslands(page);
        const primary = page.locator(".list-toolbar a.button-primary");
        expect([await primary.textContent(), await primary.getAttribute("href")]).toEqual([w.invite, "/invites"]);
        expect(await page.locator(".empty-state").textContent()).toContain(w.invite);
        for (const v of await seriousAxeViolations(page)) problems.push(`invites ${lang} ${viewport.width}: ${JSON.stringify(v)}`);
        expect(consoleErrors).toEqual([]);
        await context.close();
      }
      expect(problems).toEqual([]);
    },
  );

  it("keeps what was typed into the administrator form before its island loaded", { timeout: 60_000 }, async () => {
    const root = await buildAdmin(db(), { role: "root" });
    const { page, consoleErrors } = await suite.open(root, { viewport: { width: 1400, height: 900 } });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = () => undefined as void;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/AdminCreateForm-[\w-]+\.js$/, async (route: Route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.goto("/admins/create");
    await asked;
    await page.getByLabel("Username").fill("early-admin@e2e.test");
    await page.getByLabel("First name").fill("Early");
    await page.getByLabel("Last name").fill("Typist");
    expect(await page.locator('bulwark-island[name="AdminCreateForm"][hydrated]').count()).toBe(0);
    release();
    await page.waitForSelector('bulwark-island[name="AdminCreateForm"][hydrated]');
    expect(await page.getByLabel("Username").inputValue()).toBe("early-admin@e2e.test");
    expect(await page.getByLabel("First name").inputValue()).toBe("Early");
    expect(await page.getByLabel("Last name").inputValue()).toBe("Typist");
    // What was adopted is in the form's state: a re-render (choosing the invitation) keeps it.
    await page.getByLabel("Send an e-mail invitation").check();
    expect(await page.getByLabel("Username").inputValue()).toBe("early-admin@e2e.test");
    expect(consoleErrors).toEqual([]);
  });
});
