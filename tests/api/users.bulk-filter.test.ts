import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { accessEntries, expectError, insertUsers } from "./users.support";

/**
 * 'Select all matching': the users bulk calls take the list's filter instead of uids;
 * the server resolves it in the transaction, in the caller's scope, with the list's own filter
 * SQL, so the count the list (and the confirmation) shows is exactly what changes.
 */
describe.each(testDialects())("bulk user actions by filter on %s", (dialect) => {
  let server: TestServer;
  let teamA: Row<"teams">;
  let teamB: Row<"teams">;
  let adminA: string;
  const MATCHING = 5_000;
  const db = () => server.database.db;
  const call = (method: "put" | "delete", url: string, body: object, auth = adminA) =>
    server.request()[method](url).set("Authorization", auth).send(body);
  const total = async (query: string, auth = adminA) => {
    const res = await server.request().get(`/v2/users?limit=1&${query}`).set("Authorization", auth);
    expect(res.status).toBe(200);
    return (res.body as { total: number }).total;
  };
  const countWhere = async (teamId: number, status: Row<"users">["status"], prefix: string) =>
    Number(
      (
        await db()
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("teamId", "=", teamId)
          .where("status", "=", status)
          .where("username", "like", `${prefix}-%`)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    teamA = await buildTeam(db());
    teamB = await buildTeam(db());
    adminA = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA] }));
    await insertUsers(db(), teamA.id, MATCHING, "matchx");
    await insertUsers(db(), teamA.id, 300, "otherx");
    // Matching the search too, but outside adminA's scope.
    await insertUsers(db(), teamB.id, 200, "matchx-b");
  });
  afterAll(async () => {
    await server.close();
  });

  it("blocks and activates every matching user in the scope, exactly the list's count, in one access-log entry", async () => {
    expect(await total("search=matchx")).toBe(MATCHING);
    const blocked = await call("put", "/v2/users/block", { filter: { search: "matchx" } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.ok).toHaveLength(MATCHING);
    expect(new Set(blocked.body.ok as string[]).size).toBe(MATCHING);
    expect(blocked.body.failed).toEqual([]);
    expect(await countWhere(teamA.id, "blocked", "matchx")).toBe(MATCHING);
    expect(await countWhere(teamA.id, "active", "otherx")).toBe(300);
    expect(await countWhere(teamB.id, "active", "matchx-b")).toBe(200);
    const [entry, ...more] = await accessEntries(db(), "users.block");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ outcome: "success", teamId: teamA.id });
    expect(JSON.parse(entry!.details!)).toMatchObject({ ok: MATCHING, failed: 0, filter: { search: "matchx" }, more: MATCHING - 100 });

    // The list's other filters narrow it the same way: the blocked ones, by status.
    expect(await total("status=blocked")).toBe(MATCHING);
    const activated = await call("put", "/v2/users/activate", { filter: { status: "blocked" } });
    expect(activated.body.ok).toHaveLength(MATCHING);
    expect(await countWhere(teamA.id, "active", "matchx")).toBe(MATCHING);
    expect(await total("status=blocked")).toBe(0);
  });

  it("a filter naming a team outside the scope matches nobody and changes nothing", async () => {
    const res = await call("delete", "/v2/users", { filter: { team: teamB.slug } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: [], failed: [] });
    expect(await countWhere(teamB.id, "active", "matchx-b")).toBe(200);
  });

  it("a move by filter is refused as a whole without the seats for every match, and moves exactly the matches with them", async () => {
    const target = await buildTeam(db());
    await buildPack(db(), { team: target, licenseCount: 299 });
    const adminAT = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA, target] }));
    expectError(
      await call("put", "/v2/users/move", { filter: { search: "otherx" }, team: target.slug }, adminAT),
      400,
      "notEnoughLicenses",
    );
    expect(await countWhere(teamA.id, "active", "otherx")).toBe(300);
    await buildPack(db(), { team: target, licenseCount: 1 });
    const moved = await call("put", "/v2/users/move", { filter: { search: "otherx", team: teamA.slug }, team: target.slug }, adminAT);
    expect(moved.status).toBe(200);
    expect(moved.body.ok).toHaveLength(300);
    expect(await countWhere(target.id, "active", "otherx")).toBe(300);
    expect(await countWhere(teamA.id, "active", "otherx")).toBe(0);
  });

  it("deletes every matching user in the scope", async () => {
    const res = await call("delete", "/v2/users", { filter: { search: "matchx" } });
    expect(res.body.ok).toHaveLength(MATCHING);
    expect(await total("search=matchx")).toBe(0);
    expect(await countWhere(teamB.id, "active", "matchx-b")).toBe(200);
  });

  it("takes exactly one of uids and filter, and only the list's filters (400 otherwise)", async () => {
    for (const body of [
      {},
      { uids: [crypto.randomUUID()], filter: {} },
      { filter: { sort: "name" } },
      { filter: { limit: 5 } },
      { filter: { status: "gone" } },
      { filter: "all" },
    ]) {
      const res = await call("put", "/v2/users/block", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expectError(await call("put", "/v2/users/move", { filter: {} }), 400, "badParameters");
    expectError(await call("put", "/v2/users/block", { uids: [] }), 400, "noUserSelected");
  });
});
