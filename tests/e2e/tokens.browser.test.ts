/**
 * The API tokens page in Chromium: create a token (the secret is shown once, with a copy button
 * and a warning), find it in the list, revoke it with confirmation; in en and pt, at 1400 and
 * 390 px, without horizontal scroll or serious axe-core violations.
 */
import { describe, expect, it } from "vitest";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildTeam } from "../support/factories";

const WORDS = {
  en: { name: "Name", create: "Create token", done: "Done", revoke: "Revoke", empty: "No API tokens", secret: "Your new token" },
  pt: { name: "Nome", create: "Criar token", done: "Concluído", revoke: "Revogar", empty: "Sem tokens de API", secret: "O seu novo token" },
} as const;

describe("API tokens page in Chromium", () => {
  const suite = useBrowserSuite();
  const db = () => suite.server().database.db;

  it.each(Object.keys(WORDS) as (keyof typeof WORDS)[])(
    "creates a token shown once, lists it and revokes it (%s)",
    async (lang) => {
      const w = WORDS[lang];
      const team = await buildTeam(db());
      const admin = await buildAdmin(db(), { lang, teams: [team] });
      const problems: string[] = [];
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const name = `nightly-${lang}-${viewport.width}`;
        const { page, context, consoleErrors } = await suite.open(admin, { viewport });
        await page.goto("/tokens");
        await waitForIslands(page);
        await page.getByText(w.empty).waitFor();
        for (const v of await seriousAxeViolations(page)) problems.push(`${lang} ${viewport.width} empty: ${JSON.stringify(v)}`);

        await page.getByLabel(w.name, { exact: true }).fill(name);
        await page.getByRole("button", { name: w.create }).click();
        const secretField = page.getByLabel(w.secret);
        await secretField.waitFor();
        const secret = await secretField.inputValue();
        expect(secret).toMatch(/^bwk_[A-Za-z0-9_-]{43}$/);
        for (const v of await seriousAxeViolations(page)) problems.push(`${lang} ${viewport.width} secret: ${JSON.stringify(v)}`);
        const me = await suite.server().request().get("/v2/me").set("Authorization", `Bearer ${secret}`);
        expect(me.status).toBe(200);

        await page.getByRole("button", { name: w.done }).click();
        const row = page.locator("table.tokens-table tbody tr", { hasText: name });
        await row.waitFor();
        expect(await page.content()).not.toContain(secret);
        const { excess, culprits } = await horizontalOverflow(page);
        if (excess > 0) problems.push(`${lang} ${viewport.width}: scrolls ${excess}px (${culprits.join(", ")})`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${lang} ${viewport.width} list: ${JSON.stringify(v)}`);

        await waitForIslands(page);
        await row.getByRole("button", { name: new RegExp(w.revoke) }).click();
        await page.getByRole("dialog").getByRole("button", { name: w.revoke, exact: true }).click();
        await page.getByText(w.empty).waitFor();
        expect((await suite.server().request().get("/v2/me").set("Authorization", `Bearer ${secret}`)).status).toBe(401);
        expect(consoleErrors).toEqual([]);
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
