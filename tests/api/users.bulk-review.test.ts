import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { expectError } from "./users.support";

/**
 * `POST /v2/users/bulk/review`: what a bulk action would do, from the planner the action itself
 * applies, with nothing written; and then the action does what the review said.
 */
describe.each(testDialects())("bulk user action review on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let teamA: Row<"teams">;
  let teamB: Row<"teams">;
  let adminA: string;
  const db = () => server.database.db;
  const review = (body: object, auth = root) => server.request().post("/v2/users/bulk/review").set("Authorization", auth).send(body);
  const logCount = async () =>
    Number(
      (
        await db()
          .selectFrom("accessLog")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const snapshot = async (users: Row<"users">[]) =>
    db()
      .selectFrom("users")
      .select(["uid", "teamId", "status"])
      .where(
        "uid",
        "in",
        users.map((u) => u.uid),
      )
      .orderBy("uid")
      .execute();

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

  it("reviews a move: changing, refused by code with usernames in scope only, seats before and after; writes nothing; the move then agrees", async () => {
    const tag = randomUUID().slice(0, 8);
    const target = await buildTeam(db());
    await buildPack(db(), { team: target, licenseCount: 5 });
    await buildUser(db(), { team: target, username: `resident-${tag}@ok-${tag}.example` });
    await db()
      .insertInto("teamDomains")
      .values({ teamId: target.id, domain: `ok-${tag}.example`, createdAt: Date.now() })
      .execute();
    const fits = await buildUser(db(), { team: teamA, username: `fits-${tag}@ok-${tag}.example` });
    const foreign = [1, 2, 3, 4].map((n) => `out${n}-${tag}@else.example`);
    const refused = await Promise.all(foreign.map((username) => buildUser(db(), { team: teamA, username })));
    const ghost = randomUUID();
    const uids = [fits.uid, ...refused.map((u) => u.uid), ghost];
    const before = { log: await logCount(), users: await snapshot([fits, ...refused]) };

    const answer = await review({ action: "move", uids, team: target.slug });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      changing: 1,
      refused: [
        { code: "usersMove502", count: 4, examples: foreign.slice(0, 3) },
        { code: "userRead404", count: 1, examples: [] },
      ],
      seats: { before: 1, after: 2, limit: 5 },
    });
    expect(await logCount()).toBe(before.log);
    expect(await snapshot([fits, ...refused])).toEqual(before.users);

    const moved = await server.request().put("/v2/users/move").set("Authorization", root).send({ uids, team: target.slug });
    expect(moved.body.ok).toEqual([fits.uid]);
    expect(moved.body.failed).toHaveLength(4 + 1);
  });

  it("says when a move would overrun the target's licences (after > limit), as the move then refuses", async () => {
    const target = await buildTeam(db());
    await buildPack(db(), { team: target, licenseCount: 1 });
    const movers = [await buildUser(db(), { team: teamA }), await buildUser(db(), { team: teamA })];
    const uids = movers.map((u) => u.uid);
    const answer = await review({ action: "move", uids, team: target.slug });
    expect(answer.body).toEqual({ changing: 2, refused: [], seats: { before: 0, after: 2, limit: 1 } });
    expectError(
      await server.request().put("/v2/users/move").set("Authorization", root).send({ uids, team: target.slug }),
      400,
      "notEnoughLicenses",
    );
  });

  it("reviews block, activate and delete within the caller's scope: out-of-scope users are refused unnamed", async () => {
    const a1 = await buildUser(db(), { team: teamA, status: "pending" });
    const b1 = await buildUser(db(), { team: teamB });
    for (const action of ["block", "activate", "delete"] as const) {
      const answer = await review({ action, uids: [a1.uid, b1.uid] }, adminA);
      expect(answer.body).toEqual({ changing: 1, refused: [{ code: "userRead404", count: 1, examples: [] }] });
    }
    expect(await snapshot([a1, b1])).toEqual(
      [
        { uid: a1.uid, teamId: teamA.id, status: "pending" },
        { uid: b1.uid, teamId: teamB.id, status: "active" },
      ].sort((x, y) => x.uid.localeCompare(y.uid)),
    );
  });

  it("reviews 'select all matching' by its filter, counting what the action would change", async () => {
    const team = await buildTeam(db());
    await Promise.all([1, 2, 3].map(() => buildUser(db(), { team, status: "blocked" })));
    await buildUser(db(), { team, status: "active" });
    const answer = await review({ action: "activate", filter: { team: team.slug, status: "blocked" } });
    expect(answer.body).toEqual({ changing: 3, refused: [] });
  });

  it("refuses bad bodies and unknown or out-of-scope targets as the actions do", async () => {
    const a1 = await buildUser(db(), { team: teamA });
    expectError(await review({ action: "block", uids: [] }), 400, "noUserSelected");
    expectError(await review({ action: "move", uids: [a1.uid] }), 400, "badParameters");
    expectError(await review({ action: "erase", uids: [a1.uid] }), 400, "badParameters");
    expectError(await review({ action: "block", uids: [a1.uid], filter: {} }), 400, "badParameters");
    expectError(await review({ action: "move", uids: [a1.uid], team: "no-such-team" }), 404, "usersMove404");
    expectError(await review({ action: "move", uids: [a1.uid], team: teamB.slug }, adminA), 404, "usersMove404");
  });
});
