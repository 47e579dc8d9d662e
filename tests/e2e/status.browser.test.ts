import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildDevice, buildUser, givePassword } from "../support/factories";
import { ROOT_DIR } from "../support/server";

mkdirSync(path.join(ROOT_DIR, "test-results", "screenshots"), { recursive: true });

/**
 * After every save the page shows what the server now holds (the profile's
 * card, the header's name), and one status region carries the latest success, replacing the
 * previous one instead of piling up.
 */
describe("fresh data and one status region after saves, in Chromium", () => {
  const suite = useBrowserSuite();

  /** Every success message the page shows: the status region's text plus any other success alert. */
  const successes = (page: Page) =>
    page.evaluate(() =>
      [document.getElementById("page-status"), ...Array.from(document.querySelectorAll(".alert-success"))]
        .map((el) => el?.textContent?.trim() ?? "")
        .filter(Boolean),
    );

  it("user profile: the form shows the saved name (once), and a device wipe's message replaces the save's", async () => {
    const db = suite.server().database.db;
    const root = await buildAdmin(db, { role: "root" });
    const user = await buildUser(db, { firstName: "Katherine", lastName: "Johnson" });
    await buildDevice(db, user, { deviceName: "Pixel" });
    const { page, consoleErrors } = await suite.open(root);
    await page.goto(`/users/profile/${user.uid}`);
    await page.waitForSelector('bulwark-island[name="UserEditForm"][hydrated]');
    await page.getByLabel("First name", { exact: true }).fill("Kate");
    await page.getByRole("button", { name: "Save changes" }).click();

    const status = page.locator("#page-status");
    await expect.poll(() => status.textContent()).toBe("User updated successfully");
    // Each field once: the form, reloaded from the server, is the one place the name is shown.
    expect(await page.getByLabel("First name", { exact: true }).inputValue()).toBe("Kate");
    expect(await page.locator('[data-field="firstName"]').count()).toBe(0);
    expect(await page.locator('[data-field="username"] dd').textContent()).toBe(user.username);
    expect(await status.getAttribute("role")).toBe("status");

    await page.waitForSelector('bulwark-island[name="DeviceActions"][hydrated]');
    await page.getByRole("button", { name: "Wipe", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Wipe device" }).click();
    await expect.poll(() => status.textContent()).toBe("Wipe requested. The device is wiped the next time it connects");
    expect(await successes(page)).toEqual(["Wipe requested. The device is wiped the next time it connects"]);
    // 'Wipe' removed itself: focus moved to the device's remaining action.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Delete");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Delete device" }).click();
    await expect.poll(() => status.textContent()).toBe("Device deleted");
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe("device-actions");
    expect(consoleErrors).toEqual([]);
  });

  it("my profile: the header shows the saved name; a password change's message replaces the save's", async () => {
    const db = suite.server().database.db;
    const admin = await buildAdmin(db, { firstName: "Ada", lastName: "Lovelace" });
    await givePassword(db, suite.server().config, admin, "Str0ng!Pass");
    const { page, consoleErrors } = await suite.open(admin);
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="ProfileForm"][hydrated]');
    await page.getByLabel("First name", { exact: true }).fill("Augusta");
    await page.getByRole("button", { name: "Save changes" }).click();

    const status = page.locator("#page-status");
    await expect.poll(() => status.textContent()).toBe("Profile updated");
    expect(await page.locator(".app-header .profile-name").first().textContent()).toBe("Augusta Lovelace");
    await page.screenshot({ path: path.join(ROOT_DIR, "test-results", "screenshots", "status-region-desktop.png") });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.waitForSelector('bulwark-island[name="PasswordChangeForm"][hydrated]');
    await page.getByLabel("Current password").fill("Str0ng!Pass");
    await page.getByLabel("New password", { exact: true }).fill("Br4nd!NewPass");
    await page.getByLabel("Confirm new password").fill("Br4nd!NewPass");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => status.textContent()).toBe("Password changed successfully");
    expect(await successes(page)).toEqual(["Password changed successfully"]);

    // Dismissing the message leaves focus on the content, not on the body.
    await page.getByRole("button", { name: "Dismiss message" }).click();
    expect(await status.textContent()).toBe("");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    expect(consoleErrors).toEqual([]);
  });

  it("keyboard: 'Clear filters', 'Clear selection', a bulk result's 'Dismiss' and a phone's bulk action never leave focus on the body", async () => {
    const db = suite.server().database.db;
    const root = await buildAdmin(db, { role: "root" });
    const users = [await buildUser(db, { firstName: "Focus", lastName: "One" })];
    users.push(await buildUser(db, { firstName: "Focus", lastName: "Two", teamId: users[0]!.teamId }));
    const { page, consoleErrors } = await suite.open(root, { viewport: { width: 390, height: 844 } });
    await page.goto("/users/manage");
    await page.waitForSelector('bulwark-island[name="UsersTable"][hydrated]');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);

    await page.getByLabel("Status").selectOption("active");
    const clearFilters = page.getByRole("button", { name: "Clear filters" });
    await clearFilters.click();
    await expect.poll(() => clearFilters.count()).toBe(0);
    expect(await focused()).toBe("INPUT");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe("search");

    await page.getByRole("checkbox", { name: "Select every user on this page" }).check();
    const clear = page.getByRole("button", { name: "Clear selection" });
    await clear.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => clear.count()).toBe(0);
    expect(await focused()).toBe("Select every user on this page");

    // On a phone the bulk buttons hide once nothing is selected: the result takes focus instead.
    await page.getByRole("checkbox", { name: "Select every user on this page" }).check();
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    const dismiss = page.getByRole("button", { name: "Dismiss", exact: true });
    await dismiss.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe("bulk-summary-frame");
    await dismiss.click();
    await expect.poll(() => dismiss.count()).toBe(0);
    expect(await focused()).toBe("Select every user on this page");
    expect(consoleErrors).toEqual([]);
  });

  it("keyboard: a public form replaced by its result hands focus to that result", async () => {
    const { page, consoleErrors } = await suite.open(undefined, { expectedFailures: /^\/v2\/public\// });
    await page.goto("/forgot-password/en");
    await page.waitForSelector('bulwark-island[name="ForgotPasswordForm"][hydrated]');
    await page.getByLabel("E-mail").fill("nobody@example.test");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("takes-focus") ?? false)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Back to sign in");
    expect(consoleErrors).toEqual([]);
  });
});
