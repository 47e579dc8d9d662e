/**
 * The users list's `lastSeen` filter (issue 27): the dashboard's last-seen groups in the caller's
 * time zone, so each dashboard figure equals the total of the list it links to; the filter
 * narrows the page, its total, 'select all matching' and the export, and a bad value is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { TIME_GROUPS, timeGroupBoundaries, timeGroupIn, type TimeGroup } from "../../shared/domain/timeGroups";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, buildUser, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { expectError } from "./users.support";

/** A zone far from UTC, so a day in it is not the server's day. */
const ZONE = "Pacific/Auckland";
const DAY = 86_400_000;

describe.each(testDialects())("users list by last seen on %s", (dialect) => {
  let server: TestServer;
  let team: Row<"teams">;
  let other: Row<"teams">;
  let admin: Row<"admins">;
  let auth: string;
  /** Each user of `team` and the group the dashboard puts them in. */
  const expected = new Map<string, TimeGroup>();
  const db = () => server.database.db;
  const listed = async (query: string, bearer = auth) => {
    const res = await server.request().get(`/v2/users?limit=100&team=${team.slug}&${query}`).set("Authorization", bearer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { items: { uid: string }[]; total: number };
    return { uids: body.items.map((item) => item.uid).sort(), total: body.total };
  };
  const inGroup = (group: TimeGroup) =>
    [...expected]
      .filter(([, g]) => g === group)
      .map(([uid]) => uid)
      .sort();

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    team = await buildTeam(db());
    other = await buildTeam(db());
    admin = await buildAdmin(db(), { teams: [team], timezone: ZONE });
    auth = await bearerFor(server.config, admin);
    const now = Date.now();
    const bounds = timeGroupBoundaries(now, ZONE);
    // Both sides of every boundary (a group may be empty today: this week on a Monday), and never.
    const times: (number | null)[] = [
      now - 60_000,
      bounds.startOfToday,
      bounds.startOfToday - 1,
      bounds.startOfWeek,
      bounds.startOfWeek - 1,
      bounds.startOfMonth,
      bounds.startOfMonth - 1,
      now - 90 * DAY,
      null,
    ];
    for (const lastSeenAt of times) {
      const user = await buildUser(db(), { team, lastSeenAt });
      expected.set(user.uid, timeGroupIn(lastSeenAt, bounds));
    }
    // Outside the admin's scope: never listed.
    await buildUser(db(), { team: other, lastSeenAt: now - 60_000 });
    await buildUser(db(), { team: other, lastSeenAt: null });
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists each group's users, in the admin's zone, with the total the dashboard shows for it", async () => {
    const dashboard = await server.request().get(`/v2/dashboard?team=${team.slug}`).set("Authorization", auth);
    expect(dashboard.status).toBe(200);
    let seen = 0;
    for (const group of TIME_GROUPS) {
      const page = await listed(`lastSeen=${group}`);
      expect(page.uids, group).toEqual(inGroup(group));
      expect(page.total, group).toBe(page.uids.length);
      expect(page.total, group).toBe((dashboard.body as { lastSeen: Record<TimeGroup, number> }).lastSeen[group]);
      seen += page.total;
    }
    // The groups split the list: never-seen users are in 'a long time ago'.
    expect(seen).toBe(expected.size);
    expect(inGroup("longAgo").length).toBeGreaterThanOrEqual(2);
    expect(inGroup("today").length).toBeGreaterThanOrEqual(2);
    // Combined with another filter and a sort.
    const blockedNone = await listed("lastSeen=today&status=blocked&sort=lastSeen&order=desc");
    expect(blockedNone).toEqual({ uids: [], total: 0 });
  });

  it("keeps the filter's rows page by page through the cursor", async () => {
    const group = inGroup("longAgo");
    const uids: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const res = await server
        .request()
        .get(`/v2/users?limit=1&team=${team.slug}&lastSeen=longAgo${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)
        .set("Authorization", auth);
      expect(res.status).toBe(200);
      const body = res.body as { items: { uid: string }[]; nextCursor: string | null };
      uids.push(...body.items.map((item) => item.uid));
      cursor = body.nextCursor;
    }
    expect(uids.sort()).toEqual(group);
  });

  it("refuses an unknown group with a localized 400 and lists nothing", async () => {
    const res = await server.request().get("/v2/users?lastSeen=yesterday").set("Authorization", auth).set("Accept-Language", "pt");
    expectError(res, 400, "badParameters");
    expect(JSON.stringify(res.body)).toContain("lastSeen");
  });

  it("exports and 'selects all matching' exactly the filtered users", async () => {
    const res = await server
      .request()
      .get(`/v2/users/export?team=${team.slug}&lastSeen=today&format=jsonl`)
      .set("Authorization", auth)
      .buffer(true)
      .parse((response, done) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", () => done(null, text));
      });
    expect(res.status).toBe(200);
    const rows = (res.body as string)
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { uid: string }).uid);
    expect(rows.sort()).toEqual(inGroup("today"));

    const blocked = await server
      .request()
      .put("/v2/users/block")
      .set("Authorization", auth)
      .send({ filter: { team: team.slug, lastSeen: "longAgo" } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect((blocked.body as { ok: string[] }).ok.sort()).toEqual(inGroup("longAgo"));
    const statuses = await db().selectFrom("users").select(["uid", "status"]).where("teamId", "=", team.id).execute();
    for (const row of statuses) expect(row.status, row.uid).toBe(expected.get(row.uid) === "longAgo" ? "blocked" : "active");
    // The other company's never-seen user is outside the scope: untouched.
    const outside = await db().selectFrom("users").select("status").where("teamId", "=", other.id).execute();
    expect(outside.map((row) => row.status)).toEqual(["active", "active"]);
  });

  it("renders /users/manage?lastSeen= with the filter chosen, its chip and the export carrying it", async () => {
    const cookie = (await signIn(db(), server.config, admin)).header;
    const res = await server.request().get(`/users/manage?lastSeen=thisWeek&team=${team.slug}`).set("Cookie", cookie);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<option value="thisWeek" selected="">This week<\/option>/);
    expect(res.text).toContain("Last seen online");
    expect(res.text).toMatch(/name="lastSeen" value="thisWeek"/);
  });
});
