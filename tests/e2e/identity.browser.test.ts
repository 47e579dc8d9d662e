import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    await page.getByLabel("Password", { exact: true }).fill("Rad1um!Pass");
    await page.getByLabel("Confirm password").fill("Rad1um!Pass");
    await page.getByRole("button", { name: "Activate account" }).click();
    await page.getByText("Your account is active. Sign in with your password").waitFor();

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
});
