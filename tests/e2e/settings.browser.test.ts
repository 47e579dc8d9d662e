/**
 * In Chromium: a root saves a settings tab and the page says what changed; a server
 * 400 marks the field it names; /settings tabs and /apps at 1400 and 390 px in en and pt with
 * no horizontal scroll and no serious axe-core violation.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { makeCertFixtures } from "../support/certs";
import { bearerFor, buildAdmin } from "../support/factories";

describe("settings in Chromium", () => {
  const suite = useBrowserSuite();

  it("saves the general tab: the status says what changed and the API holds it; a bad value is marked on its field", async () => {
    const db = suite.server().database.db;
    const root = await buildAdmin(db, { role: "root", teams: [] });
    const { page } = await suite.open(root, { viewport: { width: 1400, height: 900 }, expectedFailures: /^\/v2\/settings\/general$/ });
    await page.goto("/settings");
    await waitForIslands(page);
    await page.getByLabel("Public registration").check();
    await page.getByLabel("Invitation validity (days)").fill("9");
    // The general tab holds two forms (general, then licences): each saves on its own.
    const generalForm = page.locator("form.settings-form").first();
    await generalForm.getByRole("button", { name: "Save" }).click();
    await page
      .getByText(/Changed: (Public registration, Invitation validity \(days\)|Invitation validity \(days\), Public registration)/)
      .waitFor();
    const auth = await bearerFor(suite.server().config, root);
    const general = (await suite.server().request().get("/v2/settings").set("Authorization", auth)).body.general;
    expect(general).toMatchObject({ registrationEnabled: true, userInviteExpiryDays: 9 });

    await waitForIslands(page);
    await page.getByLabel("Invitation validity (days)").fill("9999");
    await generalForm.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByLabel("Invitation validity (days)").getAttribute("aria-invalid")).toBe("true");
  });

  it("each form saves on its own: the save bar stays on screen with the message beside Save; leaving with unsaved changes asks; a filter finds settings by name", async () => {
    const db = suite.server().database.db;
    const root = await buildAdmin(db, { role: "root", teams: [], lang: "pt" });
    const { page } = await suite.open(root, { viewport: { width: 1400, height: 900 } });
    await page.goto("/settings?tab=security");
    await waitForIslands(page);
    // The save bar is on the first screen of a long form, and nothing is unsaved yet.
    const bar = page.locator(".settings-save-bar").first();
    const box = await bar.boundingBox();
    expect(box !== null && box.y + box.height <= 900).toBe(true);
    const state = bar.locator('[role="status"]');
    expect(await state.textContent()).toBe("");

    // An edit is reported as unsaved beside Save; an in-app link asks first, and 'no' stays.
    const first = page.locator(".settings-form input[inputmode='numeric']").first();
    const original = await first.inputValue();
    await first.fill("77");
    await expect.poll(() => state.textContent()).toBe("Alterações por guardar");
    // The question is the console's dialog, never the browser's window.confirm.
    let browserDialogs = 0;
    page.on("dialog", (dialog) => {
      browserDialogs++;
      void dialog.dismiss();
    });
    const leaveLink = page.locator('a[href="/settings?tab=general"]');
    await leaveLink.click();
    const question = page.getByRole("dialog", { name: "Sair sem guardar?" });
    await question.waitFor();
    expect(await question.textContent()).toContain("Tem alterações por guardar. Sair desta página e perdê-las?");
    await question.getByRole("button", { name: "Cancelar" }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe("?tab=security");
    expect(await first.inputValue()).toBe("77");
    // Escape stays too, and focus returns to the link.
    await leaveLink.click();
    await question.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => question.isVisible()).toBe(false);
    expect(await leaveLink.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(browserDialogs).toBe(0);

    // The filter hides this page's settings that do not match (and groups left without any), and
    // Escape clears it.
    const filter = page.getByLabel("Procurar uma definição");
    await filter.fill("bloqueio por pin");
    await expect.poll(() => page.locator(".setting-item:visible").count()).toBe(1);
    expect(await page.locator(".setting-item:visible").textContent()).toContain("Bloqueio por PIN");
    await filter.fill("zzz-nada");
    await page.locator(".settings-filter .empty-state").getByText("Nenhuma definição corresponde.").waitFor();
    await expect.poll(() => page.locator(".setting-item:visible").count()).toBe(0);
    await filter.press("Escape");
    expect(await filter.inputValue()).toBe("");
    await expect.poll(() => page.locator(".setting-item:visible").count()).toBeGreaterThan(5);

    // Back to the stored value: nothing is unsaved any more.
    await first.fill(original);
    await expect.poll(() => state.textContent()).toBe("");

    // The filter lists matching settings of every tab, each a link to its block.
    await page.getByLabel("Procurar uma definição").fill("registo publ");
    const link = page.locator(".settings-filter-results a").first();
    await link.waitFor();
    expect([await link.textContent(), await link.getAttribute("href")]).toEqual([
      "Registo público",
      "/settings?tab=general#setting-general-registrationEnabled",
    ]);
    await link.click();
    await page.waitForURL(/tab=general#setting-general-registrationEnabled$/);
    await waitForIslands(page);
    // Saving says what changed beside Save, without leaving the page.
    const registration = page.getByLabel("Registo público");
    await registration.setChecked(!(await registration.isChecked()));
    const general = page.locator(".settings-save-bar").first().locator('[role="status"]');
    await page.getByRole("button", { name: "Guardar" }).first().click();
    await expect.poll(() => general.textContent()).toBe("Alterado: Registo público");
    // Saved: leaving no longer asks.
    await page.locator('a[href="/settings?tab=call"]').click();
    await page.waitForURL(/tab=call/);
    expect(browserDialogs).toBe(0);
  });

  it("uploads a client CA certificate on the TLS/domain tab; the page then shows its subject and fingerprint", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bulwark-cert-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        path.join(dir, "k.pem"),
        "-out",
        path.join(dir, "c.pem"),
        "-days",
        "90",
        "-subj",
        "/CN=Browser Upload CA",
      ],
      { stdio: "ignore" },
    );
    const pem = readFileSync(path.join(dir, "c.pem"), "utf8");
    const root = await buildAdmin(suite.server().database.db, { role: "root", teams: [] });
    const { page } = await suite.open(root, { viewport: { width: 1400, height: 900 } });
    await page.goto("/settings?tab=tls");
    await waitForIslands(page);
    const certs = page.getByRole("form", { name: "Certificates" });
    await certs.getByLabel("Trusted client CA certificates (PEM)").fill(pem);
    await certs.getByRole("button", { name: "Save" }).click();
    await page.getByText("CN=Browser Upload CA").first().waitFor();
    await page.getByText("SHA-256 fingerprint").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("uploads a server certificate chain with its key: a key that does not match is marked, the right one shows the chain, 'key set' and the 30-day warning", async () => {
    const fixtures = makeCertFixtures(10);
    const root = await buildAdmin(suite.server().database.db, { role: "root", teams: [] });
    const { page } = await suite.open(root, { viewport: { width: 1400, height: 900 }, expectedFailures: /^\/v2\/settings\/certs$/ });
    await page.goto("/settings?tab=tls");
    await waitForIslands(page);
    const certs = page.getByRole("form", { name: "Certificates" });
    await certs.getByLabel("Server certificate chain (PEM, leaf first)").fill(fixtures.chain);
    await certs.getByLabel("Server private key (PEM)").fill(fixtures.otherKey);
    await certs.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => certs.getByLabel("Server private key (PEM)").getAttribute("aria-invalid")).toBe("true");
    await certs.getByText("The private key does not match the first certificate of the chain.").waitFor();

    await certs.getByLabel("Server private key (PEM)").fill(fixtures.leafKey);
    await certs.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Server certificate" }).waitFor();
    await page.getByText("CN=api.bulwark.test").first().waitFor();
    await page.getByText("CN=Bulwark Test Intermediate").first().waitFor();
    expect(await page.getByText("This certificate expires within 30 days.").count()).toBe(3);
    await page.getByText("A private key is set; leave empty to keep it.").first().waitFor();
    await waitForIslands(page);
    expect(await certs.getByLabel("Server private key (PEM)").inputValue()).toBe("");
    expect(await page.content()).not.toContain(fixtures.leafKey.split("\n")[1]!);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("every tab and /apps fit at 1400 and 390 px in en and pt with no serious axe violation", { timeout: 120_000 }, async () => {
    const db = suite.server().database.db;
    const problems: string[] = [];
    for (const lang of ["en", "pt"] as const) {
      const root = await buildAdmin(db, { role: "root", teams: [], lang });
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page, context } = await suite.open(root, { viewport });
        for (const url of [
          "/settings?tab=general",
          "/settings?tab=message",
          "/settings?tab=call",
          "/settings?tab=attachment",
          "/settings?tab=security",
          "/settings?tab=tls",
          "/apps",
        ]) {
          await page.goto(url);
          await waitForIslands(page);
          const { excess, culprits } = await horizontalOverflow(page);
          if (excess > 0) problems.push(`${lang} ${viewport.width} ${url}: scrolls ${excess}px (${culprits.join(", ")})`);
          for (const v of await seriousAxeViolations(page)) problems.push(`${lang} ${viewport.width} ${url}: ${JSON.stringify(v)}`);
        }
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });
});
