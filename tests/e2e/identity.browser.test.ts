import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { issueToken } from "../../server/services/identity";
import { bearerFor, buildAdmin, givePassword, setSettings } from "../support/factories";
import { ROOT_DIR } from "../support/server";
import { useBrowserSuite } from "../support/browser-suite";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";

type Texts = Record<string, Record<string, unknown>>;
const text = (lang: string, ns: string, key: string): string => {
  const tree = JSON.parse(readFileSync(path.join(ROOT_DIR, "locales", lang, `${ns}.json`), "utf8")) as Texts;
  const value = key.split(".").reduce<unknown>((node, part) => (node as Texts)[part], tree);
  if (typeof value !== "string") throw new Error(`missing ${lang}/${ns}:${key}`);
  return value;
};

describe("admin identity in Chromium", () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture?.close();
  });
  const suite = useBrowserSuite(() => ({ mailWorker: true, env: { MAIL: "smtp", SMTP_URL: capture.url, CAPTCHA: "altcha" } }));
  beforeAll(async () => {
    // Registration is opened through the settings API, as a root would.
    const root = await buildAdmin(suite.server().database.db, { role: "root", teams: [] });
    const opened = await suite
      .server()
      .request()
      .put("/v2/settings/general")
      .set("Authorization", await bearerFor(suite.server().config, root))
      .send({ registrationEnabled: true });
    expect(opened.status).toBe(200);
  });
  const open = (expectedFailures?: RegExp) => suite.open(undefined, { expectedFailures });

  it("signs up with the captcha, verifies from the e-mail, signs in to the dashboard and signs out", async () => {
    const { page, consoleErrors } = await open();
    await page.goto("/signup/en");
    await page.waitForSelector('bulwark-island[name="SignUpForm"][hydrated]');
    await page.getByLabel("Company").fill("Acme Secure Ltd");
    await page.getByLabel("First name").fill("Marie");
    await page.getByLabel("Last name").fill("Curie");
    await page.getByLabel("E-mail").fill("marie@acme.test");
    await page.getByLabel("Country").fill("FR");
    await page.getByLabel("Time zone").selectOption("Europe/Paris");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText(text("en", "errors", "register200")).waitFor({ timeout: 20_000 });

    const mail = await capture.waitFor((m) => m.to.includes("marie@acme.test"));
    // The link points at PUBLIC_URL; this server listens on an ephemeral port, so follow its path.
    await page.goto(new URL(linkFrom(mail, "/verify/en/")).pathname);
    await page.waitForSelector('bulwark-island[name="NewPasswordForm"][hydrated]');
    expect(await page.locator("h1").textContent()).toBe("Activate your account");
    // The page names the account being activated, before and after.
    expect(await page.locator(".form-account").textContent()).toBe("Account: marie@acme.test");
    await page.getByLabel("Password", { exact: true }).fill("Rad1um!Pass");
    await page.getByLabel("Confirm password").fill("Rad1um!Pass");
    await page.getByRole("button", { name: "Activate account" }).click();
    await page.getByText("Your account is active. Sign in with your password").waitFor();
    expect(await page.locator(".form-account").textContent()).toBe("Account: marie@acme.test");

    await page.goto("/dashboard");
    await page.waitForURL("**/signin/en?next=%2Fdashboard");
    await page.waitForSelector('bulwark-island[name="SignInForm"][hydrated]');
    await page.getByLabel("Username or e-mail").fill("marie@acme.test");
    await page.getByLabel("Password", { exact: true }).fill("Rad1um!Pass");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/dashboard");
    expect(await page.locator("h1").textContent()).toBe("Dashboard");
    expect(await page.locator(".profile-name").first().textContent()).toBe("Marie Curie");

    await page.locator(".profile-button").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/signin/en");
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toBe("/signin/en");
    expect(consoleErrors).toEqual([]);
  });

  it("resets a forgotten password from the e-mail, in Portuguese", async () => {
    const admin = await buildAdmin(suite.server().database.db, { username: "ines@acme.test", lang: "pt", firstName: "Inês" });
    await givePassword(suite.server().database.db, suite.server().config, admin, "0ld!Password");
    const { page, consoleErrors } = await open();
    await page.goto("/forgot-password/pt");
    await page.waitForSelector('bulwark-island[name="ForgotPasswordForm"][hydrated]');
    await page.getByLabel(text("pt", "auth", "fields.email")).fill("ines@acme.test");
    await page.getByRole("button", { name: text("pt", "auth", "forgot.submit") }).click();
    await page.getByText(text("pt", "errors", "reset200")).waitFor();

    const mail = await capture.waitFor((m) => m.to.includes("ines@acme.test"), 10_000);
    await page.goto(new URL(linkFrom(mail, "/reset/pt/")).pathname);
    await page.waitForSelector('bulwark-island[name="NewPasswordForm"][hydrated]');
    await page.getByLabel(text("pt", "auth", "fields.newPassword"), { exact: true }).fill("N0va!Palavra");
    await page.getByLabel(text("pt", "auth", "fields.confirmPassword")).fill("N0va!Palavra");
    await page.getByRole("button", { name: text("pt", "auth", "reset.submit") }).click();
    await page.getByText(text("pt", "errors", "confirm200")).waitFor();

    await page.goto("/signin/pt");
    await page.waitForSelector('bulwark-island[name="SignInForm"][hydrated]');
    await page.getByLabel(text("pt", "auth", "fields.username")).fill("ines@acme.test");
    await page.getByLabel(text("pt", "auth", "fields.password"), { exact: true }).fill("N0va!Palavra");
    await page.getByRole("button", { name: text("pt", "auth", "signin.submit") }).click();
    await page.waitForURL("**/dashboard");
    expect(await page.locator("h1").textContent()).toBe(text("pt", "pages", "titles.dashboard"));
    expect(consoleErrors).toEqual([]);
  });

  it("locks the account after the configured failures, in Spanish", async () => {
    await setSettings(suite.server().database.db, "security", { maxFailedAdminSignIns: 3 });
    const admin = await buildAdmin(suite.server().database.db, { username: "lucia@acme.test", lang: "es" });
    await givePassword(suite.server().database.db, suite.server().config, admin, "C0rrect!Pass");
    const { page, consoleErrors } = await open(/^\/signin\/es$/);
    await page.goto("/signin/es");
    await page.waitForSelector('bulwark-island[name="SignInForm"][hydrated]');
    const submit = page.getByRole("button", { name: text("es", "auth", "signin.submit") });
    await page.getByLabel(text("es", "auth", "fields.username")).fill("lucia@acme.test");
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.getByLabel(text("es", "auth", "fields.password")).fill(`Wr0ng!Pass${attempt}`);
      await submit.click();
      await expect.poll(() => page.getByRole("alert").textContent()).toBe(text("es", "errors", "signin401"));
      await page.getByLabel(text("es", "auth", "fields.password")).fill("");
    }
    await page.getByLabel(text("es", "auth", "fields.password")).fill("C0rrect!Pass");
    await submit.click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(text("es", "errors", "signin403"));
    expect(new URL(page.url()).pathname).toBe("/signin/es");
    expect(consoleErrors).toEqual([]);
    await setSettings(suite.server().database.db, "security", {});
  });

  /**
   * Holds an island's chunk until `release` is called, so the test can act on the server-rendered
   * form before the island hydrates (a slow network, a click before the page is ready).
   */
  async function holdChunk(page: Page, island: string) {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = () => undefined as void;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route(new RegExp(`/${island}-[\\w-]+\\.js$`), async (route: Route) => {
      requested();
      await held;
      await route.continue();
    });
    return { asked, release };
  }

  it("keeps what was typed into sign-in before the island loaded, cannot submit it early, then signs in with it", async () => {
    const admin = await buildAdmin(suite.server().database.db, { username: "early@acme.test" });
    await givePassword(suite.server().database.db, suite.server().config, admin, "Ear1y!Pass");
    const { page, consoleErrors } = await open();
    const chunk = await holdChunk(page, "SignInForm");
    await page.goto("/signin/en");
    await chunk.asked;
    const username = page.getByLabel("Username or e-mail");
    const password = page.getByLabel("Password", { exact: true });
    const submit = page.getByRole("button", { name: "Sign in" });
    await username.fill("early@acme.test");
    await password.fill("Ear1y!Pass");
    // Not hydrated yet: the button is disabled and Enter (implicit submission) does nothing.
    expect(await page.locator('bulwark-island[name="SignInForm"][hydrated]').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);
    await password.press("Enter");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/signin/en");

    chunk.release();
    await page.waitForSelector('bulwark-island[name="SignInForm"][hydrated]');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await username.inputValue()).toBe("early@acme.test");
    expect(await password.inputValue()).toBe("Ear1y!Pass");
    await submit.click();
    await page.waitForURL("**/dashboard");
    expect(consoleErrors).toEqual([]);
  });

  it("keeps what was typed into activation before the island loaded, names the account, and activates it", async () => {
    const db = suite.server().database.db;
    const admin = await buildAdmin(db, { username: "late@acme.test", status: "invited" });
    const token = await issueToken(db, "admin", admin.id, "verify", 60);
    const { page, consoleErrors } = await open();
    const chunk = await holdChunk(page, "NewPasswordForm");
    await page.goto(`/verify/en/${token}`);
    await chunk.asked;
    expect(await page.locator(".form-account").textContent()).toBe("Account: late@acme.test");
    await page.getByLabel("Password", { exact: true }).fill("Lat3!Password");
    await page.getByLabel("Confirm password").fill("Lat3!Password");
    const submit = page.getByRole("button", { name: "Activate account" });
    expect(await submit.isDisabled()).toBe(true);

    chunk.release();
    await page.waitForSelector('bulwark-island[name="NewPasswordForm"][hydrated]');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("Lat3!Password");
    expect(await page.getByLabel("Confirm password").inputValue()).toBe("Lat3!Password");
    await submit.click();
    await page.getByText("Your account is active. Sign in with your password").waitFor();
    expect(await page.locator(".form-account").textContent()).toBe("Account: late@acme.test");
    const after = await db.selectFrom("admins").select(["status", "passwordHash"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("active");
    expect(after.passwordHash).not.toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  it("without JavaScript, sign-in says it needs it and never puts the password in an address or the history", async () => {
    const browser = (await open()).context.browser();
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: suite.baseUrl() });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const addresses: string[] = [];
    page.on("request", (request) => addresses.push(request.url()));
    await page.goto("/signin/en");
    // Playwright's text engine skips <noscript>: the note is found by its place instead.
    const note = page.locator("noscript > p.notice");
    expect(await note.textContent()).toBe("This form needs JavaScript. Turn it on in your browser to continue.");
    expect(await note.isVisible()).toBe(true);
    await page.getByLabel("Username or e-mail").fill("root");
    await page.getByLabel("Password", { exact: true }).fill("N0Script!Secret");
    // Enter and a click on the (disabled) button submit nothing.
    await page.getByLabel("Password", { exact: true }).press("Enter");
    expect(await page.getByRole("button", { name: "Sign in" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Sign in" }).click({ force: true, timeout: 2_000 });
    // Were it sent by other means, the form posts: its fields would travel in the body.
    expect(await page.locator("form").getAttribute("method")).toBe("post");
    const { entries } = await cdp.send("Page.getNavigationHistory");
    for (const url of [...addresses, ...entries.map((entry) => entry.url), page.url()]) {
      expect(url).not.toContain("N0Script");
      expect(url).not.toContain("password=");
    }
    expect(addresses.some((url) => new URL(url).pathname === "/signin/en")).toBe(true);
    await context.close();
  });
});
