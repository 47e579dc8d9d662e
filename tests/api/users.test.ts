import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildDevice, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { expectError, usersListReader } from "./users.support";

type Item = {
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  team: { slug: string; teamName: string };
  status: string;
  ecs: boolean;
  sip: boolean;
  cellcrypt: boolean;
  createdOn: string;
  lastSeen: string | null;
  deviceCount: number;
  appOutdated: boolean;
};

const SORTS = ["name", "username", "team", "status", "createdOn", "lastSeen"] as const;
const tagOf = () => `t${randomBytes(4).toString("hex")}`;

describe.each(testDialects())("GET /v2/users and GET /v2/user/:uid on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  const db = () => server.database.db;
  const get = (url: string, auth = root) => server.request().get(url).set("Authorization", auth);
  const { list, all } = usersListReader<Item>(
    () => server,
    () => root,
  );

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
  });
  afterAll(async () => {
    await server.close();
  });

  it("counts the total again right after any write in this process (the total is cached for 2 s otherwise)", async () => {
    const team = await buildTeam(db());
    const tag = tagOf();
    const first = await buildUser(db(), { team, lastName: tag });
    const query = `team=${team.slug}&search=${tag}&platform=2`;
    expect((await list(query)).total).toBe(0);
    await buildDevice(db(), first, { platform: 2 });
    expect((await list(query)).total).toBe(1);
    expect((await list(`${query}&sort=createdOn&limit=1`)).total).toBe(1);
    const second = await buildUser(db(), { team, firstName: tag });
    await buildDevice(db(), second, { platform: 2 });
    expect(await list(query)).toMatchObject({ total: 2 });
    await db().deleteFrom("devices").where("userId", "=", first.id).execute();
    expect((await list(query)).total).toBe(1);
    expect((await list(`${query}&status=blocked`)).total).toBe(0);
    await db().updateTable("users").set({ status: "blocked" }).where("id", "=", second.id).execute();
    expect((await list(`${query}&status=blocked`)).total).toBe(1);
  });

  it("lists a user with every field: team, flags, times and device count", async () => {
    const team = await buildTeam(db());
    const user = await buildUser(db(), {
      team,
      firstName: "Ada",
      lastName: "Field",
      isEcs: 1,
      isCellcrypt: 1,
      accessLevel: "4",
      lastSeenAt: Date.UTC(2025, 0, 2),
    });
    await buildDevice(db(), user);
    await buildDevice(db(), user, { platform: 2 });
    const never = await buildUser(db(), { team, lastName: "Never", status: "pending" });
    const page = await list(`team=${team.slug}`);
    expect(page).toMatchObject({ total: 2, nextCursor: null });
    expect(page.items[0]).toEqual({
      uid: user.uid,
      username: user.username,
      firstName: "Ada",
      lastName: "Field",
      team: { slug: team.slug, teamName: team.teamName },
      status: "active",
      ecs: true,
      sip: false,
      cellcrypt: true,
      accessLevel: 4,
      createdOn: new Date(user.createdAt).toISOString(),
      lastSeen: "2025-01-02T00:00:00.000Z",
      deviceCount: 2,
      appOutdated: false,
    });
    expect(page.items[1]).toMatchObject({ uid: never.uid, status: "pending", lastSeen: null, deviceCount: 0, accessLevel: null });
  });

  it("filters by status, team, platform, the three flags and search (name, username, alias)", async () => {
    const tag = tagOf();
    const team = await buildTeam(db());
    const a = await buildUser(db(), {
      team,
      firstName: "Ana",
      lastName: `Alpha${tag}`,
      isEcs: 1,
      aliases: [`alias-${tag}-one`, `alias-${tag}-two`],
    });
    const b = await buildUser(db(), {
      team,
      firstName: "Bia",
      lastName: "Beta",
      username: `bia-${tag}@x.test`,
      status: "pending",
      isSip: 1,
    });
    const c = await buildUser(db(), { team, firstName: "Caio", lastName: "Gamma", status: "blocked", isCellcrypt: 1 });
    const d = await buildUser(db(), { team, firstName: "Duda", lastName: "Delta", username: `d_${tag}` });
    const e = await buildUser(db(), { team, firstName: "Edu", lastName: "Epsilon", username: `dx${tag}`, status: "pending" });
    await buildDevice(db(), a, { platform: 1 });
    await buildDevice(db(), b, { platform: 2 });
    await buildDevice(db(), c, { platform: 2 });
    await buildDevice(db(), c, { platform: 2 });
    const uidsOf = async (query: string) => {
      const page = await list(`team=${team.slug}&${query}`);
      expect(page.total).toBe(page.items.length);
      return page.items.map((i) => i.uid).sort();
    };
    const sorted = (...users: Row<"users">[]) => users.map((u) => u.uid).sort();
    expect(await uidsOf("status=active")).toEqual(sorted(a, d));
    expect(await uidsOf("status=pending")).toEqual(sorted(b, e));
    expect(await uidsOf("status=blocked")).toEqual(sorted(c));
    expect(await uidsOf("platform=2")).toEqual(sorted(b, c)); // c has two such devices, listed once
    expect(await uidsOf("platform=1")).toEqual(sorted(a));
    expect(await uidsOf("platform=12")).toEqual([]);
    expect(await uidsOf("ecs=true")).toEqual(sorted(a));
    expect(await uidsOf("ecs=false")).toEqual(sorted(b, c, d, e));
    expect(await uidsOf("sip=true")).toEqual(sorted(b));
    expect(await uidsOf("cellcrypt=true")).toEqual(sorted(c));
    expect(await uidsOf("cellcrypt=false&status=pending")).toEqual(sorted(b, e));
    expect(await uidsOf("status=active&ecs=true")).toEqual(sorted(a));
    expect(await uidsOf(`search=ALPHA${tag.toUpperCase()}`)).toEqual(sorted(a)); // last name, any case
    expect(await uidsOf("search=caio")).toEqual(sorted(c)); // first name
    expect(await uidsOf("search=Duda%20Delta")).toEqual(sorted(d)); // "first last"
    expect(await uidsOf(`search=bia-${tag}`)).toEqual(sorted(b)); // username
    expect(await uidsOf(`search=ALIAS-${tag}-ONE`)).toEqual(sorted(a)); // alias, any case
    expect(await uidsOf(`search=alias-${tag}`)).toEqual(sorted(a)); // two matching aliases, one row
    expect(await uidsOf(`search=d_${tag}`)).toEqual(sorted(d)); // "_" is literal, not a wildcard
    expect(await uidsOf("search=%25")).toEqual([]); // "%" too
    const counts = (await list(`team=${team.slug}&sort=username`)).items.map((i) => [i.uid, i.deviceCount]);
    expect(Object.fromEntries(counts)).toEqual({ [a.uid]: 1, [b.uid]: 1, [c.uid]: 2, [d.uid]: 0, [e.uid]: 0 });
  });

  it("sorts by every column in both orders, ties broken by id, never-seen as the oldest, across pages", async () => {
    const tag = tagOf();
    const t0 = Date.UTC(2025, 5, 1);
    const tA = await buildTeam(db(), { teamName: `Sortteam A ${tag}` });
    const tB = await buildTeam(db(), { teamName: `Sortteam B ${tag}` });
    const tB2 = await buildTeam(db(), { teamName: `Sortteam B ${tag}` }); // same name: the team id decides
    const specs = [
      { lastName: "Costa", firstName: `Ana ${tag}`, username: `f-${tag}`, team: tA, status: "active", createdAt: t0, lastSeenAt: t0 + 300 },
      { lastName: "Alves", firstName: `Rui ${tag}`, username: `c-${tag}`, team: tB, status: "pending", createdAt: t0, lastSeenAt: null },
      {
        lastName: "Costa",
        firstName: `Ana ${tag}`,
        username: `a-${tag}`,
        team: tB2,
        status: "blocked",
        createdAt: t0 + 10,
        lastSeenAt: t0 + 300,
      },
      {
        lastName: "Brito",
        firstName: `Eva ${tag}`,
        username: `e-${tag}`,
        team: tA,
        status: "active",
        createdAt: t0 + 10,
        lastSeenAt: null,
      },
      {
        lastName: "Alves",
        firstName: `Bia ${tag}`,
        username: `b-${tag}`,
        team: tB,
        status: "blocked",
        createdAt: t0 + 20,
        lastSeenAt: t0 + 100,
      },
      {
        lastName: "Dias",
        firstName: `Ana ${tag}`,
        username: `d-${tag}`,
        team: tB2,
        status: "pending",
        createdAt: t0 - 5,
        lastSeenAt: t0 + 500,
      },
    ] as const;
    const users: { row: Row<"users">; team: Row<"teams"> }[] = [];
    for (const { team, ...fields } of specs) users.push({ row: await buildUser(db(), { ...fields, team }), team });
    const keyOf: Record<(typeof SORTS)[number], (u: (typeof users)[number]) => (string | number)[]> = {
      name: ({ row }) => [row.lastName, row.firstName],
      username: ({ row }) => [row.username],
      team: ({ row, team }) => [team.teamName, team.id, row.lastName, row.firstName],
      status: ({ row }) => [row.status, row.createdAt],
      createdOn: ({ row }) => [row.createdAt],
      lastSeen: ({ row }) => [row.lastSeenAt ?? 0],
    };
    for (const sort of SORTS) {
      for (const order of ["asc", "desc"] as const) {
        const expected = [...users]
          .sort((x, y) => {
            const [kx, ky] = [
              [...keyOf[sort](x), x.row.id],
              [...keyOf[sort](y), y.row.id],
            ];
            for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return (kx[i]! < ky[i]! ? -1 : 1) * (order === "asc" ? 1 : -1);
            return 0;
          })
          .map((u) => u.row.uid);
        for (const limit of [1, 2, 4]) {
          const { uids } = await all(`search=${tag}&sort=${sort}&order=${order}`, limit);
          expect({ sort, order, limit, uids }).toEqual({ sort, order, limit, uids: expected });
        }
      }
    }
  });

  it("cuts pages at their exact boundary and refuses bad paging parameters", async () => {
    const team = await buildTeam(db());
    for (let i = 0; i < 4; i++) await buildUser(db(), { team, lastName: `Page${i}` });
    const byLimit = async (limit: number) =>
      (await all(`team=${team.slug}`, limit)).pages.map((p) => [p.items.length, p.nextCursor === null]);
    expect(await byLimit(1)).toEqual([
      [1, false],
      [1, false],
      [1, false],
      [1, true],
    ]);
    expect(await byLimit(2)).toEqual([
      [2, false],
      [2, true],
    ]);
    expect(await byLimit(3)).toEqual([
      [3, false],
      [1, true],
    ]);
    expect(await byLimit(4)).toEqual([[4, true]]);
    expect((await list(`team=${team.slug}`)).items.map((i) => i.lastName)).toEqual(["Page0", "Page1", "Page2", "Page3"]);
    const nameCursor = (await list(`team=${team.slug}&limit=1`)).nextCursor!;
    const dateCursor = (await list(`team=${team.slug}&limit=1&sort=createdOn`)).nextCursor!;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const query of [
      "cursor=not*base64",
      `cursor=${b64({})}`,
      `cursor=${b64({ v: "[1]", id: 1 })}`,
      `cursor=${b64({ v: "not json", id: 3 })}`,
      `sort=createdOn&cursor=${nameCursor}`,
      `sort=name&cursor=${dateCursor}`,
      `sort=team&cursor=${nameCursor}`,
      "limit=0",
      "limit=201",
      "limit=x",
      "sort=age",
      "order=up",
      "status=gone",
      "platform=3",
      "platform=ios",
      "ecs=maybe",
      "team=Not%20A%20Slug",
    ]) {
      expectError(await get(`/v2/users?${query}`), 400, "badParameters");
    }
  });

  it("shows an admin only their teams' users; another team's users are as unknown ones", async () => {
    const tag = tagOf();
    const teamA = await buildTeam(db());
    const teamB = await buildTeam(db());
    const adminA = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA] }));
    const nobody = await bearerFor(server.config, await buildAdmin(db(), { teams: [] }));
    const a1 = await buildUser(db(), { team: teamA, lastName: `Scope${tag}` });
    const a2 = await buildUser(db(), { team: teamA, lastName: `Scope${tag}` });
    const b1 = await buildUser(db(), { team: teamB, lastName: `Scope${tag}` });
    expect((await list(`search=${tag}`)).total).toBe(3);
    const mine = await list(`search=${tag}`, adminA);
    expect(mine.items.map((i) => i.uid).sort()).toEqual([a1.uid, a2.uid].sort());
    expect(mine.total).toBe(2);
    expect(await list(`team=${teamB.slug}`, adminA)).toEqual({ items: [], total: 0, nextCursor: null });
    expect(await list("team=no-such-team", adminA)).toEqual({ items: [], total: 0, nextCursor: null });
    expect(await list(`search=${tag}`, nobody)).toEqual({ items: [], total: 0, nextCursor: null });
    expect((await get(`/v2/user/${a1.uid}`, adminA)).status).toBe(200);
    expectError(await get(`/v2/user/${b1.uid}`, adminA), 404, "userRead404");
    expectError(await get(`/v2/user/${a1.uid}`, nobody), 404, "userRead404");
  });

  it("reads a user with aliases, flags and devices (platform names, latest location, wipe state)", async () => {
    const team = await buildTeam(db());
    const user = await buildUser(db(), {
      team,
      firstName: "Lin",
      lastName: "Read",
      isSip: 1,
      ipAddress: "10.1.2.3",
      accessLevel: "7",
      aliases: ["zeta-read", "alpha-read"],
    });
    const t = Date.UTC(2025, 2, 3);
    const pc = await buildDevice(db(), user, {
      platform: 12,
      deviceName: "Desk",
      browser: "Edge",
      lastSeenAt: t + 1000,
      wipeRequestedAt: t,
      location: { city: "Porto", country: "PT", geocountry: "Europe", ip: "10.0.0.1", recordedAt: t - 1000 },
    });
    await db()
      .insertInto("locations")
      .values({ deviceId: pc.id, city: "Lisboa", country: "PT", geocountry: "Europe", ip: "10.0.0.2", recordedAt: t })
      .execute();
    const mac = await buildDevice(db(), user, { platform: 13, lastSeenAt: t, wipeRequestedAt: t - 10, wipedAt: t - 5 });
    const res = await get(`/v2/user/${user.uid}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      uid: user.uid,
      username: user.username,
      firstName: "Lin",
      lastName: "Read",
      role: "user",
      accessLevel: 7,
      team: { slug: team.slug, teamName: team.teamName },
      status: "active",
      ecs: false,
      sip: true,
      cellcrypt: false,
      aliases: ["alpha-read", "zeta-read"],
      ipAddress: "10.1.2.3",
      lastSeen: null,
    });
    expect(res.body.devices).toEqual([
      {
        id: pc.uid,
        platform: 12,
        platformName: "Windows Desktop",
        appVersion: "5.0.1",
        osVersion: "14",
        deviceName: "Desk",
        browser: "Edge",
        createdOn: new Date(pc.createdAt).toISOString(),
        lastSeen: new Date(t + 1000).toISOString(),
        wipe: { status: "pending", requestedAt: new Date(t).toISOString(), wipedAt: null },
        location: { city: "Lisboa", country: "PT", geocountry: "Europe", ip: "10.0.0.2" },
        belowMinimum: false, // Windows' default minimum is 1.0.0
      },
      expect.objectContaining({
        id: mac.uid,
        platform: 13,
        platformName: "OSX",
        wipe: { status: "done", requestedAt: new Date(t - 10).toISOString(), wipedAt: new Date(t - 5).toISOString() },
        location: null,
      }),
    ]);
    expectError(await get("/v2/user/00000000-0000-4000-8000-000000000000"), 404, "userRead404");
    expectError(await get("/v2/user/not-a-uid"), 404, "userRead404");
  });
});
