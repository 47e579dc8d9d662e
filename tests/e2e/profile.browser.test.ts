import { describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { buildAdmin, givePassword } from "../support/factories";
import { useBrowserSuite } from "../support/browser-suite";

describe("own profile in Chromium", () => {
  const suite = useBrowserSuite();
  const openAs = (admin: Awaited<ReturnType<typeof buildAdmin>>, expectedFailures?: RegExp) => suite.open(admin, { expectedFailures });

  it("updates the name and language; the console switches to the new language", async () => {
    const admin = await buildAdmin(suite.server().database.db, { firstName: "Ada", lastName: "Lovelace" });
    await givePassword(suite.server().database.db, suite.server().config, admin);
    const { page, consoleErrors } = await openAs(admin);
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="ProfileForm"][hydrated]');
    await page.getByLabel("First name", { exact: true }).fill("Augusta");
    await page.getByLabel("Language").selectOption("pt");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "pt");
    expect(await page.locator(".profile-name").first().textContent()).toBe("Augusta Lovelace");
    const row = await suite
      .server()
      .database.db.selectFrom("admins")
      .select(["firstName", "lang"])
      .where("id", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: "Augusta", lang: "pt" });
    expect(consoleErrors).toEqual([]);
  });

  it("changes the password and stays signed in", async () => {
    const admin = await buildAdmin(suite.server().database.db, {});
    await givePassword(suite.server().database.db, suite.server().config, admin, "Str0ng!Pass");
    const { page, consoleErrors } = await openAs(admin);
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="PasswordChangeForm"][hydrated]');
    await page.getByLabel("Current password").fill("Str0ng!Pass");
    await page.getByLabel("New password", { exact: true }).fill("Br4nd!NewPass");
    await page.getByLabel("Confirm new password").fill("Br4nd!NewPass");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("status").filter({ hasText: "Password changed" }).waitFor();
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    const signin = await suite
      .server()
      .request()
      .post("/v2/public/auth")
      .send({ username: admin.username, password: await sha512Hex("Br4nd!NewPass") });
    expect(signin.status).toBe(200);
    expect(consoleErrors).toEqual([]);
  });

  it("terminates the account only with the right password, then signs out", async () => {
    const admin = await buildAdmin(suite.server().database.db, {});
    await givePassword(suite.server().database.db, suite.server().config, admin, "Str0ng!Pass");
    const { page, consoleErrors } = await openAs(admin, /^\/v2\/admin\/terminate$/);
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="TerminateAccount"][hydrated]');
    await page.getByRole("button", { name: "Terminate my account" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Password").fill("Wr0ng!Passw");
    await dialog.getByRole("button", { name: "Terminate account" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("Bad password");
    expect(await suite.server().database.db.selectFrom("admins").select("id").where("id", "=", admin.id).executeTakeFirst()).toBeDefined();
    await dialog.getByLabel("Password").fill("Str0ng!Pass");
    await dialog.getByRole("button", { name: "Terminate account" }).click();
    await page.waitForURL("**/signin/en");
    expect(
      await suite.server().database.db.selectFrom("admins").select("id").where("id", "=", admin.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  });
});
