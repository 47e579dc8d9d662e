/**
 * Issue 17 in Chromium: a root saves a settings tab and the page says what changed; a server
 * 400 marks the field it names; /settings tabs and /apps at 1400 and 390 px in en and pt with
 * no horizontal scroll and no serious axe-core violation.
 */
import { describe, expect, it } from "vitest";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
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
    await page.getByText(/Changed: (Public registration, Invitation validity \(days\)|Invitation validity \(days\), Public registration)/).waitFor();
    const auth = await bearerFor(suite.server().config, root);
    const general = (await suite.server().request().get("/v2/settings").set("Authorization", auth)).body.general;
    expect(general).toMatchObject({ registrationEnabled: true, userInviteExpiryDays: 9 });

    await waitForIslands(page);
    await page.getByLabel("Invitation validity (days)").fill("9999");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByLabel("Invitation validity (days)").getAttribute("aria-invalid")).toBe("true");
  });

  it("every tab and /apps fit at 1400 and 390 px in en and pt with no serious axe violation", { timeout: 120_000 }, async () => {
    const db = suite.server().database.db;
    const problems: string[] = [];
    for (const lang of ["en", "pt"] as const) {
      const root = await buildAdmin(db, { role: "root", teams: [], lang });
      for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
        const { page, context } = await suite.open(root, { viewport });
        for (const url of ["/settings?tab=general", "/settings?tab=message", "/settings?tab=call", "/settings?tab=attachment", "/settings?tab=security", "/settings?tab=tls", "/apps"]) {
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
