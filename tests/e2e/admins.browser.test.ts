import type { Row } from "../../server/db/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, givePassword } from "../support/factories";
import { useBrowserSuite } from "../support/browser-suite";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";

// Two full browser journeys with argon2 hashing on a 2-core machine: allow more than the default.
describe("administrators in Chromium", () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture?.close();
  });
  const suite = useBrowserSuite(() => ({ mailWorker: true, env: { MAIL: "smtp", SMTP_URL: capture.url } }));
  const open = (admin?: Row<"admins">, expectedFailures?: RegExp) => suite.open(admin, { expectedFailures });

  it("a root invites an admin for one team by e-mail; the admin sets a password from the link and sees only that team's admins", async () => {
    const db = suite.server().database.db;
    const north = await buildTeam(db, { teamName: "North Ops", slug: "north-ops" });
    const south = await buildTeam(db, { teamName: "South Ops", slug: "south-ops" });
    const root = await buildAdmin(db, { role: "root", teams: [], username: "root@e2e.test", firstName: "Rita", lastName: "Root" });
    const colleague = await buildAdmin(db, { teams: [north], username: "colleague@e2e.test", firstName: "Carl", lastName: "North" });
    const stranger = await buildAdmin(db, { teams: [south], username: "stranger@e2e.test", firstName: "Sara", lastName: "South" });

    const { page, consoleErrors } = await open(root);
    await page.goto("/admins/create");
    await page.waitForSelector('bulwark-island[name="AdminCreateForm"][hydrated]');
    await page.getByLabel("Username").fill("nina@e2e.test");
    await page.getByLabel("First name").fill("Nina");
    await page.getByLabel("Last name").fill("Newcomer");
    await page.getByLabel("North Ops").check();
    await page.getByLabel("Send an e-mail invitation").check();
    await expect.poll(() => page.getByLabel("Confirm password").count()).toBe(0);
    await page.getByRole("button", { name: "Create administrator" }).click();
    await page.getByText("Administrator created").waitFor();
    await page.getByRole("link", { name: "Open Nina Newcomer's profile" }).waitFor();
    expect(consoleErrors).toEqual([]);

    const mail = await capture.waitFor((m) => m.to.includes("nina@e2e.test"));
    expect(mail.text).toContain("Rita Root");
    const invitee = await open();
    await invitee.page.goto(new URL(linkFrom(mail, "/reset/en/")).pathname);
    await invitee.page.waitForSelector('bulwark-island[name="NewPasswordForm"][hydrated]');
    expect(await invitee.page.locator("h1").textContent()).toBe("Activate your account");
    expect(mail.subject).toBe("Activate your Bulwark administrator account");
    await invitee.page.getByLabel("Password", { exact: true }).fill("N1na!Secret");
    await invitee.page.getByLabel("Confirm password").fill("N1na!Secret");
    await invitee.page.getByRole("button", { name: "Activate account" }).click();
    await invitee.page.getByText("Your account is active. Sign in with your password").waitFor();

    await invitee.page.goto("/signin/en");
    await invitee.page.waitForSelector('bulwark-island[name="SignInForm"][hydrated]');
    await invitee.page.getByLabel("Username or e-mail").fill("nina@e2e.test");
    await invitee.page.getByLabel("Password", { exact: true }).fill("N1na!Secret");
    await invitee.page.getByRole("button", { name: "Sign in" }).click();
    await invitee.page.waitForURL("**/dashboard");
    await invitee.page.goto("/admins/manage");
    const usernames = await invitee.page.locator(".admins-table .admins-username").allTextContents();
    expect(usernames.sort()).toEqual([colleague.username, "nina@e2e.test"].sort());
    expect(usernames).not.toContain(stranger.username);
    expect(await invitee.page.getByLabel("Company").locator("option").allTextContents()).toEqual(["Any", "North Ops"]);
    // A select filters at once (no 'Apply'); focus stays on it on the new page; its chip takes it off.
    await invitee.page.waitForSelector('bulwark-island[name="ListFilters"][hydrated]');
    await invitee.page.getByLabel("Status").selectOption("active");
    await invitee.page.waitForURL(/\/admins\/manage\?status=active$/);
    await invitee.page.waitForSelector('bulwark-island[name="ListFilters"][hydrated]');
    await expect.poll(() => invitee.page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.name)).toBe("status");
    expect(await invitee.page.locator(".admins-table .admins-username").allTextContents()).toContain("nina@e2e.test");
    await invitee.page.getByRole("link", { name: "Remove filter Status: Active" }).click();
    await invitee.page.waitForURL(/\/admins\/manage$/);
    expect(await invitee.page.getByLabel("Status").inputValue()).toBe("");
    expect(invitee.consoleErrors).toEqual([]);
  }, 90_000);

  it("a root blocks an admin after confirming, and that admin's open session goes to sign-in on its next navigation", async () => {
    const db = suite.server().database.db;
    const team = await buildTeam(db, { teamName: "West Ops", slug: "west-ops" });
    const root = await buildAdmin(db, { role: "root", teams: [], username: "root2@e2e.test" });
    await buildAdmin(db, { teams: [team], username: "keeper@e2e.test" });
    const target = await buildAdmin(db, { teams: [team], username: "blocked@e2e.test", firstName: "Bo", lastName: "Blocked" });
    await givePassword(db, suite.server().config, target);

    const victim = await open(target);
    await victim.page.goto("/dashboard");
    expect(new URL(victim.page.url()).pathname).toBe("/dashboard");

    const { page, consoleErrors } = await open(root);
    await page.goto(`/admins/profile/${target.uid}`);
    await page.waitForSelector('bulwark-island[name="AdminActions"][hydrated]');
    await page.getByRole("button", { name: "Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Block Bo Blocked?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await db.selectFrom("admins").select("status").where("id", "=", target.id).executeTakeFirstOrThrow()).status).toBe("active");
    await page.getByRole("button", { name: "Block" }).click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.locator('dd[data-status="blocked"]').waitFor();
    expect(await page.getByRole("button", { name: "Activate" }).count()).toBe(1);
    // The reloaded page says what happened, in its status region.
    await expect.poll(() => page.locator("#page-status").textContent()).toBe("Administrator blocked");
    expect(consoleErrors).toEqual([]);

    await victim.page.goto("/admins/manage");
    expect(new URL(victim.page.url()).pathname).toBe("/signin/en");
    expect(new URL(victim.page.url()).searchParams.get("next")).toBe("/admins/manage");
  }, 90_000);

  it("a root lifts a sign-in lock from the admin's profile page with Unlock", async () => {
    const db = suite.server().database.db;
    const team = await buildTeam(db, { teamName: "East Ops", slug: "east-ops" });
    const root = await buildAdmin(db, { role: "root", teams: [], username: "root3@e2e.test" });
    const target = await buildAdmin(db, { teams: [team], username: "locked@e2e.test", firstName: "Lu", lastName: "Locked" });
    await givePassword(db, suite.server().config, target);
    await db
      .updateTable("admins")
      .set({ failedAttempts: 5, lockedUntil: Date.now() + 600_000 })
      .where("id", "=", target.id)
      .execute();

    const { page, consoleErrors } = await open(root);
    await page.goto(`/admins/profile/${target.uid}`);
    await page.waitForSelector('bulwark-island[name="AdminActions"][hydrated]');
    expect(await page.getByRole("button", { name: "Activate" }).count()).toBe(0);
    await page.getByRole("button", { name: "Unlock" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlock Lu Locked?" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Unlock" }).count()).toBe(0);
    expect(await page.getByText("Locked until").count()).toBe(0);
    expect(
      await db.selectFrom("admins").select(["failedAttempts", "lockedUntil"]).where("id", "=", target.id).executeTakeFirstOrThrow(),
    ).toEqual({ failedAttempts: 0, lockedUntil: null });
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});
