import { describe, expect, it } from "vitest";
import { englishMessage } from "../../shared/errors";
import { waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildTeam, buildUser } from "../support/factories";

/**
 * A list whose reload fails (issue #27): the message says what happened and what to do (a dropped
 * connection, a 503), and the last page's count, pagers and selection bar leave the screen
 * instead of standing beside the error as if current; 'Try again' brings them back.
 */
describe("a list read that fails", () => {
  const suite = useBrowserSuite({});

  it("says the connection was lost or the service is unavailable, and shows no stale count or selection", { timeout: 60_000 }, async () => {
    const db = suite.server().database.db;
    const team = await buildTeam(db, { teamName: "Stale Counts Ltd", slug: "stale-counts" });
    for (let i = 0; i < 55; i += 1) await buildUser(db, { team, firstName: `Row${String(i).padStart(2, "0")}`, lastName: "Person" });
    const root = await buildAdmin(db, { role: "root" });
    const { page, consoleErrors } = await suite.open(root, { expectedFailures: /^\/v2\/users$/ });
    await page.goto("/users/manage");
    await waitForIslands(page);
    const count = page.locator(".users-status");
    const bar = page.locator(".bulk-bar .selection-count");
    const pagers = page.getByRole("navigation", { name: "Pages of users" });
    await page.locator(".users-table tbody tr").first().getByRole("checkbox").check();
    await expect.poll(() => bar.textContent()).toBe("1 user selected");
    expect(await count.textContent()).toContain("of 55");

    // The connection drops: the 'net' message, and nothing of the last page around it.
    await page.route("**/v2/users?**", (route) => route.abort("internetdisconnected"));
    await pagers.first().getByRole("button", { name: "Next" }).click();
    const error = page.locator(".list-error");
    await error.waitFor();
    expect(await error.textContent()).toContain(englishMessage("net"));
    expect(englishMessage("net")).not.toMatch(/ - |Internal Network Error/);
    expect({ count: await count.count(), bar: await bar.count(), pagers: await pagers.count() }).toEqual({ count: 0, bar: 0, pagers: 0 });

    // The service answers 503: it is temporarily unavailable, try again.
    await page.unroute("**/v2/users?**");
    const unavailable = { error: { code: "unavailable", status: 503, message: englishMessage("unavailable") } };
    await page.route("**/v2/users?**", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify(unavailable) }),
    );
    await error.getByRole("button", { name: "Try again" }).click();
    await expect.poll(async () => (await error.count()) > 0 && (await error.textContent())?.includes("temporarily unavailable")).toBe(true);
    expect(await count.count()).toBe(0);

    // Back again: the count and the bar return with the rows; the move to the next page cleared the
    // selection (it belongs to the view shown), and the bar says so.
    await page.unroute("**/v2/users?**");
    await error.getByRole("button", { name: "Try again" }).click();
    await count.waitFor();
    await expect.poll(() => count.textContent()).toContain("of 55");
    expect(await error.count()).toBe(0);
    await expect.poll(() => bar.textContent()).toContain("Selection cleared: the list changed.");
    expect(consoleErrors.filter((line) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(line))).toEqual([]);
  });

  // The failed chunk is part of this test: its console noise is expected and not checked.
  it(
    "hides the filter form's Apply button from the first paint with script, and shows it without script or when the list cannot load",
    { timeout: 60_000 },
    async () => {
      const db = suite.server().database.db;
      const team = await buildTeam(db, { teamName: "Apply Button Ltd", slug: "apply-button" });
      await buildUser(db, { team, firstName: "Ana", lastName: "Applied" });
      const root = await buildAdmin(db, { role: "root" });
      const apply = (page: { getByRole: (role: "button", options: { name: string }) => { isVisible(): Promise<boolean> } }) =>
        page.getByRole("button", { name: "Apply" }).isVisible();

      // Script on, the island's chunk held back: the page is painted without the button, so
      // hydration moves nothing.
      const { page } = await suite.open(root, { expectedFailures: /UsersTable/ });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/assets/UsersTable-*.js", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/users/manage");
      await page.locator(".users-table tbody tr").first().waitFor();
      expect(await page.locator('bulwark-island[name="UsersTable"][hydrated]').count()).toBe(0);
      expect(await apply(page)).toBe(false);
      release();
      await waitForIslands(page);
      expect(await apply(page)).toBe(false);

      // The chunk cannot load: the list says so and the form works as without script.
      await page.unroute("**/assets/UsersTable-*.js");
      await page.route("**/assets/UsersTable-*.js", (route) => route.abort("failed"));
      await page.goto("/users/manage");
      await page.locator(".island-load-error").waitFor();
      expect(await apply(page)).toBe(true);
      await page.getByRole("searchbox", { name: "Search" }).fill("Applied");
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/search=Applied/);

      // Script off: the button is there.
      const browser = page.context().browser();
      if (!browser) throw new Error("no browser");
      const context = await browser.newContext({
        javaScriptEnabled: false,
        baseURL: suite.baseUrl(),
        storageState: await page.context().storageState(),
      });
      const noScript = await context.newPage();
      await noScript.goto("/users/manage");
      expect(await apply(noScript)).toBe(true);
      await context.close();
    },
  );
});
