import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, givePassword, GOOD_PASSWORD } from "../support/factories";
import { useBrowserSuite } from "../support/browser-suite";

/** A box on screen. */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el): Box => {
    const { top, bottom, left, right } = el.getBoundingClientRect();
    return { top, bottom, left, right };
  });

const overlap = (a: Box, b: Box) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/** Every success message the page shows: the status region's text plus any other success alert. */
const successes = (page: Page) =>
  page.evaluate(() =>
    [document.getElementById("page-status"), ...Array.from(document.querySelectorAll(".alert-success"))]
      .map((el) => el?.textContent?.trim() ?? "")
      .filter(Boolean),
  );

/** The console's success messages ('toasts'): never over the form they report on, one at a time. */
describe("status messages in Chromium", () => {
  const suite = useBrowserSuite();
  const db = () => suite.server().database.db;

  it.each([
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1400, height: 900 }],
  ] as const)("on a %s, a password change's message does not cover the password form", async (_name, viewport) => {
    const admin = await buildAdmin(db(), { firstName: "Grace", lastName: "Hopper" });
    await givePassword(db(), suite.server().config, admin, "Str0ng!Pass");
    const { page, consoleErrors } = await suite.open(admin, { viewport });
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="PasswordChangeForm"][hydrated]');
    const form = 'bulwark-island[name="PasswordChangeForm"] form';
    // The form's top just under the sticky header: where a sticky message would land on it.
    await page.locator(form).evaluate((el) => {
      const header = document.querySelector(".app-header")?.getBoundingClientRect().bottom ?? 0;
      window.scrollBy({ top: el.getBoundingClientRect().top - header - 4, behavior: "instant" });
    });
    await page.getByLabel("Current password").fill("Str0ng!Pass");
    await page.getByLabel("New password", { exact: true }).fill("Br4nd!NewPass");
    await page.getByLabel("Confirm new password").fill("Br4nd!NewPass");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.locator("#page-status").textContent()).not.toBe("");
    const message = await boxOf(page, ".page-status");
    expect(message.bottom).toBeGreaterThan(message.top);
    expect(overlap(message, await boxOf(page, form))).toBe(false);
    expect(await successes(page)).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  it.each([
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1400, height: 900 }],
  ] as const)("on a %s, a profile save's message, shown after the reload, does not cover the profile form", async (_name, viewport) => {
    const admin = await buildAdmin(db(), { firstName: "Ada", lastName: "Lovelace" });
    const { page, consoleErrors } = await suite.open(admin, { viewport });
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="ProfileForm"][hydrated]');
    const form = 'bulwark-island[name="ProfileForm"] form';
    await page.locator(form).evaluate((el) => {
      const header = document.querySelector(".app-header")?.getBoundingClientRect().bottom ?? 0;
      window.scrollBy({ top: el.getBoundingClientRect().top - header - 4, behavior: "instant" });
    });
    await page.getByLabel("First name", { exact: true }).fill("Augusta");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator("#page-status").textContent()).toBe("Profile updated");
    await page.waitForSelector('bulwark-island[name="ProfileForm"][hydrated]');
    const message = await boxOf(page, ".page-status");
    expect(overlap(message, await boxOf(page, form))).toBe(false);
    expect(await successes(page)).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  it("changes to two companies' domains leave one message, the latest, instead of one per row", async () => {
    const id = randomBytes(3).toString("hex");
    for (const name of ["Ara", "Bel"]) await buildTeam(db(), { teamName: `${name} ${id}`, slug: `${name.toLowerCase()}-${id}` });
    const root = await buildAdmin(db(), { role: "root" });
    await givePassword(db(), suite.server().config, root);
    const fresh = await db().selectFrom("admins").selectAll().where("id", "=", root.id).executeTakeFirstOrThrow();
    const { page, consoleErrors } = await suite.open(fresh);
    await page.goto(`/domains?search=${id}`);
    await page.waitForSelector('bulwark-island[name="DomainsEditor"][hydrated]');
    for (const name of ["Ara", "Bel"]) {
      const row = page.locator(`tr[data-slug="${name.toLowerCase()}-${id}"]`);
      await row.getByLabel(`Add a domain to ${name} ${id}`).fill(`${name}-${id}.example`);
      await row.getByRole("button", { name: "Add domain" }).click();
      const dialog = row.locator("dialog[open]");
      await dialog.getByLabel("Your password").fill(GOOD_PASSWORD);
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect.poll(() => page.locator("#page-status").textContent()).toBe("Domains updated");
      await expect.poll(() => row.locator("code").allTextContents()).toEqual([`${name.toLowerCase()}-${id}.example`]);
    }
    // The region is emptied and refilled 50 ms later (so a repeated message is announced again): poll.
    await expect.poll(() => successes(page)).toEqual(["Domains updated"]);
    expect(consoleErrors).toEqual([]);
  });
});
