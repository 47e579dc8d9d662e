import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, buildUser } from "../support/factories";
import { useBrowserSuite } from "../support/browser-suite";
import { COUNT_BOUND } from "../../server/services/users/list";
import type { Kysely } from "kysely";
import type { Database, Row } from "../../server/db/types";

/**
 * 'select all matching' at scale, in Chromium: the users of one company, most of them
 * matching a filter, selected with 'Select all N users matching this filter' and blocked in one
 * call by filter. The confirmation's count must equal the database's, and the call must change
 * exactly the matching users. BULWARK_SELECT_ALL_USERS sets the number of users (2,000 by default
 * for CI; run once at 100,000 by hand, see docs/DECISIONS.md "The list pattern").
 */
const USERS = Number(process.env.BULWARK_SELECT_ALL_USERS ?? 2000);
/** Every tenth user is already blocked, so the filter (status active) does not match everyone. */
const matchesAt = (i: number) => i % 10 !== 0;
/** A count as the English console writes it, with or without the thousands separator. */
/** Inserts `count` users of `team`, 1,000 per statement, each as `row(i)` says. */
async function insertCrowd(
  db: Kysely<Database>,
  team: Row<"teams">,
  count: number,
  row: (i: number) => Pick<Row<"users">, "username" | "firstName" | "lastName" | "status">,
): Promise<void> {
  for (let from = 0; from < count; from += 1000) {
    const now = Date.now();
    const rows = Array.from({ length: Math.min(1000, count - from) }, (_, k) => ({
      ...row(from + k),
      uid: randomUUID(),
      createdAt: now,
      updatedAt: now,
      teamId: team.id,
    }));
    await db.insertInto("users").values(rows).execute();
  }
}

const counted = (n: number) => new RegExp(`\\b${n.toLocaleString("en-GB").replace(/,/g, ",?")}\\b`);

describe(`select all matching on ${USERS.toLocaleString("en-GB")} users in Chromium`, () => {
  const suite = useBrowserSuite();

  it(
    "the confirmation states the database's count and the block by filter changes exactly the matching users",
    { timeout: 900_000 },
    async () => {
      const db = suite.server().database.db;
      const tag = randomBytes(3).toString("hex");
      const team = await buildTeam(db, { slug: `crowd-${tag}`, teamName: `Crowd ${tag}` });
      const started = Date.now();
      await insertCrowd(db, team, USERS, (i) => ({
        username: `crowd${i}-${tag}@example.test`,
        firstName: "Crowd",
        lastName: `Member ${i}`,
        status: matchesAt(i) ? "active" : "blocked",
      }));
      const seeded = Date.now() - started;
      const outsider = await buildUser(db, { status: "active" });
      const admin = await buildAdmin(db, { teams: [team] });
      const activeInTeam = async () =>
        Number(
          (
            await db
              .selectFrom("users")
              .select((eb) => eb.fn.countAll<number | string>().as("n"))
              .where("teamId", "=", team.id)
              .where("status", "=", "active")
              .executeTakeFirstOrThrow()
          ).n,
        );
      const expected = await activeInTeam();

      const { page, consoleErrors } = await suite.open(admin, { viewport: { width: 1400, height: 900 } });
      const t0 = Date.now();
      await page.goto(`/users/manage?team=${team.slug}&status=active`);
      await page.waitForSelector('bulwark-island[name="UsersTable"][hydrated]');
      const loaded = Date.now() - t0;
      expect(await page.locator(".users-status").textContent()).toMatch(counted(expected));

      await page.locator(".users-table thead input[type=checkbox]").check();
      const offer = page.getByRole("button", { name: /^Select all/ }).filter({ hasText: counted(expected) });
      await offer.click();
      const bar = page.getByRole("group", { name: "Actions on the selected users" });
      await expect.poll(() => bar.locator(".selection-count").textContent()).toMatch(counted(expected));

      const t1 = Date.now();
      await bar.getByRole("button", { name: "Block", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Block users" });
      await dialog.getByRole("button", { name: "Block" }).waitFor();
      await expect.poll(() => dialog.textContent(), { timeout: 60_000 }).toMatch(new RegExp(`Block ${counted(expected).source} users\\?`));
      const counting = Date.now() - t1;

      const t2 = Date.now();
      await dialog.getByRole("button", { name: "Block" }).click();
      await page.getByText(new RegExp(`^${counted(expected).source} users blocked\\.$`)).waitFor({ timeout: 600_000 });
      const blocking = Date.now() - t2;

      expect(await activeInTeam()).toBe(0);
      const blocked = Number(
        (
          await db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("teamId", "=", team.id)
            .where("status", "=", "blocked")
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(blocked).toBe(USERS);
      expect((await db.selectFrom("users").select("status").where("id", "=", outsider.id).executeTakeFirstOrThrow()).status).toBe("active");
      // After the action the list reloads from the first page with a fresh count: nothing matches now.
      await expect.poll(() => page.locator(".empty-state").count(), { timeout: 60_000 }).toBe(1);
      expect(consoleErrors).toEqual([]);
      console.log(
        JSON.stringify({ users: USERS, matching: expected, seedMs: seeded, pageMs: loaded, confirmCountMs: counting, blockMs: blocking }),
      );
    },
  );

  it(
    "a list past the count's bound says '10,000+' wherever it counts, and the confirmation states the exact count the server reviewed",
    { timeout: 300_000 },
    async () => {
      const db = suite.server().database.db;
      const tag = randomBytes(3).toString("hex");
      const team = await buildTeam(db, { slug: `bound-${tag}`, teamName: `Bound ${tag}` });
      const matching = COUNT_BOUND + 25;
      await insertCrowd(db, team, matching, (i) => ({
        username: `bound${i}-${tag}@example.test`,
        firstName: "Bound",
        lastName: `Zqx${tag} ${i}`,
        status: "active",
      }));
      const admin = await buildAdmin(db, { teams: [team] });
      const { page, consoleErrors } = await suite.open(admin, { viewport: { width: 1400, height: 900 } });
      await page.goto(`/users/manage?search=zqx${tag}`);
      await page.waitForSelector('bulwark-island[name="UsersTable"][hydrated]');
      expect(await page.locator(".users-status").textContent()).toContain("of 10,000+");
      expect(await page.locator('.export-menu button[value="csv"]').textContent()).toBe("Export 10,000+ users (CSV)");

      await page.locator(".users-table thead input[type=checkbox]").check();
      await page.getByRole("button", { name: "Select all 10,000+ users matching this filter" }).click();
      const bar = page.getByRole("group", { name: "Actions on the selected users" });
      await expect.poll(() => bar.locator(".selection-count").textContent()).toBe("All 10,000+ users matching this filter are selected.");
      await bar.getByRole("button", { name: "Block", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Block users" });
      await dialog.getByRole("button", { name: "Block" }).waitFor();
      expect(await dialog.locator(".bulk-subject").textContent()).toContain("All 10,000+ users matching the filter");
      await expect.poll(() => dialog.textContent(), { timeout: 60_000 }).toMatch(new RegExp(`Block ${counted(matching).source} users\\?`));
      await dialog.getByRole("button", { name: "Cancel" }).click();
      expect(consoleErrors).toEqual([]);
    },
  );
});
