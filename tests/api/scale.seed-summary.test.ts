/**
 * Issue #28: the bulk-loaded seed (indexes and triggers set aside, COPY on PostgreSQL) leaves a
 * database the console answers as if every row had been written one by one, and the dashboard's
 * last-seen groups come from the housekeeping's summary, equal to a recount, shown with its age.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountedTeamCounts, teamCounts } from "../../server/db/counters";
import { dashboardCounts } from "../../server/services/dashboard/summary";
import { lastSeenSummaryAge, refreshLastSeenSummary, refreshLastSeenSummaryIfDue } from "../../server/services/dashboard/lastSeenSummary";
import { seedDatabase } from "../../server/services/seed/seed";
import { timeGroupBoundaries } from "../../shared/domain/timeGroups";
import { testDialects } from "../support/db";
import { buildAdmin, pageAs, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const USERS = 2000;
const rootScope = { adminId: 0, uid: "", username: "", role: "root" as const, teamIds: new Set<number>() };

/** The groups counted straight from the users, for the given teams (null: all). */
async function recount(server: TestServer, teamIds: number[] | null, zone: string, now: number) {
  const { ranges } = timeGroupBoundaries(now, zone);
  const users = await server.database.db.selectFrom("users").select(["lastSeenAt", "teamId"]).execute();
  const inScope = users.filter((u) => teamIds === null || teamIds.includes(u.teamId));
  const within = (r: { from: number | null; to: number | null }) =>
    inScope.filter((u) => u.lastSeenAt !== null && u.lastSeenAt >= (r.from ?? 0) && (r.to === null || u.lastSeenAt < r.to)).length;
  const [today, thisWeek, thisMonth] = [within(ranges.today), within(ranges.thisWeek), within(ranges.thisMonth)];
  return { today, thisWeek, thisMonth, longAgo: inScope.length - today - thisWeek - thisMonth };
}

describe.each(testDialects())("bulk seed and last-seen summary on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
    await seedDatabase(server.database.db, { users: USERS });
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it("leaves counters equal to a recount, device counts, version keys, search and id sequences as the triggers would", async () => {
    const db = server.database.db;
    expect([...(await teamCounts(db, null)).entries()].sort()).toEqual([...(await recountedTeamCounts(db)).entries()].sort());
    const mismatched = await sql<{ n: number }>`select count(*) as n from users u
      where u.device_count <> (select count(*) from devices d where d.user_id = u.id)`.execute(db);
    expect(Number(mismatched.rows[0]?.n)).toBe(0);
    const keyless = await db
      .selectFrom("devices")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("versionKey", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(keyless.n)).toBe(0);

    const root = await buildAdmin(db, { role: "root" });
    const sample = await db.selectFrom("users").select(["uid", "lastName", "username"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    const cookie = (await signIn(db, server.config, root)).header;
    const list = await server.request().get("/v2/users?limit=5").set("Cookie", cookie);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(USERS);
    const byUsername = await server
      .request()
      .get(`/v2/users?search=${encodeURIComponent(sample.username)}`)
      .set("Cookie", cookie);
    expect(byUsername.status).toBe(200);
    expect(byUsername.body.items.map((u: { uid: string }) => u.uid)).toContain(sample.uid);
    const byName = await server
      .request()
      .get(`/v2/users?search=${encodeURIComponent(sample.lastName)}`)
      .set("Cookie", cookie);
    const expected = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("lastName", "=", sample.lastName)
      .executeTakeFirstOrThrow();
    expect(byName.body.total).toBeGreaterThanOrEqual(Number(expected.n));
    // A user written after the load gets the next id (the sequences moved past the seeded ids).
    const team = await db.selectFrom("teams").select("id").executeTakeFirstOrThrow();
    const added = await db
      .insertInto("users")
      .values({
        uid: "00000000-0000-4000-8000-00000000abcd",
        username: "after.seed@example.test",
        teamId: team.id,
        status: "active",
        createdAt: Date.now(),
        updatedAt: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(USERS);
    await db.deleteFrom("users").where("id", "=", added.id).execute();
  });

  it("answers the dashboard's groups from the summary, equal to a recount in any zone, and says how old they are", async () => {
    const db = server.database.db;
    const now = Date.now();
    expect(await lastSeenSummaryAge(db)).toBeNull();
    const live = await dashboardCounts(db, rootScope, "Europe/Lisbon", now);
    expect(live.lastSeenAsOf).toBeNull();
    expect(await refreshLastSeenSummaryIfDue(db, now)).toBe(true);
    expect(await refreshLastSeenSummaryIfDue(db, now + 60_000)).toBe(false);
    expect(await lastSeenSummaryAge(db)).toBe(now);
    const teamIds = (await db.selectFrom("teams").select("id").orderBy("id").execute()).map((t) => t.id);
    for (const zone of ["Europe/Lisbon", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "UTC"]) {
      const counted = await dashboardCounts(db, rootScope, zone, now);
      expect(counted.lastSeenAsOf).toBe(new Date(now).toISOString());
      expect(counted.lastSeen).toEqual(await recount(server, null, zone, now));
      const two = teamIds.slice(0, 2);
      const scoped = await dashboardCounts(db, { ...rootScope, role: "admin", teamIds: new Set(two) }, zone, now);
      expect(scoped.lastSeen).toEqual(await recount(server, two, zone, now));
    }
    // Seen after the refresh: not in the summary until the next one.
    const someone = await db.selectFrom("users").select("id").where("lastSeenAt", "is", null).executeTakeFirstOrThrow();
    await db
      .updateTable("users")
      .set({ lastSeenAt: now + 1000 })
      .where("id", "=", someone.id)
      .execute();
    const before = await dashboardCounts(db, rootScope, "UTC", now + 2000);
    await refreshLastSeenSummary(db, now + 2000);
    const after = await dashboardCounts(db, rootScope, "UTC", now + 2000);
    expect(after.lastSeen.today).toBe(before.lastSeen.today + 1);
    expect(after.lastSeen).toEqual(await recount(server, null, "UTC", now + 2000));
  });

  it("shows the summary's age on the dashboard page, in the admin's language", async () => {
    const db = server.database.db;
    await refreshLastSeenSummary(db, Date.now() - 12 * 60_000);
    for (const [lang, text] of [
      ["en", "Counted 12 minutes ago"],
      ["pt", "Contados há 12 minutos"],
      ["es", "Contados hace 12 minutos"],
    ] as const) {
      const admin = await buildAdmin(db, { role: "root", lang });
      const page = await pageAs(server, "/dashboard", admin);
      expect(page.status).toBe(200);
      expect(page.text).toContain(text);
    }
  });
});
