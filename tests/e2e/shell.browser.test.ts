import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin } from "../support/factories";
import { ROOT_DIR } from "../support/server";

const SCREENSHOTS = path.join(ROOT_DIR, "test-results", "screenshots");
const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

describe("console shell in Chromium", () => {
  const suite = useBrowserSuite();
  const open = (viewport = DESKTOP, admin?: Row<"admins">) => suite.open(admin, { viewport });

  beforeAll(() => {
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  it("follows the redirects of SPEC §2 and remembers the origin path", async () => {
    const { page, consoleErrors } = await open();
    await page.goto("/signin");
    expect(new URL(page.url()).pathname).toBe("/signin/en");
    await page.goto("/");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/signin/en");
    expect(url.searchParams.get("next")).toBe("/dashboard");
    await page.goto("/forgot-password");
    expect(new URL(page.url()).pathname).toBe("/forgot-password/en");
    expect(consoleErrors).toEqual([]);
  });

  it("shows the not-found page with status 404 and loads no script", async () => {
    const { page, consoleErrors } = await open();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const target of ["/404", "/status/404", "/definitely/not/here"]) {
      const response = await page.goto(target);
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Page not found");
    }
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("hydrates the language switcher island and switches the public page's language", async () => {
    const { page, consoleErrors } = await open();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/signin/en");
    await page.waitForSelector('bulwark-island[name="LanguageSwitcher"][hydrated]');
    expect(scripts.some((s) => /^\/assets\/entry-.*\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /LanguageSwitcher-.*\.js$/.test(s))).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, "signin-desktop.png"), fullPage: true });

    await page.getByLabel("Language").selectOption("pt");
    await page.waitForURL("**/signin/pt");
    expect(await page.getAttribute("html", "lang")).toBe("pt");
    expect(await page.locator("h1").textContent()).toBe("Iniciar sessão");
    await page.waitForSelector('bulwark-island[name="LanguageSwitcher"][hydrated]');
    await page.getByLabel("Idioma").selectOption("es");
    await page.waitForURL("**/signin/es");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    expect(await page.getByRole("button", { name: "Iniciar sesión" }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  // The failed chunk is the point of this test: its console noise is expected and not checked.
  it("reports an island whose chunk fails to load as a load error, in the page's language", async () => {
    const { page } = await open();
    await page.route("**/assets/LanguageSwitcher-*.js", (route) => route.abort("failed"));
    await page.goto("/signin/pt");
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("Não foi possível carregar parte da página");
    expect(await page.locator('bulwark-island[name="LanguageSwitcher"][hydrated]').count()).toBe(0);
  });

  it("shows a root admin every section, the profile menu and the version", async () => {
    const root = await buildAdmin(suite.server().database.db, { role: "root", firstName: "Grace", lastName: "Hopper" });
    const { page, consoleErrors } = await open(DESKTOP, root);
    await page.goto("/dashboard");
    const sidebar = page.locator("#sidebar");
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    const box = await sidebar.boundingBox();
    expect(box?.width).toBe(290);
    expect((await page.locator(".app-header").boundingBox())?.height).toBe(80);
    for (const name of ["Domains", "Associations", "General", "Apps", "Purchase", "Administrators", "Companies"]) {
      expect(await sidebar.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await sidebar.getByText("Version 5.0.1").isVisible()).toBe(true);
    expect(await page.locator(".menu-toggle").isVisible()).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOTS, "layout-desktop-root.png") });

    await page.getByRole("button", { name: /Grace Hopper/ }).click();
    const menu = page.locator("#profile-menu");
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByText("Super administrator").isVisible()).toBe(true);
    expect(await page.locator(".profile-role").first().textContent()).toBe("Super administrator");
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: /Grace Hopper/ }).click();
    await menu.getByRole("link", { name: "My profile" }).click();
    await page.waitForURL(`**/admins/profile/${root.uid}`);
    expect(await page.locator("h1").textContent()).toBe("My profile");
    // A signed-in page without islands sends no script (the lists now carry the ListFilters island).
    await page.goto("/status/404");
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("hides root-only sections from an admin, in the admin's language", async () => {
    const admin = await buildAdmin(suite.server().database.db, { role: "admin", lang: "pt", firstName: "Ana", lastName: "Silva" });
    const { page, consoleErrors } = await open(DESKTOP, admin);
    await page.goto("/dashboard");
    expect(await page.getAttribute("html", "lang")).toBe("pt");
    const sidebar = page.locator("#sidebar");
    for (const name of ["Domínios", "Associações", "Gerais", "Aplicações"]) {
      expect(await sidebar.getByRole("link", { name, exact: true }).count()).toBe(0);
    }
    expect(await sidebar.getByRole("link", { name: "Administradores" }).isVisible()).toBe(true);
    expect(await page.locator(".profile-role").first().textContent()).toBe("Administrador");
    const denied = await page.goto("/settings");
    expect(denied?.status()).toBe(403);
    expect(consoleErrors).toEqual([]);
  });

  it("turns the sidebar into a keyboard-operable drawer on a phone", async () => {
    const root = await buildAdmin(suite.server().database.db, { role: "root" });
    const { page, consoleErrors } = await open(PHONE, root);
    await page.goto("/teams");
    const sidebar = page.locator("#sidebar");
    const toggle = page.getByRole("button", { name: "Open menu" });
    expect(await sidebar.isVisible()).toBe(false);
    expect(await toggle.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, "layout-phone-closed.png") });

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, "layout-phone-drawer.png") });
    await page.keyboard.press("Escape");
    await expect.poll(() => sidebar.isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await sidebar.getByRole("link", { name: "Administrators" }).click();
    await page.waitForURL("**/admins/manage");
    expect(await page.locator("h1").textContent()).toBe("Administrators");
    expect(consoleErrors).toEqual([]);
  });

  it("signs out from the profile menu", async () => {
    const admin = await buildAdmin(suite.server().database.db, { lang: "es" });
    const { page, consoleErrors } = await open(DESKTOP, admin);
    await page.goto("/licenses");
    await page.locator(".profile-button").click();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL("**/signin/es");
    await page.goto("/licenses");
    expect(new URL(page.url()).pathname).toBe("/signin/en");
    expect(consoleErrors).toEqual([]);
  });
});
