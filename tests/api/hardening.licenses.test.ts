/**
 * Issue #32 item 2: a company admin cannot give their company unlimited free seats. The purchase
 * rules (settings group `licenses`) apply in the server: one order's maximum, a trial's maximum,
 * trials once per company (or root-only), and a company admin's order limit above which the
 * order is refused with `licenseOrderNeedsRoot`; the prices endpoint shows the rules to the form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("license purchase rules on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let admin: string;
  const db = () => server.database.db;
  const post = (auth: string, body: object) => server.request().post("/v2/license").set("Authorization", auth).send(body);
  const rules = (auth: string, body: object) => server.request().put("/v2/settings/licenses").set("Authorization", auth).send(body);
  const packs = async (teamId: number) =>
    (await db().selectFrom("licensePacks").select("licenseCount").where("teamId", "=", teamId).execute()).map((p) =>
      Number(p.licenseCount),
    );

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
    const teams = [
      await buildTeam(db(), { slug: "beta" }),
      await buildTeam(db(), { slug: "gamma" }),
      await buildTeam(db(), { slug: "delta" }),
    ];
    admin = await bearerFor(server.config, await buildAdmin(db(), { teams }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses the issue's 9,999,999,999-seat free trial and nothing is bought", async () => {
    const team = await db().selectFrom("teams").select("id").where("slug", "=", "beta").executeTakeFirstOrThrow();
    const res = await post(admin, { team: "beta", licenseType: "trial", licenseCount: 9_999_999_999, termMonths: 1 });
    expect([res.status, res.body.error?.code, res.body.error?.details]).toEqual([422, "licenseOrderTooLarge", { max: 100_000 }]);
    const trial = await post(admin, { team: "beta", licenseType: "trial", licenseCount: 51, termMonths: 1 });
    expect([trial.status, trial.body.error?.code, trial.body.error?.details]).toEqual([422, "licenseTrialTooLarge", { max: 50 }]);
    expect(await packs(team.id)).toEqual([]);
  });

  it("gives a company one trial, whoever asks, and then only subscriptions", async () => {
    const team = await db().selectFrom("teams").select("id").where("slug", "=", "gamma").executeTakeFirstOrThrow();
    const first = await post(admin, { team: "gamma", licenseType: "trial", licenseCount: 50, termMonths: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    for (const auth of [admin, root]) {
      const again = await post(auth, { team: "gamma", licenseType: "trial", licenseCount: 1, termMonths: 1 });
      expect([again.status, again.body.error?.code]).toEqual([409, "licenseTrialUsed"]);
    }
    const paid = await post(admin, { team: "gamma", licenseType: "subscription", licenseCount: 10, termMonths: 1 });
    expect(paid.status).toBe(200);
    expect((await packs(team.id)).sort((a, b) => a - b)).toEqual([10, 50]);
  });

  it("refuses a company admin's order above the limit with a clear code; root may place it", async () => {
    const big = { team: "delta", licenseType: "subscription", licenseCount: 1_001, termMonths: 1 };
    const refused = await post(admin, big);
    expect([refused.status, refused.body.error?.code, refused.body.error?.details]).toEqual([403, "licenseOrderNeedsRoot", { max: 1_000 }]);
    expect((await post(admin, { ...big, licenseCount: 1_000 })).status).toBe(200);
    expect((await post(root, big)).status).toBe(200);
  });

  it("applies changed rules: root-only trials, and the prices endpoint shows the rules", async () => {
    const changed = await rules(root, { trialRootOnly: true, maxTrialSeats: 5, maxSeatsPerOrder: 2_000, adminOrderLimit: 100 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await rules(admin, { maxTrialSeats: 5 })).status).toBe(403);
    const team = await buildTeam(db());
    const byAdmin = await post(admin, { team: team.slug, licenseType: "trial", licenseCount: 1, termMonths: 1 });
    // The admin has no scope on the new team: scope first, so the rule never leaks the team.
    expect(byAdmin.status).toBe(403);
    const mine = await post(admin, { team: "beta", licenseType: "trial", licenseCount: 1, termMonths: 1 });
    expect([mine.status, mine.body.error?.code]).toEqual([403, "licenseTrialRootOnly"]);
    expect((await post(root, { team: team.slug, licenseType: "trial", licenseCount: 6, termMonths: 1 })).body.error?.code).toBe(
      "licenseTrialTooLarge",
    );
    expect((await post(root, { team: team.slug, licenseType: "trial", licenseCount: 5, termMonths: 1 })).status).toBe(200);
    expect((await post(admin, { team: "beta", licenseType: "subscription", licenseCount: 101, termMonths: 1 })).body.error?.code).toBe(
      "licenseOrderNeedsRoot",
    );
    const prices = await server.request().get("/v2/license/prices").set("Authorization", admin);
    expect(prices.body.rules).toEqual({ trialRootOnly: true, maxTrialSeats: 5, maxSeatsPerOrder: 2_000, adminOrderLimit: 100 });
    expect((await rules(root, { maxTrialSeats: 0 })).body.error?.code).toBe("settingsLicenses400");
  });
});
