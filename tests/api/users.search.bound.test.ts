/**
 * The users list's counts at scale (issue #28): a search or a filter counted from rows stops
 * counting past COUNT_BOUND (`total` = the bound, `totalCapped`) yet pages every match; a smaller search and the unfiltered
 * or status-filtered list (answered from the team counters) keep their exact totals; an exact
 * username with a domain finds its user. 10,001 matching rows are needed to pass the bound.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { COUNT_BOUND, searchPlanOf } from "../../server/services/users/list";
import { UserListQuerySchema } from "../../shared/schemas/user";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { insertUsers } from "./users.support";

/** A random tag of letters only (trigram-searchable, found in no other row). */
const tagOf = () =>
  `q${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!)}`;

describe.each(testDialects())("users list counts at the search bound on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let team: Row<"teams">;
  const tag = tagOf();
  const db = () => server.database.db;
  const list = async (query: string) => {
    const res = await server.request().get(`/v2/users?${query}`).set("Authorization", root);
    expect(res.status, query).toBe(200);
    return res.body as { items: { uid: string; username: string }[]; total: number; totalCapped?: boolean; nextCursor: string | null };
  };

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
    team = await buildTeam(db());
    await insertUsers(db(), team.id, COUNT_BOUND + 1, tag);
    await insertUsers(db(), team.id, 30, tagOf());
  });
  afterAll(async () => {
    await server?.close();
  });

  it("caps a common term's total at the bound and still pages its matches", async () => {
    const first = await list(`team=${team.slug}&search=${tag}&limit=200`);
    expect([first.total, first.totalCapped, first.items.length]).toEqual([COUNT_BOUND, true, 200]);
    expect(first.items.every((item) => item.username.startsWith(`${tag}-`))).toBe(true);
    const second = await list(`team=${team.slug}&search=${tag}&limit=200&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.length).toBe(200);
    expect(new Set([...first.items, ...second.items].map((item) => item.uid)).size).toBe(400);
  });

  it("counts a smaller search exactly, and the list without filters or by status from the counters", async () => {
    const some = await list(`team=${team.slug}&search=${encodeURIComponent(`${tag}-1000`)}`);
    // `-1000`, `-10000` and `-1000x` for x in 0..9: twelve rows at most, counted exactly.
    expect(some.totalCapped).toBeUndefined();
    expect(some.total).toBe(some.items.length);
    expect(some.total).toBeGreaterThan(0);
    const extra = await buildUser(db(), { team, status: "blocked" });
    const all = await list(`team=${team.slug}&limit=1`);
    expect([all.total, all.totalCapped]).toEqual([COUNT_BOUND + 32, undefined]);
    expect((await list(`team=${team.slug}&status=blocked`)).items.map((item) => item.uid)).toEqual([extra.uid]);
    expect((await list(`team=${team.slug}&status=blocked`)).total).toBe(1);
    expect((await list(`team=${team.slug}&status=active&limit=1`)).total).toBe(COUNT_BOUND + 31);
  });

  it("counts a search that is the only condition (root, no filter) as the filtered count does, a user once however many of its fields match", async () => {
    // Every match is in `team`: the team filter changes nothing but the way it is counted.
    const capped = await list(`search=${tag}&limit=1`);
    expect([capped.total, capped.totalCapped]).toEqual([COUNT_BOUND, true]);
    for (const term of [`${tag}-1000`, `${tag}-77`, `${tag}-9999@bulk`]) {
      const alone = await list(`search=${encodeURIComponent(term)}&limit=200`);
      const filtered = await list(`team=${team.slug}&search=${encodeURIComponent(term)}&limit=200`);
      expect([alone.total, alone.totalCapped], term).toEqual([filtered.total, filtered.totalCapped]);
      expect(alone.total, term).toBe(alone.items.length);
    }
    const both = tagOf();
    const twice = await buildUser(db(), { team, firstName: both, username: `${both}@bulk.test`, aliases: [`${both}-alias@bulk.test`] });
    const once = await list(`search=${both}`);
    expect([once.total, once.items.map((item) => item.uid)]).toEqual([1, [twice.uid]]);
  });

  it("caps a filter's count past the bound as a search's (counted from rows), while the counters' sets stay exact", async () => {
    const [withEcs, withoutEcs] = await Promise.all([
      list(`team=${team.slug}&ecs=true&limit=1`),
      list(`team=${team.slug}&ecs=false&limit=1`),
    ]);
    const [big, small] = withEcs.total > withoutEcs.total ? [withEcs, withoutEcs] : [withoutEcs, withEcs];
    expect([big.total, big.totalCapped]).toEqual([COUNT_BOUND, true]);
    expect(small.totalCapped).toBeUndefined();
    expect(small.total).toBeLessThan(100);
    const active = await list(`team=${team.slug}&status=active&limit=1`);
    expect(active.totalCapped).toBeUndefined();
    expect(active.total).toBeGreaterThan(COUNT_BOUND);
  });

  it("plans a search in a filtered set past the bound as in the whole list, not as if the bound were the set's size", async () => {
    // 1,112 matches (`-1`, `-1x`, `-1xx`, `-1xxx`, `-10000`) in a scope of over 11,120 users:
    // fewer than a tenth, so the page seeks. The filter (the ECS side every tagged user is on)
    // leaves a set counted only up to the bound; it must not make the same matches look dense.
    const other = await buildTeam(db());
    await insertUsers(db(), other.id, 1_500, tagOf());
    const [withEcs, withoutEcs] = await Promise.all([
      list(`team=${team.slug}&ecs=true&limit=1`),
      list(`team=${team.slug}&ecs=false&limit=1`),
    ]);
    const ecs = withEcs.total > withoutEcs.total;
    const root = { teamIds: null, teamId: null, minimums: [], seen: null };
    const query = (extra: Record<string, unknown>) => UserListQuerySchema.parse({ search: `${tag}-1`, sort: "name", ...extra });
    expect((await list(`search=${tag}-1&limit=1`)).total).toBe(1_112);
    expect(await searchPlanOf(db(), root, query({}))).toBe("seek");
    expect(await searchPlanOf(db(), root, query({ ecs }))).toBe("seek");
  });

  it("finds an exact username with its domain", async () => {
    const username = `${tag}-4321@bulk.test`;
    const found = await list(`search=${encodeURIComponent(username)}`);
    expect(found.items.map((item) => item.username)).toEqual([username]);
    expect([found.total, found.totalCapped]).toEqual([1, undefined]);
  });
});
