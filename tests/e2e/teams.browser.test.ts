import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { buildAdmin, buildTeam } from "../support/factories";
import { useBrowserSuite } from "../support/browser-suite";

describe("teams in Chromium", () => {
  const suite = useBrowserSuite();
  const open = (admin: Row<"admins">, expectedFailures?: RegExp) => suite.open(admin, { expectedFailures });
  const tag = () => randomBytes(3).toString("hex");

  it("lets root create a team through the form, then find it in the list by search", async () => {
    const root = await buildAdmin(suite.server().database.db, { role: "root", firstName: "Grace", lastName: "Hopper" });
    const { page, consoleErrors } = await open(root);
    const id = tag();
    await page.goto("/teams");
    await page.getByRole("link", { name: "Create company" }).first().click();
    await page.waitForURL("**/teams/create");
    await page.waitForSelector('bulwark-island[name="TeamForm"][hydrated]');

    await page.getByLabel("Company name").fill(`Orion Labs ${id}`);
    expect(await page.getByLabel("Identifier").inputValue()).toBe(`orion-labs-${id}`);
    await page.getByLabel("Country").fill("pt");
    expect(await page.getByLabel("Country").inputValue()).toBe("PT");
    await page.getByLabel("Finance contact").fill("not-an-email");
    await page.getByRole("button", { name: "Create company" }).click();
    await expect.poll(() => page.getByText("Enter a valid e-mail address.").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("email");

    await page.getByLabel("Finance contact").fill(`billing@orion-${id}.test`);
    await page.getByLabel("City").fill("Porto");
    await page.getByLabel("Time zone").selectOption("Europe/Lisbon");
    await page.getByLabel("OCSP and CRL").check();
    await page.getByLabel("Use a custom e-mail theme").check();
    await page.getByLabel("Theme name").fill("orion");
    await page.getByRole("button", { name: "Create company" }).click();
    await page.waitForURL(`**/teams/profile/orion-labs-${id}?created=1`);
    await page.getByText("Company created").waitFor();
    expect(await page.getByText("This company is not currently managed by any administrator").isVisible()).toBe(true);
    // Each field once: the profile's forms hold the saved values (the authentication in its own part); no read-only copy above.
    const details = page.locator("section[aria-labelledby=team-details]");
    const authentication = page.locator("section[aria-labelledby=team-authentication]");
    expect(await authentication.getByLabel("OCSP and CRL").isChecked()).toBe(true);
    expect(await page.getByText("OCSP and CRL").count()).toBe(1);
    expect(await page.getByText(`Orion Labs ${id}`, { exact: true }).count()).toBe(0);
    expect(await details.getByLabel("Company name").inputValue()).toBe(`Orion Labs ${id}`);

    // Search as you type (the ListFilters island): no button press; focus and caret come back on the new page.
    await page.goto("/teams");
    await page.waitForSelector('bulwark-island[name="ListFilters"][hydrated]');
    expect(await page.getByRole("button", { name: "Apply" }).isVisible()).toBe(false);
    await page.getByRole("searchbox", { name: "Search companies" }).click();
    await page.keyboard.type(`ORION LABS ${id}`, { delay: 15 });
    await page.waitForURL(new RegExp(`search=ORION\\+LABS\\+${id}$`));
    await page.waitForSelector('bulwark-island[name="ListFilters"][hydrated]');
    const caret = () =>
      page.evaluate(() => {
        const field = document.activeElement;
        return field instanceof HTMLInputElement && field.type === "search" ? [field.value, field.selectionStart] : null;
      });
    await expect.poll(caret).toEqual([`ORION LABS ${id}`, `ORION LABS ${id}`.length]);
    const rows = page.locator("table.teams-table tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getByRole("link").textContent()).toBe(`Orion Labs ${id}`);
    expect(await page.getByText("1–1 of 1").isVisible()).toBe(true);
    // The search is a chip; removing it lists every company again.
    await page.getByRole("link", { name: `Remove filter Search companies: ORION LABS ${id}` }).click();
    await page.waitForURL(/\/teams$/);
    expect(await page.locator(".filter-chips").count()).toBe(0);
    expect(await page.getByRole("searchbox", { name: "Search companies" }).inputValue()).toBe("");
    expect(consoleErrors).toEqual([]);
  });

  it("shows an admin only their teams, no create button, and the 403 page on /teams/create", async () => {
    const id = tag();
    const mine = await buildTeam(suite.server().database.db, { teamName: `Vega ${id}`, slug: `vega-${id}` });
    await buildTeam(suite.server().database.db, { teamName: `Sirius ${id}`, slug: `sirius-${id}` });
    const admin = await buildAdmin(suite.server().database.db, { teams: [mine] });
    const { page, consoleErrors } = await open(admin);
    await page.goto(`/teams?search=${id}`);
    const rows = page.locator("table.teams-table tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-slug")).toBe(mine.slug);
    expect(await page.getByRole("link", { name: "Create company" }).count()).toBe(0);

    const denied = await page.goto("/teams/create");
    expect(denied?.status()).toBe(403);
    expect(await page.locator("h1").textContent()).toBe("Access denied");
    const hidden = await page.goto(`/teams/profile/sirius-${id}`);
    expect(hidden?.status()).toBe(404);
    expect(consoleErrors).toEqual([]);
  });

  it("edits a team, checks its custom settings before saving, and deletes it after confirming", async () => {
    const id = tag();
    const root = await buildAdmin(suite.server().database.db, { role: "root" });
    const team = await buildTeam(suite.server().database.db, { teamName: `Lyra ${id}`, slug: `lyra-${id}` });
    const busy = await buildTeam(suite.server().database.db, { teamName: `Busy ${id}`, slug: `busy-${id}` });
    const now = Date.now();
    await suite
      .server()
      .database.db.insertInto("users")
      .values({ uid: randomUUID(), username: `u-${id}@busy.test`, teamId: busy.id, status: "active", createdAt: now, updatedAt: now })
      .execute();
    const { page, consoleErrors } = await open(root);
    await page.goto(`/teams/profile/${team.slug}`);
    await page.waitForSelector('bulwark-island[name="TeamForm"][hydrated]');
    await page.waitForSelector('bulwark-island[name="TeamSettingsEditor"][hydrated]');
    await page.waitForSelector('bulwark-island[name="TeamDelete"][hydrated]');

    const edit = page.locator("section[aria-labelledby=team-details]");
    await edit.getByLabel("Identifier").fill(`lyra-prime-${id}`);
    await edit.getByLabel("Company name").fill(`Lyra Prime ${id}`);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(`**/teams/profile/lyra-prime-${id}?updated=1`);
    await page.getByText("Company updated successfully").waitFor();
    await page.waitForSelector('bulwark-island[name="TeamSettingsEditor"][hydrated]');

    // Overrides are typed fields like /settings: switched on, a field starts from the system value.
    expect(await page.getByLabel("Overrides (JSON)").count()).toBe(0);
    await page.getByLabel("Override: One-time code length").check();
    const otp = page.locator('[data-override-field="security.otpLength"]').getByLabel("One-time code length", { exact: true });
    expect(await otp.inputValue()).toMatch(/^\d+$/);
    await otp.fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    // The shared schema's problem is shown on the field itself, before any request.
    await expect.poll(() => otp.getAttribute("aria-invalid")).toBe("true");
    await otp.fill("8");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Company settings saved").waitFor();
    // One status region: the settings' message replaced the edit's, nothing piles up.
    expect(await page.locator("#page-status").textContent()).toBe("Company settings saved");
    expect(await page.locator(".alert-success").count()).toBe(0);
    const stored = await suite
      .server()
      .database.db.selectFrom("teams")
      .select("customSettings")
      .where("id", "=", team.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.customSettings)).toEqual({ security: { otpLength: 8 } });

    await page.getByRole("button", { name: "Delete company" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete Lyra Prime ${id}?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Delete company" }).click();
    await page.waitForURL(`**/teams?deleted=lyra-prime-${id}`);
    await page.locator("#page-status").getByText("Company deleted").waitFor();
    expect(await suite.server().database.db.selectFrom("teams").select("id").where("id", "=", team.id).executeTakeFirst()).toBeUndefined();

    await page.goto(`/teams/profile/${busy.slug}`);
    await page.waitForSelector('bulwark-island[name="TeamDelete"][hydrated]');
    await page.getByRole("button", { name: "Delete company" }).click();
    const refused = page.getByRole("dialog");
    await refused.getByText("This company still has users").waitFor();
    expect(await refused.getByRole("button", { name: "Delete company" }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("edits a company's TURN relay override: the password is written once, kept when left blank, never shown", async () => {
    const id = tag();
    const secret = `Relay-${id}-S3cret`;
    const db = suite.server().database.db;
    const root = await buildAdmin(db, { role: "root" });
    const team = await buildTeam(db, { teamName: `Vega ${id}`, slug: `vega-${id}` });
    const { page, consoleErrors } = await open(root);
    const stored = async () =>
      JSON.parse(
        (await db.selectFrom("teams").select("customSettings").where("id", "=", team.id).executeTakeFirstOrThrow()).customSettings,
      ) as {
        calling?: { turn?: { url: string; username: string; password: string } };
      };
    await page.goto(`/teams/profile/${team.slug}`);
    await page.waitForSelector('bulwark-island[name="TeamSettingsEditor"][hydrated]');
    await page.getByLabel("Override: TURN/STUN server").check();
    const relay = page.locator('[data-override-field="calling.turn"]');
    await relay.getByLabel("Use a TURN/STUN server").check();
    await relay.locator('input[name="calling.turn.url"]').fill("turn:relay.vega.test:3478");
    await relay.locator('input[name="calling.turn.username"]').fill("vega");
    await relay.locator('input[name="calling.turn.password"]').fill(secret);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Company settings saved").waitFor();
    expect((await stored()).calling?.turn).toEqual({ url: "turn:relay.vega.test:3478", username: "vega", password: secret });

    await page.reload();
    await page.waitForSelector('bulwark-island[name="TeamSettingsEditor"][hydrated]');
    expect(await page.content()).not.toContain(secret);
    expect(await relay.getByText("A password is set; leave empty to keep it.").isVisible()).toBe(true);
    expect(await relay.locator('input[name="calling.turn.password"]').inputValue()).toBe("");
    await relay.locator('input[name="calling.turn.url"]').fill("turns:relay2.vega.test:5349");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Company settings saved").waitFor();
    expect((await stored()).calling?.turn).toEqual({ url: "turns:relay2.vega.test:5349", username: "vega", password: secret });
    expect(consoleErrors).toEqual([]);
  });
});
