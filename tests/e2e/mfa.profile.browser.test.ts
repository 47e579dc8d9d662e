/**
 * My profile → two-step verification in Chromium (issue #29): setting up an authenticator app (QR
 * code and key from the server, the code computed here), recovery codes shown once, removing the
 * app, in two languages at 1400 and 390 px with axe; then a passkey registered and used to sign
 * in with Chromium's virtual authenticator (DevTools protocol, no device needed). The server's
 * PUBLIC_URL is http://localhost:<port> (WebAuthn refuses IP addresses as relying party ids), so
 * this file serves the app itself on a port chosen before the app is built.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { totpOf } from "../../server/services/mfa/totp";
import { seriousAxeViolations } from "../support/audit";
import { launchBrowser } from "../support/browser";
import { buildAdmin, givePassword, GOOD_PASSWORD, signIn } from "../support/factories";
import { openWatchedPage } from "../support/page";
import { enrolDirectly } from "../api/mfa.support";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";

type Texts = Record<string, Record<string, unknown>>;
const text = (lang: string, ns: string, key: string): string => {
  const tree = JSON.parse(readFileSync(path.join(ROOT_DIR, "locales", lang, `${ns}.json`), "utf8")) as Texts;
  const value = key.split(".").reduce<unknown>((node, part) => (node as Texts)[part], tree);
  if (typeof value !== "string") throw new Error(`missing ${lang}/${ns}:${key}`);
  return value;
};

describe("two-step verification on the profile in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let listener: http.Server;
  let baseUrl = "";
  beforeAll(async () => {
    let app: http.RequestListener | null = null;
    listener = http.createServer((req, res) => (app ? app(req, res) : res.writeHead(503).end()));
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://localhost:${(listener.address() as AddressInfo).port}`;
    server = await getTestServer({ assets: "built", env: { PUBLIC_URL: baseUrl } });
    app = server.app;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    listener?.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await server?.close();
  });

  const open = async (admin: Row<"admins"> | null, width: number, expectedFailures?: RegExp) => {
    const session = admin ? await signIn(server.database.db, server.config, admin) : null;
    const cookie = session ? { name: session.cookie.name, value: encodeURIComponent(session.cookie.value) } : undefined;
    return openWatchedPage(browser, baseUrl, { cookie, viewport: { width, height: 900 }, expectedFailures });
  };

  for (const [lang, width] of [
    ["en", 1400],
    ["pt", 390],
  ] as const) {
    it(`sets up an authenticator app, shows the recovery codes once, removes the app (${lang}, ${width} px)`, async () => {
      const admin = await buildAdmin(server.database.db, { lang });
      const { page, consoleErrors } = await open(admin, width);
      await page.goto(`/admins/profile/${admin.uid}`);
      await page.waitForSelector('bulwark-island[name="MfaSettings"][hydrated]');
      const setUp = page.getByRole("button", { name: text(lang, "profile", "mfa.totp.setUp") });
      await setUp.waitFor();
      expect(await page.getByText(text(lang, "profile", "mfa.off")).count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await setUp.click();
      await page.getByAltText(text(lang, "profile", "mfa.totp.qrAlt")).waitFor();
      const secret = ((await page.locator(".mfa-secret").textContent()) ?? "").replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel(text(lang, "profile", "mfa.code"), { exact: true }).fill(totpOf(secret).generate());
      await page.getByRole("button", { name: text(lang, "profile", "mfa.totp.confirm") }).click();

      const codes = page.getByRole("list", { name: text(lang, "profile", "mfa.recovery.list") }).getByRole("listitem");
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      expect(await page.getByRole("link", { name: text(lang, "profile", "mfa.recovery.download") }).getAttribute("download")).toBe(
        text(lang, "profile", "mfa.recovery.fileName"),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: text(lang, "profile", "mfa.recovery.done") }).click();
      await page.getByText(text(lang, "profile", "mfa.status.appActive"), { exact: true }).waitFor();
      expect(await codes.count()).toBe(0);

      // Removing the app takes a current code: the next step's (the confirmation used this one).
      const next = totpOf(secret).generate({ timestamp: Date.now() + 30_000 });
      await page
        .getByLabel(text(lang, "profile", "mfa.code"), { exact: true })
        .first()
        .fill(next);
      await page.getByRole("button", { name: text(lang, "profile", "mfa.totp.remove") }).click();
      await setUp.waitFor();
      expect(await page.getByText(text(lang, "profile", "mfa.status.appNone"), { exact: true }).count()).toBe(1);
      expect(consoleErrors).toEqual([]);
    });
  }

  it("says when the factors cannot be read and reads them again on retry; renews recovery codes with a recovery code", async () => {
    const admin = await buildAdmin(server.database.db, {});
    const { codes } = await enrolDirectly(server.database.db, server.config, admin);
    const { page, consoleErrors } = await open(admin, 1400, /\/v2\/me\/mfa$/);
    await page.route("**/v2/me/mfa", (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
    await page.goto(`/admins/profile/${admin.uid}`);
    const retry = page.getByRole("button", { name: text("en", "profile", "mfa.retry") });
    await retry.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.unroute("**/v2/me/mfa");
    await retry.click();
    await page.getByText(text("en", "profile", "mfa.status.appActive"), { exact: true }).waitFor();

    const renewField = page.getByLabel(text("en", "profile", "mfa.code"), { exact: true }).last();
    await renewField.fill(codes[0] ?? "");
    await page.getByRole("button", { name: text("en", "profile", "mfa.recovery.renew") }).click();
    const shown = page.getByRole("list", { name: text("en", "profile", "mfa.recovery.list") }).getByRole("listitem");
    await shown.first().waitFor();
    const renewed = await shown.allTextContents();
    expect(renewed).toHaveLength(10);
    expect(renewed).not.toContain(codes[0]);
    expect(consoleErrors).toEqual([]);
  });

  it("registers a passkey with the virtual authenticator, signs out, and signs in with it as the second step", async () => {
    const admin = await buildAdmin(server.database.db, {});
    await givePassword(server.database.db, server.config, admin);
    const current = await server.database.db.selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
    const { page, context, consoleErrors } = await open(current, 1400);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`/admins/profile/${admin.uid}`);
    await page.waitForSelector('bulwark-island[name="MfaSettings"][hydrated]');
    await page.getByLabel(text("en", "profile", "mfa.passkeys.name"), { exact: true }).fill("Test laptop");
    await page.getByRole("button", { name: text("en", "profile", "mfa.passkeys.add") }).click();
    // A first factor: the recovery codes come with it.
    await page.getByRole("button", { name: text("en", "profile", "mfa.recovery.done") }).click();
    await page.getByText("Test laptop").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await context.clearCookies();
    await page.goto("/signin/en");
    await page.waitForSelector('bulwark-island[name="SignInForm"][hydrated]');
    await page.getByLabel(text("en", "auth", "fields.username")).fill(admin.username);
    await page.getByLabel(text("en", "auth", "fields.password"), { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: text("en", "auth", "signin.submit") }).click();
    const usePasskey = page.getByRole("button", { name: text("en", "auth", "mfa.usePasskey") });
    await usePasskey.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await usePasskey.click();
    await page.waitForURL("**/dashboard");
    const signins = await server.database.db
      .selectFrom("accessLog")
      .select("details")
      .where("action", "=", "admin.signin")
      .where("actorAdminId", "=", admin.id)
      .where("outcome", "=", "success")
      .execute();
    expect(signins.map((s) => JSON.parse(s.details ?? "{}").secondStep)).toEqual([true]);
    const stored = await server.database.db
      .selectFrom("adminPasskeys")
      .select(["name", "lastUsedAt"])
      .where("adminId", "=", admin.id)
      .execute();
    expect(stored).toEqual([{ name: "Test laptop", lastUsedAt: expect.anything() }]);
    expect(consoleErrors).toEqual([]);
  });
});
