import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { getTestServer, type TestServer } from "../support/server";
import { buildWorld, expectError, type World } from "./admins.helpers";

interface Item {
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  status: string;
  teams: { slug: string; teamName: string }[];
  createdOn: string;
  lastSeen: string | null;
}

describe.each(testDialects())("GET /v2/admins on %s", (dialect) => {
  let server: TestServer;
  let w: World;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
    w = await buildWorld(server);
    // A mix of names, statuses, times and teams to sort and filter (names carry the tag).
    const t = 1_700_000_000_000;
    await w.admin({
      firstName: "Zed",
      lastName: `Adams ${w.tag}`,
      status: "blocked",
      createdAt: t + 5,
      lastSeenAt: t + 50,
      teams: [w.teamA],
    });
    await w.admin({
      firstName: "Amy",
      lastName: `Adams ${w.tag}`,
      status: "invited",
      createdAt: t + 3,
      lastSeenAt: null,
      teams: [w.teamA, w.teamB],
    });
    await w.admin({
      firstName: "Bob",
      lastName: `Young ${w.tag}`,
      status: "active",
      createdAt: t + 3,
      lastSeenAt: t + 10,
      teams: [w.teamB],
    });
    await w.admin({ firstName: "Cat", lastName: `Adams ${w.tag}`, role: "root", teams: [], createdAt: t + 1, lastSeenAt: t + 10 });
  });
  afterAll(async () => {
    await server.close();
  });

  const list = async (token: string, query: Record<string, string | number> = {}) => {
    const res = await server
      .request()
      .get("/v2/admins")
      .query({ search: w.tag, ...query })
      .set("Authorization", token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: Item[]; total: number; nextCursor: string | null };
  };
  /** Every item of a listing, following the cursors with a small page size. */
  const all = async (token: string, query: Record<string, string | number> = {}) => {
    const items: Item[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(token, { ...query, limit: 2, ...(cursor ? { cursor } : {}) });
      items.push(...page.items);
      cursor = page.nextCursor;
      expect(++pages).toBeLessThan(20);
    } while (cursor);
    return items;
  };

  it("shows root every admin and an admin only themselves and those sharing a team", async () => {
    const rootView = await list(w.as.root);
    expect(rootView.total).toBe(7);
    const aView = await list(w.as.adminA);
    expect(aView.items.map((i) => i.firstName).sort()).toEqual(["Amy", "First2", "Zed"]);
    expect(aView.total).toBe(3);
    expect(aView.items.every((i) => i.role === "admin")).toBe(true);
    // Teams outside the caller's scope are not shown.
    expect(aView.items.find((i) => i.firstName === "Amy")?.teams).toEqual([{ slug: w.teamA.slug, teamName: w.teamA.teamName }]);
    expect(rootView.items.find((i) => i.firstName === "Amy")?.teams.map((t) => t.slug)).toEqual([w.teamA.slug, w.teamB.slug]);
    expect(Object.keys(aView.items[0]!).sort()).toEqual([
      "accessLevel",
      "createdOn",
      "firstName",
      "lastName",
      "lastSeen",
      "role",
      "status",
      "teams",
      "uid",
      "username",
    ]);
  });

  it("filters by role, status, team and search, with the total of the filtered set", async () => {
    expect((await list(w.as.root, { role: "root" })).items.map((i) => i.firstName).sort()).toEqual(["Cat", "First1"]);
    expect((await list(w.as.root, { status: "invited" })).items.map((i) => i.firstName)).toEqual(["Amy"]);
    expect((await list(w.as.root, { team: w.teamB.slug })).items.map((i) => i.firstName).sort()).toEqual(["Amy", "Bob", "First3"]);
    // A team outside adminA's scope filters like an unknown one: Amy (teams A and B) is not listed,
    // or the filter would tell adminA that she also manages team B.
    expect((await list(w.as.adminA, { team: w.teamB.slug })).items.map((i) => i.firstName)).toEqual([]);
    expect((await list(w.as.adminA, { team: w.teamA.slug })).items.map((i) => i.firstName)).toContain("Amy");
    expect((await list(w.as.root, { search: `young ${w.tag}` })).total).toBe(1);
    expect((await list(w.as.root, { search: `anna-${w.tag}@` })).items.map((i) => i.username)).toEqual([w.adminA.username]);
    expect((await list(w.as.root, { search: `${w.tag}%` })).total).toBe(0);
    const blankForm = await list(w.as.root, { role: "", status: "", team: "", sort: "", order: "" });
    expect(blankForm.total).toBe(7);
  });

  it("sorts by every key in both orders, and keyset pages add up to the whole list", async () => {
    const full = await list(w.as.root, { limit: 200 });
    const id = (i: Item) => i.uid;
    const byName = [...full.items].sort((a, b) =>
      a.lastName === b.lastName ? (a.firstName < b.firstName ? -1 : 1) : a.lastName < b.lastName ? -1 : 1,
    );
    expect((await all(w.as.root, { sort: "name" })).map(id)).toEqual(byName.map(id));
    expect((await all(w.as.root, { sort: "name", order: "desc" })).map(id)).toEqual([...byName].reverse().map(id));
    const usernames = (await all(w.as.root, { sort: "username" })).map((i) => i.username);
    expect(usernames).toEqual([...usernames].sort());
    const created = (await all(w.as.root, { sort: "createdOn", order: "desc" })).map((i) => Date.parse(i.createdOn));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const seen = (await all(w.as.root, { sort: "lastSeen" })).map((i) => (i.lastSeen ? Date.parse(i.lastSeen) : 0));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.length).toBe(7);
    const statuses = (await all(w.as.root, { sort: "status", order: "desc" })).map((i) => i.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
    const twoPages = await list(w.as.root, { limit: 6 });
    expect(twoPages.items).toHaveLength(6);
    expect(twoPages.total).toBe(7);
    const last = await list(w.as.root, { limit: 6, cursor: twoPages.nextCursor! });
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
  });

  it("refuses bad queries with 400", async () => {
    const bad = async (query: Record<string, string | number>) => {
      const res = await server.request().get("/v2/admins").query(query).set("Authorization", w.as.root);
      expectError(res, 400, "badParameters");
    };
    await bad({ limit: 201 });
    await bad({ limit: 0 });
    await bad({ sort: "password" });
    await bad({ role: "god" });
    await bad({ status: "asleep" });
    await bad({ order: "up" });
    await bad({ cursor: "not-a-cursor" });
    const nameCursor = Buffer.from(JSON.stringify({ v: 5, id: 1 })).toString("base64url");
    await bad({ sort: "name", cursor: nameCursor });
  });
});
