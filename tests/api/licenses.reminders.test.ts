/**
 * Expiry reminders to the finance contact 30, 7 and 1 days before a pack
 * expires, each once even when two processes (two app instances with their own pools on one
 * PostgreSQL database; one process on SQLite) run the pass at the same moment.
 */
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import { startHousekeeping } from "../../server/services/housekeeping/schedule";
import { dueThreshold, sendExpiryReminders } from "../../server/services/licenses/reminders";
import { testDialects } from "../support/db";
import { buildPack, buildTeam } from "../support/factories";
import { useServerPair } from "../support/lifecycle";

const DAY = 86_400_000;

describe("reminder thresholds", () => {
  it("picks the nearest threshold the pack is within", () => {
    expect([40, 30, 29.5, 8, 7, 6.5, 2, 1, 0.5].map((d) => dueThreshold(d * DAY))).toEqual([null, 30, 30, 30, 7, 7, 7, 1, 1]);
    expect(dueThreshold(0)).toBeNull();
    expect(dueThreshold(-DAY)).toBeNull();
  });
});

describe.each(testDialects())("license expiry reminders on %s", (dialect) => {
  const { one, two } = useServerPair(dialect);

  it("e-mails each threshold once across processes, again after an extension, never without a finance contact", async () => {
    const db = one.database.db;
    const start = Date.now();
    const team = await buildTeam(db, { contactEmailFinance: "money@remind.test", teamName: "Remind Co", language: "es" });
    const silent = await buildTeam(db);
    const pack = await buildPack(db, { team, licenseCount: 40, expiresAt: start + 35 * DAY });
    await buildPack(db, { team: silent, expiresAt: start + 3 * DAY });
    const mails = () =>
      db.selectFrom("mailOutbox").select(["toAddress", "payload", "lang"]).where("template", "=", "licenseExpiry").orderBy("id").execute();
    const pass = (now: number) =>
      Promise.all([sendExpiryReminders(one.database.db, "http://c.test", now), sendExpiryReminders(two.database.db, "http://c.test", now)]);

    expect(await pass(start)).toEqual([0, 0]);
    const at30 = start + 5.5 * DAY;
    expect((await pass(at30)).reduce((a, b) => a + b)).toBe(1);
    expect((await pass(at30 + 3_600_000)).reduce((a, b) => a + b)).toBe(0);
    const at7 = start + 28.5 * DAY;
    expect((await pass(at7)).reduce((a, b) => a + b)).toBe(1);
    const at1 = start + 34.5 * DAY;
    expect((await pass(at1)).reduce((a, b) => a + b)).toBe(1);
    const sent = await mails();
    expect(sent.map((m) => [m.toAddress, m.lang, JSON.parse(m.payload).days])).toEqual([
      ["money@remind.test", "es", "30"],
      ["money@remind.test", "es", "7"],
      ["money@remind.test", "es", "1"],
    ]);
    expect(JSON.parse(sent[0]!.payload)).toMatchObject({ firstName: "Remind Co", licenseCount: "40", link: "http://c.test/licenses" });

    // Extended: the new expiration is reminded of again when it comes near.
    await db
      .updateTable("licensePacks")
      .set({ expiresAt: start + 60 * DAY })
      .where("id", "=", pack.id)
      .execute();
    expect((await pass(start + 53.5 * DAY)).reduce((a, b) => a + b)).toBe(1);
    expect(
      await db.selectFrom("licenseReminders").select("thresholdDays").where("licensePackId", "=", pack.id).orderBy("id").execute(),
    ).toEqual([{ thresholdDays: 30 }, { thresholdDays: 7 }, { thresholdDays: 1 }, { thresholdDays: 7 }]);
  });

  it("runs with the housekeeping pass when it knows the public URL", async () => {
    const db = one.database.db;
    const team = await buildTeam(db, { contactEmailFinance: "hk@remind.test" });
    await buildPack(db, { team, expiresAt: Date.now() + 2 * DAY });
    const housekeeping = startHousekeeping({ db, logger: createLogger("silent"), intervalMs: 3_600_000, publicUrl: "http://c.test" });
    try {
      expect((await housekeeping.runNow()).licenseReminders).toBe(1);
    } finally {
      await housekeeping.stop();
    }
  });
});
