import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { encodeToken } from "../../server/services/licenses/tokens";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { ROOT_DIR } from "../support/server";

const SCREENSHOTS = path.join(ROOT_DIR, "test-results", "screenshots");
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Serious and critical axe-core violations of the page as it is now (DESIGN §13: none). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** How far the page scrolls sideways (0: nothing sticks out). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** A gauge figure as the page shows it now. */
const gaugeFigure = (page: Page, key: string) => page.locator(`.seats-panel > .seats-gauge dd[data-seats="${key}"]`).textContent();
const tag = () => randomBytes(3).toString("hex");

describe("licenses in Chromium (public edition)", () => {
  const suite = useBrowserSuite();
  beforeAll(() => {
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  const open = (admin: Row<"admins">, viewport = DESKTOP) => suite.open(admin, { viewport });

  it("extends, expires and distributes packs after confirmations that state the effect; the gauge follows", async () => {
    const db = suite.server().database.db;
    const id = tag();
    const source = await buildTeam(db, { teamName: `Orion ${id}`, slug: `orion-${id}` });
    const target = await buildTeam(db, { teamName: `Lyra ${id}`, slug: `lyra-${id}` });
    const now = Date.now();
    const expired = await buildPack(db, { team: source, licenseCount: 5, expiresAt: now - 3 * DAY });
    const big = await buildPack(db, { team: source, licenseCount: 40, expiresAt: now + 200 * DAY });
    const small = await buildPack(db, { team: source, licenseCount: 10, expiresAt: now + 100 * DAY });
    for (let i = 0; i < 4; i++) await buildUser(db, { team: source });
    const root = await buildAdmin(db, { role: "root" });
    const { page, consoleErrors } = await suite.open(root, { viewport: DESKTOP, expectedFailures: /^\/v2\/license$/ });
    await page.goto(`/licenses?team=${source.slug}`);
    await page.waitForSelector('bulwark-island[name="LicensesTable"][hydrated]');
    await page.waitForSelector('bulwark-island[name="LicenseGauge"][hydrated]');
    expect(await gaugeFigure(page, "available")).toBe("46");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, "licenses-desktop.png"), fullPage: true });

    // Extend the expired pack by 60 days: its 5 licenses count again.
    await page.getByRole("button", { name: `Extend the pack of 5 licenses of Orion ${id}` }).click();
    const extend = page.getByRole("dialog");
    await extend.getByLabel("Days from today").fill("60");
    await extend.getByText(`Licenses of Orion ${id} after this: 55 in valid packs, 51 available (now 46).`).waitFor();
    await extend.getByRole("button", { name: "Extend pack" }).click();
    await page.getByText("License updated successfully").waitFor();
    await expect.poll(() => page.locator(`tr[data-pack="${expired.uid}"] [data-state]`).textContent()).toBe("Valid");
    await expect.poll(() => gaugeFigure(page, "available")).toBe("51");

    // Expire the 10-license pack now.
    await page.getByRole("button", { name: `Expire the pack of 10 licenses of Orion ${id}` }).click();
    const expire = page.getByRole("dialog");
    await expire.getByText(`Licenses of Orion ${id} after this: 45 in valid packs, 41 available (now 51).`).waitFor();
    await expire.getByRole("button", { name: "Expire pack" }).click();
    await expect.poll(() => page.locator(`tr[data-pack="${small.uid}"] [data-state]`).textContent()).toBe("Expired");
    await expect.poll(() => gaugeFigure(page, "available")).toBe("41");

    // Distribute 15 of the 40 to Lyra: the source keeps 25, Lyra gets a new pack.
    await page.getByRole("button", { name: `Distribute licenses of the pack of 40 licenses of Orion ${id}` }).click();
    const distribute = page.getByRole("dialog");
    await distribute.getByLabel("Company that receives the licenses").selectOption(target.slug);
    await distribute.getByLabel("Number of licenses").fill("15");
    await distribute.getByText(`Licenses of Orion ${id} after this: 30 in valid packs, 26 available (now 41).`).waitFor();
    await distribute.getByText(`Licenses of Lyra ${id} after this: 15 in valid packs, 15 available (now 0).`).waitFor();
    await distribute.getByRole("button", { name: "Distribute licenses" }).click();
    await expect.poll(() => page.locator(`tr[data-pack="${big.uid}"] td.col-number`).textContent()).toBe("25");
    await expect.poll(() => page.locator("tr.is-updated").count()).toBe(2);
    await expect.poll(() => gaugeFigure(page, "available")).toBe("26");
    const stored = await db
      .selectFrom("licensePacks")
      .innerJoin("teams", "teams.id", "licensePacks.teamId")
      .select(["licensePacks.licenseCount", "licensePacks.source"])
      .where("teams.slug", "=", target.slug)
      .execute();
    expect(stored.map((row) => [Number(row.licenseCount), row.source])).toEqual([[15, "distribution"]]);

    // A refusal stays in the dialog: with 7 users, the source cannot keep only 6 licenses.
    for (let i = 0; i < 3; i++) await buildUser(db, { team: source });
    await page.getByRole("button", { name: `Distribute licenses of the pack of 25 licenses of Orion ${id}` }).click();
    const refused = page.getByRole("dialog");
    await refused.getByLabel("Company that receives the licenses").selectOption(target.slug);
    await refused.getByLabel("Number of licenses").fill("24");
    await refused.getByText(`Orion ${id} would use 1 license more than it has`, { exact: false }).waitFor();
    await refused.getByRole("button", { name: "Distribute licenses" }).click();
    await refused.getByRole("alert").waitFor();
    expect(await refused.getByRole("alert").textContent()).toContain("fewer licenses than it uses");
    await refused.getByRole("button", { name: "Cancel" }).click();
    expect(consoleErrors).toEqual([]);
  });

  it("purchases licenses in Portuguese: price, licenses after, confirmation, invoice", async () => {
    const db = suite.server().database.db;
    const id = tag();
    const team = await buildTeam(db, { teamName: `Vega ${id}`, slug: `vega-${id}`, contactEmailFinance: `finance@vega-${id}.test` });
    const admin = await buildAdmin(db, { teams: [team], lang: "pt" });
    const { page, consoleErrors } = await open(admin);
    await page.goto("/purchase");
    await page.waitForSelector('bulwark-island[name="PurchaseForm"][hydrated]');
    // A trial is sold for one month only: choosing it moves the term there.
    await page.getByLabel("Tipo de licença").selectOption("trial");
    await expect.poll(() => page.getByLabel("Prazo").inputValue()).toBe("1");
    await page.getByLabel("Tipo de licença").selectOption("subscription");
    await page.getByLabel("Prazo").selectOption("12");
    await page.getByLabel("Número de licenças").fill("100");
    await expect.poll(() => page.locator('[data-quote="price"]').textContent()).toMatch(/6000,00\s€|6\s?000,00\s€/);
    await expect.poll(() => page.locator('[data-quote="after"]').textContent()).toBe("100 licenças em pacotes válidos, 100 disponíveis");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Rever compra" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar a compra" });
    await dialog.getByText(`Licenças de Vega ${id} depois disto: 100 em pacotes válidos, 100 disponíveis.`).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, "purchase-confirm-pt.png") });
    await dialog.getByRole("button", { name: "Comprar" }).click();
    await page.getByText("Licença comprada com sucesso").waitFor();
    expect(await page.getByText(/Fatura \S+/).isVisible()).toBe(true);
    const packs = await db.selectFrom("licensePacks").select(["licenseCount", "source"]).where("teamId", "=", team.id).execute();
    expect(packs.map((p) => [Number(p.licenseCount), p.source])).toEqual([[100, "purchase"]]);

    await page.getByRole("link", { name: "Ver os pacotes de licenças da empresa" }).click();
    await page.waitForURL(`**/licenses?team=${team.slug}`);
    expect(await page.locator(".seats-panel > .seats-gauge figcaption").textContent()).toBe(`Licenças de Vega ${id}`);
    expect(await gaugeFigure(page, "available")).toBe("100");
    expect(await page.locator("[data-state]").first().textContent()).toBe("Válido");
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("fits 390 px without sideways scrolling: licenses as cards, purchase, dashboard", async () => {
    const db = suite.server().database.db;
    const team = await buildTeam(db, { teamName: `Carina ${tag()} with a rather long company name` });
    await buildPack(db, { team, licenseCount: 1200, expiresAt: Date.now() + 12 * DAY });
    await buildPack(db, { team, licenseType: "trial", licenseCount: 3, expiresAt: Date.now() - DAY });
    const admin = await buildAdmin(db, { teams: [team] });
    const { page, consoleErrors } = await open(admin, PHONE);
    for (const [url, shot] of [
      [`/licenses?team=${team.slug}`, "licenses-phone.png"],
      ["/purchase", "purchase-phone.png"],
      ["/dashboard", "dashboard-phone.png"],
    ] as const) {
      await page.goto(url);
      expect({ url, overflow: await overflow(page) }).toEqual({ url, overflow: 0 });
      await page.screenshot({ path: path.join(SCREENSHOTS, shot), fullPage: true });
    }
    await page.goto(`/licenses?team=${team.slug}`);
    const card = page.locator("table.licenses-table tbody tr").first();
    expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("grid");
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/dashboard");
    expect(await page.locator(".dashboard-expiry").textContent()).toContain("1 license pack expires within 30 days");
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe("licenses in Chromium (a scope of many companies)", () => {
  const suite = useBrowserSuite();

  it("finds the company by search in the purchase form when the scope is too large to list", async () => {
    const db = suite.server().database.db;
    const now = Date.now();
    const id = tag();
    await db
      .insertInto("teams")
      .values(
        Array.from({ length: 210 }, (_, i) => ({ slug: `crowd-${id}-${i}`, teamName: `Crowd ${id} ${i}`, createdAt: now, updatedAt: now })),
      )
      .execute();
    const team = await buildTeam(db, { teamName: `Hydra ${id}`, slug: `hydra-${id}` });
    const root = await buildAdmin(db, { role: "root" });
    const { page, consoleErrors } = await suite.open(root, { viewport: DESKTOP });
    await page.goto("/purchase");
    await page.waitForSelector('bulwark-island[name="PurchaseForm"][hydrated]');
    await page.getByLabel("Find a company").fill(`hydra ${id}`);
    await expect
      .poll(() => page.getByLabel("Company", { exact: true }).locator("option").allTextContents())
      .toEqual(["Choose a company", `Hydra ${id}`]);
    await page.getByLabel("Company", { exact: true }).selectOption(team.slug);
    await page.getByLabel("Number of licenses").fill("10");
    await expect.poll(() => page.locator('[data-quote="after"]').textContent()).toBe("10 licenses in valid packs, 10 available");
    await page.getByRole("button", { name: "Review purchase" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Purchase" }).click();
    await page.getByText("License purchased successfully").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe("licenses in Chromium (private edition)", () => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const other = generateKeyPairSync("ed25519");
  const suite = useBrowserSuite({
    env: { EDITION: "private", LICENSE_PUBLIC_KEY: publicKey.export({ type: "spki", format: "pem" }).toString() },
  });
  const mint = (fields: { team: string | null; count: number }, key = privateKey) =>
    encodeToken(
      {
        v: 1,
        id: `tok-${tag()}${tag()}`,
        team: fields.team,
        type: "subscription",
        count: fields.count,
        term: 12,
        iat: new Date().toISOString(),
      },
      key,
    );

  it("checks a pasted token as root types, shows what it grants and activates it once", async () => {
    const db = suite.server().database.db;
    const id = tag();
    const team = await buildTeam(db, { teamName: `Draco ${id}`, slug: `draco-${id}` });
    const root = await buildAdmin(db, { role: "root" });
    const { page, consoleErrors } = await suite.open(root, { viewport: DESKTOP });
    await page.goto("/purchase");
    await page.waitForSelector('bulwark-island[name="ActivateForm"][hydrated]');
    const field = page.getByLabel("Activation token");

    await field.fill(mint({ team: team.slug, count: 30 }, other.privateKey));
    await page.getByText("Invalid token: it was not signed by your vendor's key.").waitFor();
    expect(await page.getByRole("button", { name: "Activate", exact: true }).isDisabled()).toBe(true);

    const token = mint({ team: null, count: 30 });
    await field.fill(token);
    await page.getByText("Valid token").waitFor();
    expect(await page.locator('[data-grant="count"]').textContent()).toBe("30");
    expect(await page.getByText("You choose the company").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    await page.getByText("Choose the company that receives these licenses.").waitFor();
    await page.getByLabel("Company that receives the licenses").selectOption(team.slug);
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm the activation" });
    await dialog.getByText(`Activate 30 licenses (Subscription) for Draco ${id}?`, { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Activate licenses" }).click();
    await page.getByText("License activated successfully").waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, "activate-desktop.png"), fullPage: true });

    await field.fill(token);
    await page.getByText("Invalid token: it has already been activated.").waitFor();
    const packs = await db.selectFrom("licensePacks").select(["licenseCount", "source"]).where("teamId", "=", team.id).execute();
    expect(packs.map((p) => [Number(p.licenseCount), p.source])).toEqual([[30, "activation"]]);
    expect(consoleErrors).toEqual([]);
  });
});
