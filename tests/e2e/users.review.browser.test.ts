import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";

/**
 * Issue 27, part A, in Chromium: the selection belongs to what the admin sees (a new view clears
 * it, politely announced), the confirmation names the users it acts on, a move is reviewed by
 * the server before it is confirmed, the profile offers the same actions, and ticking a row does
 * not move the table.
 */
describe("users selection, review and profile actions in Chromium", () => {
  const suite = useBrowserSuite();
  let root: Row<"admins">;
  let source: Row<"teams">;
  let target: Row<"teams">;
  const PER_PAGE = 25;

  beforeAll(async () => {
    const db = suite.server().database.db;
    source = await buildTeam(db, { slug: "cirrus", teamName: "Cirrus Freight" });
    await buildPack(db, { team: source, licenseCount: 100 });
    target = await buildTeam(db, { slug: "dunes", teamName: "Dunes Telecom" });
    await buildPack(db, { team: target, licenseCount: 3 });
    await buildUser(db, { team: target, username: "resident@dunes.test", firstName: "Rui", lastName: "Resident" });
    await db.insertInto("teamDomains").values({ teamId: target.id, domain: "dunes.test", createdAt: Date.now() }).execute();
    for (let i = 0; i < 40; i++) {
      // The first four may join Dunes (its domain); the others may not.
      const domain = i < 4 ? "dunes.test" : "cirrus.test";
      await buildUser(db, {
        team: source,
        username: `c${String(i).padStart(2, "0")}@${domain}`,
        firstName: "Carmo",
        lastName: `Cirrus ${String(i).padStart(2, "0")}`,
        status: i % 5 === 4 ? "pending" : "active",
      });
    }
    root = await buildAdmin(db, { role: "root", username: "root-review@bulwark.test" });
  });

  async function open(path: string, viewport = { width: 1400, height: 900 }) {
    const watched = await suite.open(root, { viewport });
    await watched.page.goto(path);
    if (path.startsWith("/users/manage")) await watched.page.waitForSelector('bulwark-island[name="UsersTable"][hydrated]');
    return watched;
  }
  const rows = (page: Page) => page.locator(".users-table tbody tr");
  const bar = (page: Page) => page.getByRole("group", { name: "Actions on the selected users" });
  const countText = (page: Page) => bar(page).locator(".selection-count").textContent();
  async function settled(page: Page, text: string): Promise<void> {
    await expect.poll(() => page.locator(".users-status").textContent(), { timeout: 10_000 }).toBe(text);
    await page.locator('.users-results[aria-busy="false"]').waitFor();
  }
  const tick = async (page: Page, n: number) => {
    for (let i = 0; i < n; i++) await rows(page).nth(i).getByRole("checkbox").check();
  };
  const checked = (page: Page) => page.locator(".users-table tbody input[type=checkbox]:checked").count();
  const closeDialog = async (dialog: Locator) => {
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  };

  it("clears a selection when the filter or the page changes, says so, and names the users in the confirmation", async () => {
    const { page, consoleErrors } = await open(`/users/manage?team=cirrus&limit=${PER_PAGE}`);
    await settled(page, `1–${PER_PAGE} of 40`);
    await tick(page, 2);
    await expect.poll(() => countText(page)).toBe("2 users selected");
    await bar(page).getByRole("button", { name: "Delete", exact: true }).click();
    let dialog = page.getByRole("dialog", { name: "Delete users" });
    await dialog.waitFor();
    expect(await dialog.locator(".bulk-names li").allTextContents()).toEqual([
      "Carmo Cirrus 00 (c00@dunes.test)",
      "Carmo Cirrus 01 (c01@dunes.test)",
    ]);
    expect(await dialog.textContent()).toContain("Delete 2 users and their devices?");
    await closeDialog(dialog);

    // A pending user ticked, then the status filter switched to Active: nothing hidden stays selected.
    await page.getByLabel("Status", { exact: true }).selectOption("active");
    await settled(page, "1–25 of 32");
    await expect.poll(() => countText(page)).toContain("Selection cleared: the list changed.");
    expect(await checked(page)).toBe(0);
    expect(await bar(page).getByRole("button", { name: "Delete", exact: true }).isDisabled()).toBe(true);

    // Six ticked: five names, then "and 1 more".
    await tick(page, 6);
    await expect.poll(() => countText(page)).toBe("6 users selected");
    await bar(page).getByRole("button", { name: "Block", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Block users" });
    await dialog.waitFor();
    const names = await dialog.locator(".bulk-names li").allTextContents();
    expect(names).toHaveLength(6);
    expect(names[5]).toBe("and 1 more");
    await closeDialog(dialog);

    // Paging clears it too.
    await page.getByRole("navigation", { name: "Pages of users" }).first().getByRole("button", { name: "Next" }).click();
    await settled(page, "26–32 of 32");
    await expect.poll(() => countText(page)).toContain("Selection cleared: the list changed.");
    expect(await checked(page)).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("states the count and the filter in words for 'select all matching', and ends it when the filter changes", async () => {
    const { page, consoleErrors } = await open(`/users/manage?team=cirrus&limit=${PER_PAGE}`);
    await settled(page, `1–${PER_PAGE} of 40`);
    await page.locator(".users-table thead input[type=checkbox]").check();
    await page.getByRole("button", { name: "Select all 40 users matching this filter" }).click();
    await expect.poll(() => countText(page)).toBe("All 40 users matching this filter are selected.");
    await bar(page).getByRole("button", { name: "Activate", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Activate users" });
    await dialog.waitFor();
    expect(await dialog.locator(".bulk-subject").textContent()).toBe("All 40 users matching the filter: Company: Cirrus Freight.");
    await closeDialog(dialog);

    await page.getByLabel("Status", { exact: true }).selectOption("pending");
    await settled(page, "1–8 of 8");
    await expect.poll(() => countText(page)).toContain("Selection cleared: the list changed.");
    expect(await checked(page)).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("reviews a move before it is confirmed: how many move, who is refused and why, the target's licenses; over the licenses it cannot be confirmed", async () => {
    const { page, consoleErrors } = await open(`/users/manage?team=cirrus&limit=${PER_PAGE}`);
    await settled(page, `1–${PER_PAGE} of 40`);
    await tick(page, 6);
    await bar(page).getByLabel("Target company").selectOption("dunes");
    await bar(page).getByRole("button", { name: "Move to company" }).click();
    let dialog = page.getByRole("dialog", { name: "Move users" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Move 4 users to Dunes Telecom?");
    const refused = dialog.locator('.bulk-refused li[data-code="usersMove502"]');
    expect(await refused.textContent()).toContain("(2)");
    expect(await refused.textContent()).toContain("for example c04@cirrus.test, c05@cirrus.test");
    expect(await dialog.locator('[data-seats="before"] dd').textContent()).toBe("1 of 3");
    expect(await dialog.locator('[data-seats="after"] dd').textContent()).toBe("5 of 3");
    expect(await dialog.getByRole("alert").textContent()).toContain("Dunes Telecom does not have enough available licenses");
    expect(await dialog.getByRole("button", { name: "Move to company" }).isDisabled()).toBe(true);
    await closeDialog(dialog);

    // Two fit: the review says so, and the move then does exactly that.
    await rows(page).nth(2).getByRole("checkbox").uncheck();
    await rows(page).nth(3).getByRole("checkbox").uncheck();
    await bar(page).getByRole("button", { name: "Move to company" }).click();
    dialog = page.getByRole("dialog", { name: "Move users" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Move 2 users to Dunes Telecom?");
    expect(await dialog.locator('[data-seats="after"] dd').textContent()).toBe("3 of 3");
    await dialog.getByRole("button", { name: "Move to company" }).click();
    await page.getByText("2 users moved to Dunes Telecom.").waitFor();
    expect(await page.locator(".bulk-summary").textContent()).toContain("2 users were not changed:");
    const db = suite.server().database.db;
    const moved = await db.selectFrom("users").select("username").where("teamId", "=", target.id).orderBy("username").execute();
    expect(moved.map((row) => row.username)).toEqual(["c00@dunes.test", "c01@dunes.test", "resident@dunes.test"]);
    expect(consoleErrors).toEqual([]);
  });

  it("offers block, activate, move and delete on a user's profile with the list's confirmation and review", async () => {
    const db = suite.server().database.db;
    const user = await db.selectFrom("users").select(["uid"]).where("username", "=", "c10@cirrus.test").executeTakeFirstOrThrow();
    const { page, consoleErrors } = await open(`/users/profile/${user.uid}`);
    await page.waitForSelector('bulwark-island[name="UserActions"][hydrated]');
    const actions = page.locator("#user-actions").locator("..");
    expect(await actions.getByRole("button").allTextContents()).toEqual(["Block", "Move to company", "Delete user"]);

    await actions.getByLabel("Target company").selectOption("dunes");
    await actions.getByRole("button", { name: "Move to company" }).click();
    let dialog = page.getByRole("dialog", { name: "Move users" });
    await dialog.waitFor();
    expect(await dialog.locator(".bulk-names li").allTextContents()).toEqual(["Carmo Cirrus 10 (c10@cirrus.test)"]);
    expect(await dialog.textContent()).toContain("None of the selected users can change.");
    expect(await dialog.getByRole("button", { name: "Move to company" }).isDisabled()).toBe(true);
    await closeDialog(dialog);

    await actions.getByRole("button", { name: "Block" }).click();
    dialog = page.getByRole("dialog", { name: "Block users" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Block 1 user?");
    await dialog.getByRole("button", { name: "Block" }).click();
    await page.locator("#page-status").getByText("1 user blocked.").waitFor();
    await page.waitForSelector('bulwark-island[name="UserActions"][hydrated]');
    expect(await page.locator('[data-field="status"] .badge').textContent()).toBe("Blocked");
    expect(await page.locator("#user-actions").locator("..").getByRole("button").allTextContents()).toEqual([
      "Activate",
      "Move to company",
      "Delete user",
    ]);

    await page.locator("#user-actions").locator("..").getByRole("button", { name: "Delete user" }).click();
    dialog = page.getByRole("dialog", { name: "Delete users" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL("**/users/manage");
    expect(await db.selectFrom("users").select("uid").where("uid", "=", user.uid).executeTakeFirst()).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  });

  it.each([
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ])("does not move the table when the first row is ticked ($width px)", async (viewport) => {
    const { page, consoleErrors } = await open(`/users/manage?team=cirrus&limit=${PER_PAGE}`, viewport);
    const table = page.locator(".users-table");
    const top = () => table.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    const before = await top();
    await rows(page).first().getByRole("checkbox").check();
    await expect.poll(() => countText(page)).toBe("1 user selected");
    expect(Math.abs((await top()) - before)).toBeLessThan(1);
    // The actions are reachable while something is selected.
    expect(await bar(page).getByRole("button", { name: "Block", exact: true }).isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
