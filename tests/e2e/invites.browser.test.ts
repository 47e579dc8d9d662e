/**
 * In Chromium: the invitation wizard on /invites end to end (pasted addresses with a
 * repeat, an invalid one and an existing user → review counts (the server's review) → send →
 * per-address results; handles → codes shown
 * once and downloaded as CSV; CSV upload; the over-licenses refusal; the browser's Back and
 * Forward keep every input; a keyboard-only pass in English and Spanish, every text from the locales;
 * a root with more companies than the page carries searches them) and the invitations list (search, resend,
 * delete), in English and Portuguese at 1400 and 390 px with axe (no serious or critical finding).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { ROOT_DIR } from "../support/server";
import { containing, strictTranslate } from "../support/texts";
import { failureText, plural } from "../../client/components/invites/types";
import { TEAM_LIST_MAX } from "../../client/components/licenses/TeamPicker";
import { formatNumber } from "../../client/lib/datetime";

const SCREENSHOTS = path.join(ROOT_DIR, "test-results", "screenshots");
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };
const tag = () => randomBytes(3).toString("hex");

/** Presses Tab (at most `limit` times) until `target` has focus: the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The text of the focused element's accessible heading (the step heading takes focus on each step). */
const focusedHeading = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === "H2" ? document.activeElement.textContent : null));
/** A review count as shown. */
const reviewCount = (page: Page, key: string) => page.locator(`.invite-counts [data-count="${key}"] .invite-count-value`).textContent();
const seatsShown = (page: Page, key: "before" | "after") => page.locator(`.invite-seats [data-seats="${key}"] dd`).textContent();

/** No serious or critical axe finding, and nothing wider than the viewport. */
async function audited(page: Page, name: string): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toEqual({ excess: 0, culprits: [] });
  await page.screenshot({ path: path.join(SCREENSHOTS, `invites-${name}.png`), fullPage: true });
}

