/**
 * In Chromium: /logs filters apply as you type (the address bar follows), an entry opens
 * to its details, the export button downloads the filtered entries; in en and es, at 1400 and
 * 390 px, without horizontal scroll or serious axe-core violations.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recordAccess } from "../../server/services/accessLog/record";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildTeam, buildUser } from "../support/factories";

const WORDS = {
  en: {
    target: "Target",
    outcome: "Outcome",
    failure: "Failure",
    show: "Show details",
    export: /^Export 1 entry \(CSV\)$/,
    count: "1–1 of 1",
    request: "Request id",
    raw: "Raw JSON",
    from: "From",
    clear: "Clear filters",
  },
  es: {
    target: "Objetivo",
    outcome: "Resultado",
    failure: "Fallo",
    show: "Mostrar detalles",
    export: /^Exportar 1 entrada \(CSV\)$/,
    count: "1–1 de 1",
    request: "Id de la solicitud",
    raw: "JSON original",
    from: "Desde",
    clear: "Limpiar filtros",
  },
} as const;

describe("the access log in Chromium", () => {
  const suite = useBrowserSuite();
  const db = () => suite.server().database.db;

  it.each(["en", "es"] as const)(
    "in %s: filters as you type, opens an entry's details and downloads the filtered export",
    { timeout: 120_000 },
    async (lang) => {
      const w = WORDS[lang];
      const id = randomBytes(3).toString("hex");
      const team = await buildTeam(db(), { slug: `logs-${id}` });
      const origin = { actor: null, ip: "192.0.2.77", userAgent: "browser-test", requestId: `req-${id}` };
      const named = await buildUser(db(), { team, username: `named-${id}@example.test`, firstName: "Ana", lastName: "Lopes" });
      await recordAccess(db(), origin, {
        action: "settings.update",
        outcome: "failure",
        target: { type: "settings", id: `browse-${id}-a` },
        teamId: team.id,
        details: { changes: { otpLength: { before: 6, after: 8 } }, user: named.uid },
      });
      await recordAccess(db(), origin, { action: "team.update", target: { type: "team", id: `browse-${id}-b` }, teamId: team.id });
      const root = await buildAdmin(db(), { role: "root", lang });
      const problems: string[] = [];
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page, context, consoleErrors } = await suite.open(root, { viewport });
        await page.goto("/logs");
        await waitForIslands(page);
        await page.getByLabel(w.target, { exact: true }).fill(`browse-${id}`);
        await page.waitForURL(new RegExp(`target=browse-${id}`));
        await page.getByLabel(w.outcome, { exact: true }).selectOption("failure");
        await page.waitForURL(/outcome=failure/);
        await page.locator(".list-count").getByText(w.count).waitFor();
        // The time range is typed year-month-day in any language (no browser mm/dd/yyyy widget)
        // and read back in the console's date style; one 'Clear filters' for everything.
        const from = page.getByLabel(w.from, { exact: true });
        expect(await from.getAttribute("type")).toBeNull();
        await from.fill("2020-02-30");
        await from.press("Enter");
        await expect.poll(() => from.getAttribute("aria-invalid")).toBe("true");
        await from.fill("2020-01-02 10:30");
        await from.press("Enter");
        await page.waitForURL(/from=2020-01-02T/);
        expect(await page.getByText(/2020.*10:30|10:30.*2020/).count()).toBeGreaterThan(0);
        await page.locator(".list-count").getByText(w.count).waitFor();
        expect(await page.getByRole("button", { name: w.clear, exact: true }).count()).toBe(1);
        const rows = page.locator("table.logs-table tbody.logs-entry");
        expect(await rows.count()).toBe(1);
        const action = rows.first().locator(".col-action");
        const before = await action.boundingBox();
        await rows.first().getByText(w.show).click();
        await rows.first().getByText(`req-${id}`).waitFor();
        expect(await rows.first().getByText("192.0.2.77").isVisible()).toBe(true);
        // The details open in a full-width row under the entry: the Action column keeps its width.
        expect((await action.boundingBox())?.width).toBe(before?.width);
        // Readable: before → after, and the user named instead of their uid; the raw JSON behind a toggle.
        expect(await rows.first().locator(".logs-changes").textContent()).toBe("otpLength: 6 → 8");
        expect(await rows.first().getByText(`Ana Lopes (named-${id}@example.test)`).isVisible()).toBe(true);
        const raw = rows.first().locator(".logs-raw pre");
        expect(await raw.isVisible()).toBe(false);
        await rows.first().getByText(w.raw, { exact: true }).click();
        expect(JSON.parse((await raw.textContent()) ?? "")).toEqual({ changes: { otpLength: { before: 6, after: 8 } }, user: named.uid });

        const { excess, culprits } = await horizontalOverflow(page);
        if (excess > 0) problems.push(`${lang} ${viewport.width}: scrolls ${excess}px (${culprits.join(", ")})`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${lang} ${viewport.width}: ${JSON.stringify(v)}`);

        // Export is one menu in the list's toolbar (issue 27): open it, then pick the format.
        await page.locator(".list-toolbar .export-menu > summary").click();
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: w.export }).click()]);
        expect(download.suggestedFilename()).toMatch(/^logs-\d{4}-\d{2}-\d{2}\.csv$/);
        const text = readFileSync(await download.path(), "utf8");
        const lines = text.split("\r\n").filter(Boolean);
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(`browse-${id}-a`);
        expect(consoleErrors).toEqual([]);
        await context.close();
      }
      expect(problems).toEqual([]);
    },
  );
});
