/**
 * Sudo mode's console prompt in Chromium (issue #29): a root whose session was verified too long
 * ago deletes a company; the island's call is answered `reauthRequired`, the shared prompt asks for
 * the password and a code (computed here), refuses a wrong one, and after the right ones the same
 * delete runs. The prompt passes axe at 1400 and 390 px.
 */
import { describe, expect, it } from "vitest";
import { REAUTH_WINDOW_MINUTES } from "../../server/services/mfa";
import { seriousAxeViolations } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildTeam, givePassword, GOOD_PASSWORD } from "../support/factories";
import { codeAt, enrolDirectly } from "../api/mfa.support";

describe("the re-authentication prompt in Chromium", () => {
  const suite = useBrowserSuite();

  it("opens on reauthRequired, refuses a wrong password, and retries the company delete after the right password and code", async () => {
    const db = suite.server().database.db;
    const root = await buildAdmin(db, { role: "root" });
    await givePassword(db, suite.server().config, root);
    const { secret } = await enrolDirectly(db, suite.server().config, root);
    const team = await buildTeam(db, {});
    const { page, consoleErrors } = await suite.open(root, {
      viewport: { width: 1400, height: 900 },
      expectedFailures: /\/v2\/(team|me\/reauth)$/,
    });
    // The session's verification is older than the window.
    for (const row of await db.selectFrom("sessions").selectAll().execute()) {
      const sess = JSON.parse(row.sess) as { adminId?: number; verifiedAt?: number };
      if (sess.adminId !== root.id) continue;
      sess.verifiedAt = Date.now() - (REAUTH_WINDOW_MINUTES + 1) * 60_000;
      await db
        .updateTable("sessions")
        .set({ sess: JSON.stringify(sess) })
        .where("sid", "=", row.sid)
        .execute();
    }
    await page.goto(`/teams/profile/${team.slug}`);
    await page.waitForSelector('bulwark-island[name="TeamDelete"][hydrated]');
    // The prompt's chunk loads on the first refused call (client/entry.tsx); until then it is deferred.
    await page.waitForSelector('bulwark-island[name="ReauthPrompt"][deferred]', { state: "attached" });
    expect(await page.locator('bulwark-island[name="ReauthPrompt"][hydrated]').count()).toBe(0);
    await page.getByRole("button", { name: "Delete company" }).click();
    await page
      .getByRole("dialog", { name: `Delete ${team.teamName}?` })
      .getByRole("button", { name: "Delete company" })
      .click();

    const prompt = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await page.waitForSelector('bulwark-island[name="ReauthPrompt"][hydrated]', { state: "attached" });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1400, height: 900 });

    await prompt.getByLabel("Password").fill("not the password");
    await prompt.getByLabel("Code").fill(codeAt(secret, 0));
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await prompt.getByText("Wrong password or code. Try again").waitFor();
    expect(await db.selectFrom("teams").select("id").where("id", "=", team.id).executeTakeFirst()).toBeDefined();

    await prompt.getByLabel("Password").fill(GOOD_PASSWORD);
    await prompt.getByLabel("Code").fill(codeAt(secret, 1));
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(`**/teams?deleted=${team.slug}`);
    expect(await db.selectFrom("teams").select("id").where("id", "=", team.id).executeTakeFirst()).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  });
});
