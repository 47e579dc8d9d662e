/**
 * The sign-in second step in Chromium (issue #29): after the password the form asks for a code of
 * the authenticator app (computed here with otpauth) and only then signs in, in two languages;
 * the step passes axe at 1400 and 390 px.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, givePassword, GOOD_PASSWORD } from "../support/factories";
import { ROOT_DIR } from "../support/server";
import { codeAt, enrolDirectly } from "../api/mfa.support";

type Texts = Record<string, Record<string, unknown>>;
const text = (lang: string, ns: string, key: string): string => {
  const tree = JSON.parse(readFileSync(path.join(ROOT_DIR, "locales", lang, `${ns}.json`), "utf8")) as Texts;
  const value = key.split(".").reduce<unknown>((node, part) => (node as Texts)[part], tree);
  if (typeof value !== "string") throw new Error(`missing ${lang}/${ns}:${key}`);
  return value;
};

describe("sign-in with an authenticator app in Chromium", () => {
  const suite = useBrowserSuite();

  for (const [lang, width] of [
    ["en", 1400],
    ["pt", 390],
  ] as const) {
    it(`asks for the code after the password and signs in (${lang}, ${width} px)`, async () => {
      const db = suite.server().database.db;
      const admin = await buildAdmin(db, {});
      await givePassword(db, suite.server().config, admin);
      const { secret } = await enrolDirectly(db, suite.server().config, admin);
      const { page, consoleErrors } = await suite.open(undefined, {
        viewport: { width, height: 900 },
        expectedFailures: /\/signin\/\w+\/mfa/,
      });
      await page.goto(`/signin/${lang}`);
      await page.waitForSelector('bulwark-island[name="SignInForm"][hydrated]');
      await page.getByLabel(text(lang, "auth", "fields.username")).fill(admin.username);
      await page.getByLabel(text(lang, "auth", "fields.password"), { exact: true }).fill(GOOD_PASSWORD);
      await page.getByRole("button", { name: text(lang, "auth", "signin.submit") }).click();

      const codeField = page.getByLabel(text(lang, "auth", "mfa.code"));
      await codeField.waitFor();
      expect(await page.getByText(text(lang, "auth", "mfa.intro")).count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // No session yet: the dashboard still sends to sign-in.
      const cookies = await page.context().cookies();
      expect(cookies.filter((c) => c.name.includes("bulwark.sid"))).toEqual([]);

      await codeField.fill(codeAt(secret, 0) === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: text(lang, "auth", "mfa.submit") }).click();
      await page.getByText(text(lang, "errors", "signinMfa401")).waitFor();
      await codeField.fill(codeAt(secret, 0));
      await page.getByRole("button", { name: text(lang, "auth", "mfa.submit") }).click();
      await page.waitForURL("**/dashboard");
      expect(consoleErrors).toEqual([]);
    });
  }
});
