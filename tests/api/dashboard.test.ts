import { CompiledQuery } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row, UserStatus } from "../../server/db/types";
import {
  boundariesAt,
  cachedDashboardCounts,
  DASHBOARD_CACHE_MS,
  dashboardCountQuery,
  dashboardCounts,
} from "../../server/services/dashboard/summary";
import { loadScope } from "../../server/services/access/scope";
import { findSessionAdmin } from "../../server/services/access/sessionAdmin";
import { timeGroupBoundaries, timeGroupIn } from "../../shared/domain/timeGroups";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, buildUser, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const ZONE = "America/New_York";
/** Wednesday 12 March 2025, 11:00 in New York (EDT since Sunday the 9th; the month began in EST). */
const NOW = Date.parse("2025-03-12T15:00:00Z");
const START_OF_TODAY = Date.parse("2025-03-12T04:00:00Z");
const START_OF_WEEK = Date.parse("2025-03-10T04:00:00Z");
const START_OF_MONTH = Date.parse("2025-03-01T05:00:00Z");

describe.each(testDialects())("dashboard on %s", (dialect) => {
  let server: TestServer;
  let teamA: Row<"teams">;
  let teamB: Row<"teams">;
  let root: Row<"admins">;
  let adminA: Row<"admins">;
  let lonely: Row<"admins">;

  const scopeOf = async (admin: Row<"admins">) =>
    loadScope(server.database.db, (await findSessionAdmin(server.database.db, admin.id, admin.tokenVersion))!);

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    const db = server.database.db;
    teamA = await buildTeam(db);
    teamB = await buildTeam(db);
    root = await buildAdmin(db, { role: "root", timezone: ZONE });
    adminA = await buildAdmin(db, { teams: [teamA], timezone: ZONE });
    lonely = await buildAdmin(db, { teams: [await buildTeam(db)], lang: "pt" });
    // Team A: two users in each time group, on both sides of every boundary.
    const placed: [number | null, UserStatus][] = [
      [START_OF_TODAY, "active"],
      [NOW + 3_600_000, "active"],
      [START_OF_TODAY - 1, "active"],
      [START_OF_WEEK, "pending"],
      [START_OF_WEEK - 1, "active"],
      [START_OF_MONTH, "blocked"],
      [START_OF_MONTH - 1, "pending"],
      [null, "blocked"],
    ];
    for (const [lastSeenAt, status] of placed) await buildUser(db, { team: teamA, lastSeenAt, status });
    for (const status of ["active", "pending", "blocked"] as const) await buildUser(db, { team: teamB, lastSeenAt: NOW - 60_000, status });
  });
  afterAll(async () => {
    await server.close();
  });

  it("computes the New York boundaries the users are placed on", () => {
    const bounds = timeGroupBoundaries(NOW, ZONE);
    expect([bounds.startOfToday, bounds.startOfWeek, bounds.startOfMonth]).toEqual([START_OF_TODAY, START_OF_WEEK, START_OF_MONTH]);
  });

  it("reuses a day's boundaries only within that day, across DST changes", () => {
    // 8–10 March 2025 in New York: the 9th is 23 hours long.
    for (let t = Date.parse("2025-03-08T03:00:00Z"); t < Date.parse("2025-03-11T06:00:00Z"); t += 20 * 60_000) {
      for (const probe of [t, t - 1]) expect(boundariesAt(probe, ZONE)).toEqual(timeGroupBoundaries(probe, ZONE));
    }
  });

  it("counts every user for root, by status and by time group at the exact boundaries", async () => {
    const counts = await dashboardCounts(server.database.db, await scopeOf(root), ZONE, NOW);
    expect(counts).toEqual({
      users: { active: 5, pending: 3, blocked: 3, total: 11 },
      lastSeen: { today: 5, thisWeek: 2, thisMonth: 2, longAgo: 2 },
      timezone: ZONE,
      lastSeenAsOf: null,
    });
  });

  it("counts only the users of an admin's teams", async () => {
    const counts = await dashboardCounts(server.database.db, await scopeOf(adminA), ZONE, NOW);
    expect(counts.users).toEqual({ active: 4, pending: 2, blocked: 2, total: 8 });
    expect(counts.lastSeen).toEqual({ today: 2, thisWeek: 2, thisMonth: 2, longAgo: 2 });
  });

  it("gives zeros to an admin whose teams have no users", async () => {
    const counts = await dashboardCounts(server.database.db, await scopeOf(lonely), "UTC", NOW);
    expect(counts).toEqual({
      users: { active: 0, pending: 0, blocked: 0, total: 0 },
      lastSeen: { today: 0, thisWeek: 0, thisMonth: 0, longAgo: 0 },
      timezone: "UTC",
      lastSeenAsOf: null,
    });
  });

  it("reuses counts per scope for a moment, then counts again", async () => {
    const db = server.database.db;
    const team = await buildTeam(db);
    const scope = { ...(await scopeOf(adminA)), teamIds: new Set([team.id]) };
    const ctx = { db, config: server.config, mail: server.mail, logger: pino({ level: "silent" }) };
    const first = await cachedDashboardCounts(ctx, scope, ZONE, NOW);
    const user = await buildUser(db, { team, lastSeenAt: NOW - 60_000 });
    expect(await cachedDashboardCounts(ctx, scope, ZONE, NOW + 1)).toEqual(first);
    expect((await cachedDashboardCounts(ctx, scope, "UTC", NOW + 1)).users.total).toBe(1);
    expect((await cachedDashboardCounts(ctx, scope, ZONE, NOW + DASHBOARD_CACHE_MS)).users.total).toBe(1);
    await db.deleteFrom("users").where("id", "=", user.id).execute();
  });

  it("answers GET /v2/dashboard in the caller's scope and time zone", async () => {
    const bearer = (admin: Row<"admins">) => bearerFor(server.config, admin);
    const users = await server.database.db.selectFrom("users").select(["teamId", "lastSeenAt"]).execute();
    const bounds = timeGroupBoundaries(Date.now(), ZONE);
    const expected = (teamIds: number[] | null) => {
      const groups = { today: 0, thisWeek: 0, thisMonth: 0, longAgo: 0 };
      for (const u of users) if (teamIds === null || teamIds.includes(u.teamId)) groups[timeGroupIn(u.lastSeenAt, bounds)]++;
      return groups;
    };
    const asRoot = await server
      .request()
      .get("/v2/dashboard")
      .set("Authorization", await bearer(root));
    expect(asRoot.status).toBe(200);
    expect(asRoot.body).toEqual({
      users: { active: 5, pending: 3, blocked: 3, total: 11 },
      lastSeen: expected(null),
      timezone: ZONE,
      lastSeenAsOf: null,
    });
    const asAdmin = await server
      .request()
      .get("/v2/dashboard")
      .set("Authorization", await bearer(adminA));
    expect(asAdmin.body).toEqual({
      users: { active: 4, pending: 2, blocked: 2, total: 8 },
      lastSeen: expected([teamA.id]),
      timezone: ZONE,
      lastSeenAsOf: null,
    });
    const asLonely = await server
      .request()
      .get("/v2/dashboard")
      .set("Authorization", await bearer(lonely));
    expect(asLonely.body.users.total).toBe(0);
    expect((await server.request().get("/v2/dashboard")).status).toBe(401);
  });

  it("renders the page with two charts, their numbers and no script", async () => {
    const res = await server
      .request()
      .get("/dashboard")
      .set("Cookie", (await signIn(server.database.db, server.config, adminA)).header);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<script");
    expect(res.text.match(/<svg class="chart-svg"/g)).toHaveLength(7);
    expect(res.text).toContain("Users by status");
    expect(res.text).toContain("Total users: 8");
    expect(res.text).toMatch(/<li class="chart-bar chart-bar-active" data-value="4">/);
    expect(res.text).toMatch(/<li class="chart-bar chart-bar-blocked" data-value="2">/);
    // Each count is a link to the users list it counts.
    expect(res.text).toMatch(
      /<a class="chart-link" href="\/users\/manage\?status=pending"><span class="chart-label">Pending<\/span> <span class="chart-value">2<\/span><\/a>/,
    );
    expect(res.text).toMatch(/<a class="chart-link" href="\/users\/manage\?lastSeen=today"><span class="chart-label">Today<\/span>/);
    // The getting-started steps are done for users, the invite shortcut stays; no picker for an admin.
    expect(res.text).not.toContain('data-step="user"');
    expect(res.text).toMatch(/<a class="button dashboard-invite" href="\/invites">Invite users<\/a>/);
    expect(res.text).not.toContain('name="team"');
    expect(res.text).toContain(`days in ${ZONE}`);
    expect(res.text).not.toContain('href="/users/create"');
    expect(res.text).not.toMatch(/licen[cs]e gauge/i);
  });

  it("narrows to one company for root (API and page), and refuses a company outside an admin's scope", async () => {
    const bearer = (admin: Row<"admins">) => bearerFor(server.config, admin);
    const narrowed = await server
      .request()
      .get(`/v2/dashboard?team=${teamB.slug}`)
      .set("Authorization", await bearer(root));
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.users).toEqual({ active: 1, pending: 1, blocked: 1, total: 3 });
    const own = await server
      .request()
      .get(`/v2/dashboard?team=${teamA.slug}`)
      .set("Authorization", await bearer(adminA));
    expect(own.body.users.total).toBe(8);
    for (const slug of [teamB.slug, "no-such-company"]) {
      const refused = await server
        .request()
        .get(`/v2/dashboard?team=${slug}`)
        .set("Authorization", await bearer(adminA));
      expect([refused.status, refused.body.error.code]).toEqual([404, "teamRead404"]);
    }

    const cookie = (await signIn(server.database.db, server.config, root)).header;
    const all = await server.request().get("/dashboard").set("Cookie", cookie);
    expect(all.text).toContain("Total users: 11");
    expect(all.text).toContain('<select id="dashboard-team" name="team"');
    expect(all.text).toContain(`<option value="${teamB.slug}">${teamB.teamName}</option>`);
    const page = await server.request().get(`/dashboard?team=${teamB.slug}`).set("Cookie", cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Total users: 3");
    expect(page.text).toContain(`Company: ${teamB.teamName}`);
    expect(page.text).toContain(`href="/users/manage?status=blocked&amp;team=${teamB.slug}"`);
    expect(page.text).not.toContain("<script");
    const outside = await server
      .request()
      .get(`/dashboard?team=${teamB.slug}`)
      .set("Cookie", (await signIn(server.database.db, server.config, adminA)).header);
    expect(outside.status).toBe(404);
  });

  it("shows the getting-started prompts, translated, when the scope has no users", async () => {
    const res = await server
      .request()
      .get("/dashboard")
      .set("Cookie", (await signIn(server.database.db, server.config, lonely)).header);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Primeiros passos");
    expect(res.text).toContain('href="/users/create"');
    expect(res.text).toContain('href="/invites"');
    expect(res.text).not.toContain('class="chart-svg"');
    expect(res.text).not.toContain("<script");
  });

  // Query plans are SQLite-specific; PostgreSQL plans are checked by hand (docs/DECISIONS.md).
  if (dialect === "sqlite")
    it("counts with index range counts only, never reading the table (EXPLAIN QUERY PLAN)", async () => {
      const db = server.database.db;
      const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
        const compiled = query.compile();
        const rows = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
        return rows.rows.map((r) => r.detail).filter((d) => d.includes(" users "));
      };
      const bounds = timeGroupBoundaries(NOW, ZONE);
      /** A covering-index SEARCH with exactly this range (the planner may pick any fitting index). */
      const range = (keys: string) =>
        expect.stringMatching(new RegExp(`^SEARCH users USING COVERING INDEX \\w+ \\(${keys.replace(/[?()]/g, "\\$&")}\\)$`));
      // The total and the statuses come from the team counters (migration 0019); every time group
      // is a SEARCH of one index range, and no count ever reads the table itself.
      const root = await plan(dashboardCountQuery(db, null, bounds));
      expect(root).toEqual([
        range("last_seen_at>?"),
        range("last_seen_at>? AND last_seen_at<?"),
        range("last_seen_at>? AND last_seen_at<?"),
      ]);
      const admin = await plan(dashboardCountQuery(db, [teamA.id, teamB.id], bounds));
      expect(admin).toEqual([
        range("team_id=? AND last_seen_at>?"),
        range("team_id=? AND last_seen_at>? AND last_seen_at<?"),
        range("team_id=? AND last_seen_at>? AND last_seen_at<?"),
      ]);
    });
});