describe("invitations in Chromium", () => {
  const suite = useBrowserSuite();
  beforeAll(() => {
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  /** A company with `seats` available licenses (and one user), a full company, and an administrator of both. */
  async function scene(seats: number, lang: "en" | "pt" | "es" = "en", domains: string[] = [], teamLang: "en" | "pt" | "es" = "en") {
    const db = suite.server().database.db;
    const id = tag();
    const team = await buildTeam(db, { teamName: `Orion ${id}`, slug: `orion-${id}`, language: teamLang });
    const full = await buildTeam(db, { teamName: `Full ${id}`, slug: `full-${id}` });
    await buildPack(db, { team, licenseCount: seats + 1 });
    await buildUser(db, { team });
    await buildPack(db, { team: full, licenseCount: 1 });
    await buildUser(db, { team: full });
    for (const domain of domains) await db.insertInto("teamDomains").values({ teamId: team.id, domain, createdAt: Date.now() }).execute();
    const admin = await buildAdmin(db, { teams: [team, full], lang });
    return { id, team, full, admin };
  }

  const openInvites = async (admin: Row<"admins">, viewport = DESKTOP, target = "/invites") => {
    const watched = await suite.open(admin, { viewport });
    await watched.page.goto(target);
    await waitForIslands(watched.page);
    return watched;
  };

  it.each(["en", "es"] as const)(
    "by keyboard only (%s): pasted addresses with a repeat and an invalid one, review counts and licenses, Back and Forward keep the input, send, results",
    async (lang) => {
      // Every text looked for is the console's own in this language; a missing one throws.
      const t = strictTranslate(lang);
      const steps = (step: string) => t(`invites:wizard.steps.${step}`);
      const addresses = () => page.getByLabel(t("invites:details.emails"));
      const directSignIn = () => page.getByLabel(t("invites:details.directSignIn"));
      const button = (key: string) => page.getByRole("button", { name: t(`invites:wizard.${key}`), exact: true });
      const option = (team: string, available: number) =>
        t("invites:details.companyOption", { team, available: formatNumber(available, lang) });

      // Domains are unique across companies: one per run.
      const domain = `orion-${tag()}.test`;
      // The company speaks Portuguese: the invitation language proposed is the company's.
      const { id, team, admin } = await scene(6, lang, [domain], "pt");
      await buildUser(suite.server().database.db, { team, username: `kim-${id}@${domain}` });
      const { page, consoleErrors } = await openInvites(admin);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      await audited(page, `type-desktop-${lang}`);
      // Step 1: e-mail is the default; Next.
      await tabTo(page, page.getByRole("radio", { name: containing(t("invites:type.email")) }));
      await tabTo(page, button("next"));
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedHeading(page)).toBe(steps("details"));
      // The full company is not offered; the only one with licenses is chosen already.
      const company = page.getByLabel(t("invites:details.company"), { exact: true });
      expect(await company.locator("option").allTextContents()).toEqual([
        t("invites:details.companyPlaceholder"),
        option(`Orion ${id}`, 5),
      ]);
      expect(await company.inputValue()).toBe(team.slug);
      expect(await page.getByLabel(t("invites:details.lang")).inputValue()).toBe("pt");
      await tabTo(page, addresses());
      await page.keyboard.type(`ana@${domain}\nrui@${domain}, ANA@${domain}\nnot-an-address\neva@elsewhere.test\nkim-${id}@${domain}`);
      await tabTo(page, directSignIn());
      await page.keyboard.press("Space");
      await tabTo(page, button("next"));
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedHeading(page)).toBe(steps("review"));
      await expect.poll(() => seatsShown(page, "before")).toBe("5");
      // The server's review knows kim is already a user.
      await expect.poll(() => reviewCount(page, "onboarded")).toBe("1");
      expect([
        await reviewCount(page, "new"),
        await reviewCount(page, "duplicates"),
        await reviewCount(page, "invalid"),
        await reviewCount(page, "outsideDomains"),
      ]).toEqual(["2", "1", "1", "1"]);
      expect(await seatsShown(page, "after")).toBe("3");
      // The counts and the licenses line up: their figures start at the same x.
      const leftOf = async (selector: string) => (await page.locator(selector).boundingBox())?.x;
      expect(await leftOf('.invite-counts [data-count="new"] .invite-count-value')).toBe(
        await leftOf('.invite-seats [data-seats="before"] dd'),
      );
      await page.getByText(failureText(t, "notValidEmailAccount")).waitFor();
      await audited(page, `review-desktop-${lang}`);

      // The browser's Back shows the details as typed; Forward the same review.
      await page.goBack();
      await expect.poll(() => focusedHeading(page)).toBe(steps("details"));
      expect(await addresses().inputValue()).toContain(`ANA@${domain}`);
      expect(await directSignIn().isChecked()).toBe(true);
      await page.goForward();
      await expect.poll(() => focusedHeading(page)).toBe(steps("review"));
      await expect.poll(() => reviewCount(page, "new")).toBe("2");
      // The wizard's own Back and Next too.
      await tabTo(page, button("back"));
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedHeading(page)).toBe(steps("details"));
      expect(await addresses().inputValue()).toContain("not-an-address");
      await tabTo(page, button("next"));
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedHeading(page)).toBe(steps("review"));

      await tabTo(page, button("send"));
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedHeading(page)).toBe(steps("complete"));
      await expect.poll(() => page.locator("#page-status").textContent()).toBe(plural(t, "invites:complete.sent", 2, lang));
      expect(
        await page.locator(".invite-results tr[data-ok]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-address"))),
      ).toEqual([`ana@${domain}`, `rui@${domain}`]);
      expect(await page.locator('.invite-results tr[data-failed="notValidEmailAccount"]').getAttribute("data-address")).toBe(
        "not-an-address",
      );
      expect(await page.locator('.invite-results tr[data-failed="inviteCreate502"]').getAttribute("data-address")).toBe(
        "eva@elsewhere.test",
      );
      // Already a user: left out after the review, listed with the server's code.
      expect(await page.locator('.invite-results tr[data-failed="inviteCreate409"]').getAttribute("data-address")).toBe(
        `kim-${id}@${domain}`,
      );
      // Each failure reads as the catalogue's text in this language.
      for (const code of ["notValidEmailAccount", "inviteCreate502", "inviteCreate409"]) {
        expect(await page.locator(`.invite-results tr[data-failed="${code}"] td`).first().textContent()).toBe(failureText(t, code));
      }
      await audited(page, `complete-desktop-${lang}`);

      // Send another: same company and options, no addresses; the licenses went down by two.
      await tabTo(page, button("sendAnother"));
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedHeading(page)).toBe(steps("details"));
      expect(await addresses().inputValue()).toBe("");
      expect(await company.locator("option:checked").textContent()).toBe(option(`Orion ${id}`, 3));
      expect(consoleErrors).toEqual([]);
    },
  );

  it("refuses more addresses than available licenses, and offers no company when none has any", async () => {
    const { id, admin, full } = await scene(2);
    const { page, consoleErrors } = await openInvites(admin);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("E-mail addresses").fill("a@over.test\nb@over.test\nc@over.test");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => seatsShown(page, "after")).toBe("-1");
    await page.getByText("Not enough available licenses. Reduce number of invites").waitFor();
    expect(await page.getByRole("button", { name: "Send invitations" }).isDisabled()).toBe(true);
    // Nothing entered: the details step says so and stays.
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByLabel("E-mail addresses").fill("");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("alert").getByText("Enter at least one address or choose a file.").waitFor();
    expect(await focusedHeading(page)).toBe(null);

    const db = suite.server().database.db;
    const onlyFull = await buildAdmin(db, { teams: [full] });
    const other = await openInvites(onlyFull);
    await other.page.getByRole("button", { name: "Next" }).click();
    await other.page.getByRole("alert").getByText("You must choose a company with available licenses").waitFor();
    expect(await other.page.getByLabel("Company").count()).toBe(0);
    expect(await other.page.getByText(`Full ${id}`).count()).toBe(0);
    expect([...consoleErrors, ...other.consoleErrors]).toEqual([]);
  });

  it("reads a CSV file chosen in the browser by its address column", async () => {
    const { admin } = await scene(10);
    const { page, consoleErrors } = await openInvites(admin);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Or choose a CSV file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('name,email\n"Silva, Ana",ana@csv.test\nRui,rui@csv.test\nEva,eva@csv.test\n'),
    });
    await page.getByText("3 addresses read from people.csv").waitFor();
    await page.getByLabel("E-mail addresses").fill("zoe@csv.test, rui@csv.test");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => reviewCount(page, "new")).toBe("4");
    expect(await reviewCount(page, "duplicates")).toBe("1");
    // A file without an address column is refused with what it needs.
    await page.getByRole("button", { name: "Back" }).click();
    await page
      .getByLabel("Or choose a CSV file")
      .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("name,phone\nAna,1\n") });
    await page.getByText(/The file has no column named address, addresses, email/).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it("in Portuguese at 390 px: handles get codes shown once and downloaded as CSV", async () => {
    const { team, admin } = await scene(4, "pt");
    const { page, consoleErrors } = await openInvites(admin, PHONE);
    await audited(page, "type-phone-pt");
    await page.getByRole("radio", { name: /Identificadores pré-provisionados/ }).check();
    await page.getByRole("button", { name: "Seguinte" }).click();
    await page.getByLabel("Identificadores", { exact: true }).fill("ops.1\nops.2\nops 3");
    await page.getByRole("button", { name: "Seguinte" }).click();
    await expect.poll(() => reviewCount(page, "new")).toBe("2");
    expect(await reviewCount(page, "invalid")).toBe("1");
    await audited(page, "review-phone-pt");
    await page.getByRole("button", { name: "Criar os convites" }).click();
    await page.getByRole("heading", { name: "Concluído" }).waitFor();
    const shown = await page
      .locator(".invite-results tr[data-ok]")
      .evaluateAll((rows) => rows.map((row) => [row.getAttribute("data-address"), row.querySelector(".invite-code")?.textContent ?? ""]));
    expect(shown.map(([address]) => address)).toEqual(["ops.1", "ops.2"]);
    for (const [, code] of shown) expect(code).toMatch(/^[A-Za-z0-9]{6,20}$/);
    await page.getByText("Estes códigos só são mostrados uma vez.", { exact: false }).waitFor();
    await audited(page, "complete-phone-pt");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Descarregar os códigos (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invitation-codes-${team.slug}.csv`);
    const file = readFileSync(await download.path(), "utf8");
    expect(file).toBe(`identificador,código\r\n${shown.map(([address, code]) => `${address},${code}`).join("\r\n")}\r\n`);
    // Start over: a fresh wizard on its first step.
    await page.getByRole("button", { name: "Recomeçar" }).click();
    await page.getByRole("heading", { name: "Escolha como convidar" }).waitFor();

    // The first handle signs up in the app: the communications service redeems its code.
    const http = suite.server().request();
    const root = await bearerFor(suite.server().config, await buildAdmin(suite.server().database.db, { role: "root" }));
    const service = `Bearer ${
      (
        await http
          .post("/v2/service-tokens")
          .set("Authorization", root)
          .send({ name: `gateway-${team.slug}` })
      ).body.token as string
    }`;
    const redeemed = await suite
      .server()
      .request()
      .post("/v2/service/invites/redeem")
      .set("Authorization", service)
      .send({ code: shown[0]![1], username: "ops.1" });
    expect(redeemed.status).toBe(200);
    await page.goto(`/invites?view=pending&team=${team.slug}`);
    await waitForIslands(page);
    await expect.poll(() => page.locator('.invites-table tr[data-address="ops.1"] [data-state]').textContent()).toBe("Aceite");
    expect(await page.locator('.invites-table tr[data-address="ops.2"] [data-state]').textContent()).toBe("Pendente");
    await audited(page, "pending-phone-pt");
    // Resending a handle gives it a new code, shown once in the result.
    await page.getByRole("button", { name: "Reenviar o convite de ops.2" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reenviar" }).click();
    const renewed = page.locator('.invite-new-codes li[data-address="ops.2"] .invite-code');
    await renewed.waitFor();
    expect(await renewed.textContent()).toMatch(/^[A-Za-z0-9]{6,20}$/);
    expect(await renewed.textContent()).not.toBe(shown[1]![1]);
    await page.goto(`/users/manage?team=${team.slug}&search=ops.1`);
    await waitForIslands(page);
    await expect.poll(() => page.locator(".users-table tbody tr .col-status").first().textContent()).toContain("Ativo");
    expect(consoleErrors).toEqual([]);
  });

  it("lists invitations with search, resends one and deletes a selection with per-item results, at 1400 and 390 px", async () => {
    const { id, admin } = await scene(6);
    const { page, consoleErrors } = await openInvites(admin);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("E-mail addresses").fill(`p1-${id}@list.test\np2-${id}@list.test\np3-${id}@list.test`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Send invitations" }).click();
    await page.getByRole("heading", { name: "Complete" }).waitFor();

    await page.getByRole("link", { name: "Pending invitations" }).click();
    await waitForIslands(page);
    await expect.poll(() => page.locator(".invites-table tbody tr").count()).toBe(3);
    await audited(page, "pending-desktop");
    await page.getByLabel("Search by address").fill(`p2-${id}`);
    await expect.poll(() => page.locator(".invites-table tbody tr").count()).toBe(1);
    expect(page.url()).toContain(`search=p2-${id}`);
    await page.getByRole("button", { name: `Resend the invitation of p2-${id}@list.test` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Resend" }).click();
    await expect.poll(() => page.locator("#page-status").textContent()).toBe("1 invitation resent");

    await page.getByLabel("Search by address").fill("");
    await expect.poll(() => page.locator(".invites-table tbody tr").count()).toBe(3);
    await page.getByRole("checkbox", { name: `Select p1-${id}@list.test` }).check();
    await page.getByRole("checkbox", { name: `Select p3-${id}@list.test` }).check();
    await page.getByText("2 invitations selected").waitFor();
    await page.locator(".bulk-bar").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByText("Delete 2 invitations? Their licenses become available.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.locator("#page-status").textContent()).toBe("2 invitations deleted");
    await expect
      .poll(() => page.locator(".invites-table tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-address"))))
      .toEqual([`p2-${id}@list.test`]);

    const phone = await openInvites(admin, PHONE, "/invites?view=pending");
    await expect.poll(() => phone.page.locator(".invites-table tbody tr").count()).toBe(1);
    await audited(phone.page, "pending-phone");
    expect([...consoleErrors, ...phone.consoleErrors]).toEqual([]);
  });

  it("above TEAM_LIST_MAX companies with licenses, by keyboard: searches them, shows the count, checks the chosen one's domains, sends", async () => {
    const db = suite.server().database.db;
    const id = tag();
    const now = Date.now();
    // More companies with licenses than the page carries (one statement each for the companies and their packs).
    const many = await db
      .insertInto("teams")
      .values(
        Array.from({ length: TEAM_LIST_MAX + 1 }, (_, i) => ({
          slug: `vega-${id}-${i}`,
          teamName: `Vega ${id} ${String(i).padStart(3, "0")}`,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning(["id", "slug"])
      .execute();
    await db
      .insertInto("licensePacks")
      .values(
        many.map((team) => ({
          uid: randomUUID(),
          licenseType: "subscription",
          licenseCount: 3,
          status: "active" as const,
          expiresAt: now + 365 * 86_400_000,
          source: "purchase" as const,
          createdAt: now,
          updatedAt: now,
          teamId: team.id,
        })),
      )
      .execute();
    const target = many[TEAM_LIST_MAX]!;
    const domain = `vega-${id}.test`;
    await db.insertInto("teamDomains").values({ teamId: target.id, domain, createdAt: now }).execute();
    const root = await buildAdmin(db, { role: "root" });
    const t = strictTranslate("en");
    const { page, consoleErrors } = await openInvites(root);
    const button = (key: string) => page.getByRole("button", { name: t(`invites:wizard.${key}`), exact: true });
    const company = page.getByLabel(t("invites:details.company"), { exact: true });
    await tabTo(page, button("next"));
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedHeading(page)).toBe(t("invites:wizard.steps.details"));
    // A search box over the companies with licenses, then a select of the matches.
    await tabTo(page, page.getByLabel(t("invites:details.companySearch")));
    await page.keyboard.type(`Vega ${id} ${TEAM_LIST_MAX}`);
    const shown = t("invites:details.companyOption", { team: `Vega ${id} ${TEAM_LIST_MAX}`, available: "3" });
    await expect.poll(() => company.locator("option").allTextContents()).toEqual([t("invites:details.companyPlaceholder"), shown]);
    await tabTo(page, company);
    await company.selectOption(target.slug);
    await tabTo(page, page.getByLabel(t("invites:details.emails")));
    await page.keyboard.type(`ana@${domain}\neva@elsewhere.test`);
    await tabTo(page, button("next"));
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedHeading(page)).toBe(t("invites:wizard.steps.review"));
    // The chosen company's domains came with the search: the other address is outside them.
    await expect.poll(() => seatsShown(page, "before")).toBe("3");
    expect([await reviewCount(page, "new"), await reviewCount(page, "outsideDomains")]).toEqual(["1", "1"]);
    await tabTo(page, button("send"));
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedHeading(page)).toBe(t("invites:wizard.steps.complete"));
    expect(await page.locator(".invite-results tr[data-ok]").getAttribute("data-address")).toBe(`ana@${domain}`);
    await tabTo(page, button("sendAnother"));
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedHeading(page)).toBe(t("invites:wizard.steps.details"));
    expect(await company.locator("option:checked").textContent()).toBe(
      t("invites:details.companyOption", { team: `Vega ${id} ${TEAM_LIST_MAX}`, available: "2" }),
    );
    await audited(page, "search-desktop-en");
    expect(consoleErrors).toEqual([]);
  });
});
