import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildDevice, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { accessEntries, expectError, insertUsers } from "./users.support";

describe.each(testDialects())("bulk user actions on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let teamA: Row<"teams">;
  let teamB: Row<"teams">;
  let adminA: string;
  const db = () => server.database.db;
  const call = (method: "put" | "delete", url: string, body: object, auth = root) =>
    server.request()[method](url).set("Authorization", auth).send(body);
  const statuses = async (users: Row<"users">[]) => {
    const rows = await db()
      .selectFrom("users")
      .select(["uid", "status"])
      .where(
        "uid",
        "in",
        users.map((u) => u.uid),
      )
      .execute();
    return Object.fromEntries(rows.map((r) => [r.uid, r.status]));
  };
  const logCount = async () =>
    Number(
      (
        await db()
          .selectFrom("accessLog")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
    teamA = await buildTeam(db());
    teamB = await buildTeam(db());
    adminA = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA] }));
  });
  afterAll(async () => {
    await server.close();
  });

  it("blocks and activates: unknown and out-of-scope ids fail with userRead404, one access-log entry per call", async () => {
    const a1 = await buildUser(db(), { team: teamA });
    const a2 = await buildUser(db(), { team: teamA, status: "pending" });
    const b1 = await buildUser(db(), { team: teamB });
    const ghost = randomUUID();
    const blocked = await call("put", "/v2/users/block", { uids: [b1.uid, a1.uid, ghost, a2.uid] }, adminA);
    expect(blocked.body).toEqual({
      ok: [a1.uid, a2.uid],
      failed: [
        { id: b1.uid, code: "userRead404" },
        { id: ghost, code: "userRead404" },
      ],
    });
    expect(await statuses([a1, a2, b1])).toEqual({ [a1.uid]: "blocked", [a2.uid]: "blocked", [b1.uid]: "active" });
    const [entry, ...more] = await accessEntries(db(), "users.block");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ outcome: "success", teamId: teamA.id });
    expect(JSON.parse(entry!.details!)).toEqual({ ok: 2, failed: 2, uids: [a1.uid, a2.uid] });

    const activated = await call("put", "/v2/users/activate", { uids: [a1.uid, a2.uid, b1.uid] });
    expect(activated.body).toEqual({ ok: [a1.uid, a2.uid, b1.uid], failed: [] });
    expect(await statuses([a1, a2, b1])).toEqual({ [a1.uid]: "active", [a2.uid]: "active", [b1.uid]: "active" });
    expect((await accessEntries(db(), "users.activate"))[0]).toMatchObject({ teamId: null }); // two teams: no single team

    const none = await call("put", "/v2/users/block", { uids: [b1.uid] }, adminA);
    expect(none.body).toEqual({ ok: [], failed: [{ id: b1.uid, code: "userRead404" }] });
    expect((await accessEntries(db(), "users.block"))[0]).toMatchObject({ outcome: "failure" });
    expect((await statuses([b1]))[b1.uid]).toBe("active");
  });

  it("moves users to a team in scope: 404 usersMove404 for an unknown team and for one outside the scope", async () => {
    const teamC = await buildTeam(db());
    await buildPack(db(), { team: teamC, licenseCount: 1 });
    const adminAC = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA, teamC] }));
    const a1 = await buildUser(db(), { team: teamA });
    const b1 = await buildUser(db(), { team: teamB });
    const before = await logCount();
    expectError(await call("put", "/v2/users/move", { uids: [a1.uid], team: "no-such-team" }), 404, "usersMove404");
    expectError(await call("put", "/v2/users/move", { uids: [a1.uid], team: teamB.slug }, adminAC), 404, "usersMove404");
    expect(await logCount()).toBe(before);
    const moved = await call("put", "/v2/users/move", { uids: [a1.uid, b1.uid], team: teamC.slug }, adminAC);
    expect(moved.body).toEqual({ ok: [a1.uid], failed: [{ id: b1.uid, code: "userRead404" }] });
    const teams = await db().selectFrom("users").select(["uid", "teamId"]).where("uid", "in", [a1.uid, b1.uid]).execute();
    expect(Object.fromEntries(teams.map((t) => [t.uid, t.teamId]))).toEqual({ [a1.uid]: teamC.id, [b1.uid]: teamB.id });
    const [entry] = await accessEntries(db(), "users.move");
    expect(entry).toMatchObject({ teamId: teamC.id });
    expect(JSON.parse(entry!.details!)).toMatchObject({ ok: 1, failed: 1, team: teamC.slug });
  });

  it("refuses a move the target team has no free seats for, as a whole (400 notEnoughLicenses); users already there need none", async () => {
    const target = await buildTeam(db());
    await buildPack(db(), { team: target, licenseCount: 2 });
    const resident = await buildUser(db(), { team: target });
    const movers = [await buildUser(db(), { team: teamA }), await buildUser(db(), { team: teamA })];
    const before = await logCount();
    expectError(
      await call("put", "/v2/users/move", { uids: [...movers.map((u) => u.uid), resident.uid], team: target.slug }),
      400,
      "notEnoughLicenses",
    );
    expect(await logCount()).toBe(before);
    const stayed = await db()
      .selectFrom("users")
      .select("teamId")
      .where(
        "uid",
        "in",
        movers.map((u) => u.uid),
      )
      .execute();
    expect(stayed.map((row) => row.teamId)).toEqual([teamA.id, teamA.id]);
    const moved = await call("put", "/v2/users/move", { uids: [movers[0]!.uid, resident.uid], team: target.slug });
    expect(moved.body).toEqual({ ok: [movers[0]!.uid, resident.uid], failed: [] });
  });

  it("deletes users with their devices, locations and aliases; other teams' users stay", async () => {
    const a1 = await buildUser(db(), { team: teamA, aliases: ["bulk-del-alias"] });
    const device = await buildDevice(db(), a1, { location: { city: "Braga" } });
    const b1 = await buildUser(db(), { team: teamB });
    const res = await call("delete", "/v2/users", { uids: [a1.uid, b1.uid] }, adminA);
    expect(res.body).toEqual({ ok: [a1.uid], failed: [{ id: b1.uid, code: "userRead404" }] });
    expect(await db().selectFrom("users").select("uid").where("uid", "in", [a1.uid, b1.uid]).execute()).toEqual([{ uid: b1.uid }]);
    expect(await db().selectFrom("devices").select("id").where("id", "=", device.id).execute()).toEqual([]);
    expect(await db().selectFrom("locations").select("id").where("deviceId", "=", device.id).execute()).toEqual([]);
    expect(await db().selectFrom("userAliases").select("id").where("alias", "=", "bulk-del-alias").execute()).toEqual([]);
    expect(JSON.parse((await accessEntries(db(), "users.delete"))[0]!.details!)).toEqual({ ok: 1, failed: 1, uids: [a1.uid] });
  });

  it("answers noUserSelected for an empty list and 400 for bad lists, changing and logging nothing", async () => {
    const a1 = await buildUser(db(), { team: teamA });
    const before = await logCount();
    for (const [method, url, extra] of [
      ["put", "/v2/users/block", {}],
      ["put", "/v2/users/activate", {}],
      ["put", "/v2/users/move", { team: teamA.slug }],
      ["delete", "/v2/users", {}],
    ] as const) {
      expectError(await call(method, url, { uids: [], ...extra }), 400, "noUserSelected");
      for (const uids of [[a1.uid, "not-a-uid"], [a1.uid, a1.uid], "x", Array.from({ length: 10_001 }, () => randomUUID())]) {
        expectError(await call(method, url, { uids, ...extra }), 400, "badParameters");
      }
      expectError(await call(method, url, { ...extra }), 400, "badParameters");
    }
    expectError(await call("put", "/v2/users/move", { uids: [a1.uid] }), 400, "badParameters");
    expectError(await call("put", "/v2/users/block", { uids: [a1.uid], extra: true }), 400, "badParameters");
    expect(await logCount()).toBe(before);
    expect(await db().selectFrom("users").select(["status", "teamId"]).where("uid", "=", a1.uid).executeTakeFirstOrThrow()).toEqual({
      status: "active",
      teamId: teamA.id,
    });
  });

  it("is atomic: when the call fails part-way, no user changed", async () => {
    const users = [await buildUser(db(), { team: teamA }), await buildUser(db(), { team: teamA })];
    // Make the access-log write of a bulk block fail, after the UPDATE ran in the same transaction.
    if (dialect === "sqlite") {
      await sql`create trigger fail_bulk_block before insert on access_log when new.action = 'users.block' begin select raise(abort, 'injected failure'); end`.execute(
        db(),
      );
    } else {
      await sql`create function fail_bulk_block() returns trigger language plpgsql as $$ begin if new.action = 'users.block' then raise exception 'injected failure'; end if; return new; end $$`.execute(
        db(),
      );
      await sql`create trigger fail_bulk_block before insert on access_log for each row execute function fail_bulk_block()`.execute(db());
    }
    try {
      const res = await call("put", "/v2/users/block", { uids: users.map((u) => u.uid) });
      expectError(res, 500, "internal");
      expect(Object.values(await statuses(users))).toEqual(["active", "active"]);
    } finally {
      await sql`drop trigger fail_bulk_block${dialect === "postgres" ? sql` on access_log` : sql``}`.execute(db());
      if (dialect === "postgres") await sql`drop function fail_bulk_block()`.execute(db());
    }
  });

  it("blocks 10,000 users in one call", async () => {
    const team = await buildTeam(db());
    const uids = await insertUsers(db(), team.id, 10_000, `big-${dialect}`);
    const res = await call("put", "/v2/users/block", { uids });
    expect(res.status).toBe(200);
    expect(res.body.ok).toHaveLength(10_000);
    expect(res.body.failed).toEqual([]);
    const blocked = await db()
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("teamId", "=", team.id)
      .where("status", "=", "blocked")
      .executeTakeFirstOrThrow();
    expect(Number(blocked.n)).toBe(10_000);
    const details = JSON.parse((await accessEntries(db(), "users.block"))[0]!.details!) as { ok: number; uids: string[]; more: number };
    expect(details).toMatchObject({ ok: 10_000, failed: 0, more: 9_900 });
    expect(details.uids).toHaveLength(100);
  });
});
