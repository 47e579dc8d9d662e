import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dashboardCounts } from "../../server/services/dashboard/summary";
import { seedDatabase, SeedRefusedError } from "../../server/services/seed/seed";
import { PLATFORM_CODE_LIST } from "../../shared/domain/platforms";
import { createTestDatabase, testDialects, withTestDatabase } from "../support/db";

const rootScope = { adminId: 0, uid: "", username: "", role: "root" as const, teamIds: new Set<number>() };

describe.each(testDialects())("seed (npm run seed) on %s", (dialect) => {
  const testDb = withTestDatabase(dialect);

  it("fills an empty database with realistic teams, users, devices and locations", async () => {
    const db = testDb().db;
    const result = await seedDatabase(db, { users: 200 });
    expect(result).toMatchObject({ teams: 10, users: 200 });
    expect(result.milliseconds).toBeGreaterThanOrEqual(0);

    const statuses = await db
      .selectFrom("users")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    const byStatus = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
    expect(byStatus.active).toBeGreaterThan(130);
    expect(byStatus.pending).toBeGreaterThan(5);
    expect(byStatus.blocked).toBeGreaterThan(3);

    const users = await db.selectFrom("users").select(["id", "username", "lastSeenAt", "createdAt", "teamId"]).execute();
    expect(new Set(users.map((u) => u.username)).size).toBe(200);
    expect(users.every((u) => u.username === u.username.toLowerCase())).toBe(true);
    const never = users.filter((u) => u.lastSeenAt === null).length;
    expect(never).toBeGreaterThan(0);
    expect(
      users.every(
        (u) =>
          u.lastSeenAt === null ||
          (u.lastSeenAt <= Date.now() && u.lastSeenAt > Date.now() - 366 * 86_400_000 && u.createdAt < u.lastSeenAt),
      ),
    ).toBe(true);
    expect(new Set(users.map((u) => u.teamId)).size).toBeGreaterThan(3);
    // Every seeded team holds seats for its users and some to spare.
    const packs = await db.selectFrom("licensePacks").select(["teamId", "licenseCount", "expiresAt"]).execute();
    expect(packs).toHaveLength(result.teams);
    for (const pack of packs) {
      const seated = users.filter((u) => u.teamId === pack.teamId).length;
      expect(Number(pack.licenseCount)).toBeGreaterThan(seated);
      expect(Number(pack.expiresAt)).toBeGreaterThan(Date.now());
    }

    const devices = await db.selectFrom("devices").select(["userId", "platform", "appVersion", "deviceToken"]).execute();
    expect(devices.length).toBe(result.devices);
    expect(devices.every((d) => PLATFORM_CODE_LIST.includes(d.platform))).toBe(true);
    const perUser = new Map<number, number>();
    for (const d of devices) perUser.set(d.userId, (perUser.get(d.userId) ?? 0) + 1);
    expect(Math.max(...perUser.values())).toBeLessThanOrEqual(3);
    expect(perUser.size).toBe(200 - never);
    const locations = await db
      .selectFrom("locations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(locations.n)).toBe(result.locations);
    expect(result.locations).toBeGreaterThanOrEqual(result.devices);
    const domains = await db.selectFrom("teamDomains").select("domain").execute();
    expect(domains).toHaveLength(10);

    const counts = await dashboardCounts(db, rootScope, "Europe/Lisbon");
    expect(counts.users).toEqual({ active: byStatus.active, pending: byStatus.pending, blocked: byStatus.blocked, total: 200 });
    expect(Object.values(counts.lastSeen).reduce((a, b) => a + b, 0)).toBe(200);
    expect(counts.lastSeen.longAgo).toBeGreaterThanOrEqual(never);
  });

  // PostgreSQL only (SQLite is left without statistics on purpose, see server/db/maintenance.ts):
  // registered only there, never skipped. A database of its own, seeded by this test alone.
  if (dialect === "postgres")
    it("vacuums and analyzes the tables it filled, as autovacuum would later", async () => {
      const own = await createTestDatabase("postgres");
      try {
        await seedDatabase(own.db, { users: 30 });
        const rows = await sql<{ relname: string; vacuumed: boolean; analyzed: boolean }>`
        select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
        from pg_stat_user_tables where relname in ('users', 'user_aliases', 'devices', 'locations', 'teams', 'team_domains')`.execute(
          own.db,
        );
        expect(rows.rows.map((r) => ({ ...r })).sort((a, b) => a.relname.localeCompare(b.relname))).toEqual(
          ["devices", "locations", "team_domains", "teams", "user_aliases", "users"].map((relname) => ({
            relname,
            vacuumed: true,
            analyzed: true,
          })),
        );
      } finally {
        await own.destroy();
      }
    });

  it("refuses a database that has users unless asked to append", async () => {
    const db = testDb().db;
    await expect(seedDatabase(db, { users: 10 })).rejects.toBeInstanceOf(SeedRefusedError);
    const appended = await seedDatabase(db, { users: 50, teams: 2, append: true });
    expect(appended).toMatchObject({ users: 50, teams: 2 });
    const { n } = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(250);
    const runs = await db.selectFrom("accessLog").select("details").where("action", "=", "seed.run").execute();
    expect(runs).toHaveLength(2);
  });
});
