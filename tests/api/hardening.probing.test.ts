/**
 * A team admin must not learn which teams exist from the codes of the calls
 * that name a team. For each call, a team that exists outside the admin's scope and a team that
 * does not exist at all must give identical answers (status, code, message, shape); the calls
 * still answer their SPEC codes for a team the admin manages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Response } from "supertest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

/** What a caller can compare between two answers: everything but the per-request id. */
function answer(res: Response): unknown {
  const body = res.body as { error?: Record<string, unknown> };
  const { requestId: _ignored, ...error } = body.error ?? {};
  return { status: res.status, body: body.error ? { error } : body };
}

describe.each(testDialects())("team probing on %s", (dialect) => {
  let server: TestServer;
  let mine: Row<"teams">;
  let other: Row<"teams">;
  let adminAuth: string;
  const missing = `no-such-team-${dialect}`;

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    const db = server.database.db;
    mine = await buildTeam(db);
    other = await buildTeam(db);
    await buildAdmin(db, { teams: [other] });
    adminAuth = await bearerFor(server.config, await buildAdmin(db, { teams: [mine] }));
  });
  afterAll(async () => {
    await server.close();
  });

  /** Sends the same call naming the out-of-scope team and the unknown one; returns both answers. */
  async function pair(method: "post" | "put", path: string, body: (team: string) => object): Promise<[unknown, unknown]> {
    const send = (team: string) => server.request()[method](path).set("Authorization", adminAuth).send(body(team));
    return [answer(await send(other.slug)), answer(await send(missing))];
  }

  it("POST /v2/admin: SPEC's adminCreate403 for both", async () => {
    const body = (team: string) => ({
      username: `probe-${team}@example.test`,
      firstName: "P",
      lastName: "Q",
      teams: [mine.slug, team],
      password: "b".repeat(128),
    });
    const [outside, unknown] = await pair("post", "/v2/admin", body);
    expect(outside).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 403, body: { error: { code: "adminCreate403" } } });
  });

  it("POST /v2/user: userCreate501 for both", async () => {
    const [outside, unknown] = await pair("post", "/v2/user", (team) => ({
      username: `probe-user-${dialect}`,
      firstName: "P",
      lastName: "Q",
      team,
    }));
    expect(outside).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 501, body: { error: { code: "userCreate501" } } });
  });

  it("PUT /v2/users/move: usersMove404 for both, nothing moved", async () => {
    const user = await buildUser(server.database.db, { team: mine });
    const [outside, unknown] = await pair("put", "/v2/users/move", (team) => ({ uids: [user.uid], team }));
    expect(outside).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "usersMove404" } } });
    const row = await server.database.db.selectFrom("users").select("teamId").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.teamId).toBe(mine.id);
  });

  it("PUT /v2/admin/teams: SPEC's adminTeams403 for both, including a team the target already has", async () => {
    const db = server.database.db;
    const target = await buildAdmin(db, { teams: [mine] });
    const [outside, unknown] = await pair("put", "/v2/admin/teams", (team) => ({ uid: target.uid, teams: [mine.slug, team] }));
    expect(outside).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 403, body: { error: { code: "adminTeams403" } } });
    // Were the target's own out-of-scope team accepted, the answer would reveal the membership.
    const both = await buildAdmin(db, { teams: [mine, other] });
    const res = await server
      .request()
      .put("/v2/admin/teams")
      .set("Authorization", adminAuth)
      .send({ uid: both.uid, teams: [mine.slug, other.slug] });
    expect(answer(res)).toEqual(unknown);
  });

  it("list filters: GET /v2/admins and /v2/users with team= answer an empty page for both", async () => {
    const db = server.database.db;
    // An admin the caller sees (through their shared team) who also manages the other team.
    await buildAdmin(db, { teams: [mine, other] });
    await buildUser(db, { team: other });
    for (const list of ["/v2/admins", "/v2/users"]) {
      const get = (team: string) => server.request().get(`${list}?team=${team}`).set("Authorization", adminAuth);
      const [outside, unknown] = [answer(await get(other.slug)), answer(await get(missing))];
      expect({ list, outside }).toEqual({ list, outside: unknown });
      expect(unknown).toEqual({ status: 200, body: { items: [], total: 0, nextCursor: null } });
    }
  });

  it("keeps answering the SPEC codes for the admin's own team", async () => {
    await buildPack(server.database.db, { team: mine, licenseCount: 100 });
    const created = await server
      .request()
      .post("/v2/user")
      .set("Authorization", adminAuth)
      .send({ username: `own-${dialect}`, firstName: "O", lastName: "K", team: mine.slug });
    expect(created.status).toBe(200);
    const again = await server
      .request()
      .post("/v2/user")
      .set("Authorization", adminAuth)
      .send({ username: `own-${dialect}`, firstName: "O", lastName: "K", team: mine.slug });
    expect(answer(again)).toMatchObject({ status: 409, body: { error: { code: "userCreate409" } } });
    const root = await server
      .request()
      .post("/v2/admin")
      .set("Authorization", adminAuth)
      .send({ username: `root-${dialect}@example.test`, firstName: "R", lastName: "T", teams: [], root: true, password: "c".repeat(128) });
    expect(answer(root)).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
  });
});
