import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { launchBrowser } from "../support/browser";
import { buildAdmin, givePassword, signIn } from "../support/factories";
import { openWatchedPage, type WatchedPage } from "../support/page";
import { getTestServer, type TestServer } from "../support/server";

describe("own profile in Chromium", () => {
  let server: TestServer;
  let baseUrl: string;
  let browser: Browser;
  const opened: WatchedPage[] = [];

  beforeAll(async () => {
    server = await getTestServer({ assets: "built" });
    baseUrl = await server.listen();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const { context } of opened) await context.close();
    await browser?.close();
    await server?.close();
  });

  async function openAs(admin: Awaited<ReturnType<typeof buildAdmin>>, expectedFailures?: RegExp) {
    const session = await signIn(server.database.db, server.config, admin);
    const watched = await openWatchedPage(browser, baseUrl, { cookie: { name: session.cookie.name, value: encodeURIComponent(session.cookie.value) }, expectedFailures });
    opened.push(watched);
    return watched;
  }

  it("updates the name and language; the console switches to the new language", async () => {
    const admin = await buildAdmin(server.database.db, { firstName: "Ada", lastName: "Lovelace" });
    await givePassword(server.database.db, server.config, admin);
    const { page, consoleErrors } = await openAs(admin);
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="ProfileForm"][hydrated]');
    await page.getByLabel("First name", { exact: true }).fill("Augusta");
    await page.getByLabel("Language").selectOption("pt");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "pt");
    expect(await page.locator(".profile-name").first().textContent()).toBe("Augusta Lovelace");
    const row = await server.database.db.selectFrom("admins").select(["firstName", "lang"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: "Augusta", lang: "pt" });
    expect(consoleErrors).toEqual([]);
  });

  it("changes the password and stays signed in", async () => {
    const admin = await buildAdmin(server.database.db, {});
    await givePassword(server.database.db, server.config, admin, "Str0ng!Pass");
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
    const signin = await server.request().post("/v2/public/auth").send({ username: admin.username, password: await sha512Hex("Br4nd!NewPass") });
    expect(signin.status).toBe(200);
    expect(consoleErrors).toEqual([]);
  });

  it("terminates the account only with the right password, then signs out", async () => {
    const admin = await buildAdmin(server.database.db, {});
    await givePassword(server.database.db, server.config, admin, "Str0ng!Pass");
    const { page, consoleErrors } = await openAs(admin, /^\/v2\/admin\/terminate$/);
    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="TerminateAccount"][hydrated]');
    await page.getByRole("button", { name: "Terminate my account" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Password").fill("Wr0ng!Passw");
    await dialog.getByRole("button", { name: "Terminate account" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("Bad password");
    expect(await server.database.db.selectFrom("admins").select("id").where("id", "=", admin.id).executeTakeFirst()).toBeDefined();
    await dialog.getByLabel("Password").fill("Str0ng!Pass");
    await dialog.getByRole("button", { name: "Terminate account" }).click();
    await page.waitForURL("**/signin/en");
    expect(await server.database.db.selectFrom("admins").select("id").where("id", "=", admin.id).executeTakeFirst()).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  });
});
