/**
 * Bulk actions on the same users in opposite orders, together with single
 * edits and device deletions, never answer 500 (no deadlock, no SQLITE_BUSY). On PostgreSQL the
 * second half of the calls goes through a second app instance with its own connection pool on
 * the same database, as a second process behind a load balancer would.
 */
import pg from "pg";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildDevice, buildPack, buildTeam, buildUser } from "../support/factories";
import { SHARED_SECRETS, useServerPair } from "../support/lifecycle";
import { getTestServer, type TestServer } from "../support/server";
import { insertUsers } from "./users.support";

const USERS = 2_000;
const ROUNDS = 20;

describe.each(testDialects())("concurrent writes to the same users on %s", (dialect) => {
  const { one, two } = useServerPair(dialect);
  let auth: string;
  let teamA: Row<"teams">;
  let teamB: Row<"teams">;
  let uids: string[];
  const db = () => one.database.db;
  const answers: Response[] = [];

  beforeAll(async () => {
    auth = await bearerFor(one.config, await buildAdmin(db(), { role: "root" }));
    teamA = await buildTeam(db());
    teamB = await buildTeam(db());
    // Moving users into a team takes its seats: room for everyone in either team.
    await buildPack(db(), { team: teamA, licenseCount: USERS });
    await buildPack(db(), { team: teamB, licenseCount: USERS });
    uids = await insertUsers(db(), teamA.id, USERS, "conc");
  });

  const put = (server: TestServer, url: string, body: object) => server.request().put(url).set("Authorization", auth).send(body);
  const del = (server: TestServer, url: string, body: object) => server.request().delete(url).set("Authorization", auth).send(body);
  /** Anything but a success or the documented contention refusal (503 `contention` with Retry-After). */
  const unexpected = () =>
    answers.filter(
      (res) => res.status !== 200 && !(res.status === 503 && res.body.error?.code === "contention" && res.headers["retry-after"] === "1"),
    );

  it(`runs ${ROUNDS} rounds of opposite-order bulk actions with single edits and device deletions without a 500`, async () => {
    const rows = await db()
      .selectFrom("users")
      .selectAll()
      .where("uid", "in", uids.slice(0, ROUNDS * 3))
      .execute();
    const byUid = new Map(rows.map((row) => [row.uid, row]));
    for (let round = 0; round < ROUNDS; round++) {
      const forward = uids;
      const backward = [...uids].reverse();
      // Devices of users the round edits: deleting one updates its user's device_count (a trigger).
      const victims = [uids[round * 3]!, uids[round * 3 + 1]!, uids[round * 3 + 2]!];
      const devices = await Promise.all(victims.map((uid) => buildDevice(db(), byUid.get(uid)!)));
      const calls = [
        put(one, round % 2 ? "/v2/users/activate" : "/v2/users/block", { uids: forward }),
        put(two, "/v2/users/move", { uids: backward, team: round % 2 ? teamA.slug : teamB.slug }),
        ...victims.map((uid, i) => put(i % 2 ? one : two, "/v2/user", { uid, firstName: `Round ${round}` })),
        ...devices.map((device, i) => del(i % 2 ? two : one, "/v2/device", { uid: victims[i], deviceId: device.uid })),
      ];
      answers.push(...(await Promise.all(calls)));
    }
    expect(answers.filter((res) => res.status === 500).map((res) => res.body)).toEqual([]);
    expect(unexpected().map((res) => [res.status, res.body])).toEqual([]);
    const state = await db()
      .selectFrom("users")
      .select((eb) => ["status", "teamId", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("deviceCount").as("devices")])
      .groupBy(["status", "teamId"])
      .execute();
    // The last round (odd) activated everyone and moved everyone back to team A; every device was deleted.
    expect(state.map((row) => ({ ...row, n: Number(row.n), devices: Number(row.devices) }))).toEqual([
      { status: "active", teamId: teamA.id, n: USERS, devices: 0 },
    ]);
  }, 120_000);

  it("deletes users in bulk while another instance blocks them in the opposite order and their devices are deleted", async () => {
    const doomed = uids.slice(0, USERS / 2);
    const rows = await db().selectFrom("users").selectAll().where("uid", "in", doomed.slice(0, 10)).execute();
    const devices = await Promise.all(rows.map((row) => buildDevice(db(), row)));
    const results = await Promise.all([
      del(one, "/v2/users", { uids: doomed }),
      put(two, "/v2/users/block", { uids: [...uids].reverse() }),
      ...devices.map((device, i) => del(i % 2 ? one : two, "/v2/device", { uid: rows[i]!.uid, deviceId: device.uid })),
    ]);
    const [deleted, blocked, ...deviceCalls] = results;
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.ok).toHaveLength(doomed.length);
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    // A device deletion that lost the race to its user's deletion finds nothing: 404, never 500.
    for (const res of deviceCalls) expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
    expect(await db().selectFrom("users").select("uid").where("uid", "in", doomed.slice(0, 500)).execute()).toEqual([]);
    expect(await db().selectFrom("devices").select("id").execute()).toEqual([]);
  });
});

describe.each(testDialects().filter((d) => d === "postgres"))("lock order of a device deletion on %s", (dialect) => {
  let server: TestServer;
  let auth: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: SHARED_SECRETS });
    auth = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("takes the user's row before the device's, as bulk actions do (else a bulk delete deadlocks with it)", async () => {
    const db = server.database.db;
    const user = await buildUser(db, { team: await buildTeam(db) });
    const device = await buildDevice(db, user);
    const holder = new pg.Client({ connectionString: server.database.options.databaseUrl });
    const probe = new pg.Client({ connectionString: server.database.options.databaseUrl });
    await Promise.all([holder.connect(), probe.connect()]);
    try {
      // Another transaction holds the user, as a bulk action on that user would.
      await holder.query("begin");
      await holder.query("select id from users where id = $1 for no key update", [user.id]);
      const deletion = server
        .request()
        .delete("/v2/device")
        .set("Authorization", auth)
        .send({ uid: user.uid, deviceId: device.uid })
        .then((res) => res);
      const waiting = async () =>
        Number(
          (await probe.query("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'"))
            .rows[0].n,
        );
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await waiting()).toBe(1);
      // While it waits for the user, the device is still free: nothing holds it that a bulk delete would need.
      const free = await probe.query("select id from devices where id = $1 for update skip locked", [device.id]);
      expect(free.rows).toEqual([{ id: device.id }]);
      await holder.query("commit");
      const res = await deletion;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await db.selectFrom("users").select("deviceCount").where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({
        deviceCount: 0,
      });
    } finally {
      await holder.query("rollback").catch(() => undefined);
      await Promise.all([holder.end(), probe.end()]);
    }
  });
});
