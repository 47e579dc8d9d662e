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
    await page.getByRole("button", { name: "Save" }).click();
    await page
      .getByText(/Changed: (Public registration, Invitation validity \(days\)|Invitation validity \(days\), Public registration)/)
      .waitFor();
    const auth = await bearerFor(suite.server().config, root);
    const general = (await suite.server().request().get("/v2/settings").set("Authorization", auth)).body.general;
    expect(general).toMatchObject({ registrationEnabled: true, userInviteExpiryDays: 9 });

    await waitForIslands(page);
    await page.getByLabel("Invitation validity (days)").fill("9999");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByLabel("Invitation validity (days)").getAttribute("aria-invalid")).toBe("true");
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
