/**
 * The per-team counters of migration 0019 (users by status, devices, pending invitations) equal
 * a recount of the rows after every kind of write: user create, edit of status, delete, bulk
 * block / activate / move / delete (by uids and by filter), import, invitation create, redeem,
 * expiry and delete, device report, wipe and delete, team create and delete, a user deleted
 * with its devices, and the seats the licence pages show follow them. Sizes scale with
 * COUNTERS_USERS (default 12).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountedTeamCounts, teamCounts } from "../../server/db/counters";
import type { Row } from "../../server/db/types";
import { expireInvitations } from "../../server/services/invites";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildDevice, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const SIZE = Math.max(6, Number(process.env.COUNTERS_USERS ?? 12));

describe.each(testDialects())("team counters on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let service: string;
  let teamA: Row<"teams">;
  let teamB: Row<"teams">;
  const db = () => server.database.db;
  const send = (method: "post" | "put" | "delete", url: string, body: object, auth = root) =>
    server.request()[method](url).set("Authorization", auth).send(body);

  /** The counters equal the recount, for every team, and at least one team has rows (the test can fail). */
  const expectConsistent = async (step: string) => {
    const [kept, recounted] = await Promise.all([teamCounts(db(), null), recountedTeamCounts(db())]);
    expect(Object.fromEntries(kept), step).toEqual(Object.fromEntries(recounted));
  };
  const uidsOf = async (team: Row<"teams">, status?: string) =>
    (
      await db()
        .selectFrom("users")
        .select("uid")
        .where("teamId", "=", team.id)
        .$if(status !== undefined, (q) => q.where("status", "=", status as "active"))
        .orderBy("id")
        .execute()
    ).map((row) => row.uid);

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
    const token = await send("post", "/v2/service-tokens", { name: "counters" });
    service = `Bearer ${token.body.token as string}`;
    teamA = await buildTeam(db());
    teamB = await buildTeam(db());
    await buildPack(db(), { team: teamA, licenseCount: 10 * SIZE });
    await buildPack(db(), { team: teamB, licenseCount: 10 * SIZE });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("starts every new team at zero and counts users and devices as they are created", async () => {
    await expectConsistent("new teams");
    for (let i = 0; i < SIZE; i++) {
      const res = await send("post", "/v2/user", {
        username: `c${i}-${teamA.id}@a.test`,
        firstName: "Ana",
        lastName: "Silva",
        team: teamA.slug,
      });
      expect(res.status).toBe(200);
    }
    const users = await db().selectFrom("users").selectAll().where("teamId", "=", teamA.id).execute();
    for (const user of users.slice(0, SIZE / 2)) await buildDevice(db(), user);
    await buildUser(db(), { team: teamB, status: "blocked" });
    await buildUser(db(), { team: teamB, status: "pending" });
    await expectConsistent("created users and devices");
    const counts = (await teamCounts(db(), [teamA.id])).get(teamA.id);
    expect(counts).toMatchObject({ users: SIZE, devices: SIZE / 2 });
  });

  it("follows a device reported by the service, wiped and deleted", async () => {
    const [user] = await db().selectFrom("users").selectAll().where("teamId", "=", teamA.id).orderBy("id", "desc").limit(1).execute();
    const reported = await send("post", "/v2/service/devices", { user: user!.username, device: { token: "push-c", platform: 2 } }, service);
    expect(reported.status).toBe(200);
    await expectConsistent("device reported");
    const device = await db().selectFrom("devices").select("uid").where("userId", "=", user!.id).executeTakeFirstOrThrow();
    expect((await send("put", "/v2/device/wipe", { uid: user!.uid, deviceId: device.uid })).status).toBe(200);
    await expectConsistent("device wiped");
    expect((await send("delete", "/v2/device", { uid: user!.uid, deviceId: device.uid })).status).toBe(200);
    await expectConsistent("device deleted");
  });

  it("follows bulk block, activate, move and delete, by uids and by filter", async () => {
    const some = (await uidsOf(teamA)).slice(0, 3);
    expect((await send("put", "/v2/users/block", { uids: some })).status).toBe(200);
    await expectConsistent("bulk block");
    expect((await send("put", "/v2/users/activate", { filter: { team: teamA.slug, status: "blocked" } })).status).toBe(200);
    await expectConsistent("bulk activate by filter");
    expect((await send("put", "/v2/users/move", { uids: some, team: teamB.slug })).status).toBe(200);
    await expectConsistent("bulk move");
    expect((await send("put", "/v2/users/move", { filter: { team: teamB.slug }, team: teamA.slug })).status).toBe(200);
    await expectConsistent("bulk move by filter");
    const withDevices = await db()
      .selectFrom("users")
      .select("uid")
      .where("teamId", "=", teamA.id)
      .where("deviceCount", ">", 0)
      .limit(2)
      .execute();
    expect((await send("delete", "/v2/users", { uids: withDevices.map((u) => u.uid) })).status).toBe(200);
    await expectConsistent("bulk delete of users with devices");
  });

  it("follows an import", async () => {
    const csv = [
      "username,firstName,lastName,team",
      ...Array.from({ length: SIZE }, (_, i) => `imp${i}@b.test,Rui,Costa,${teamB.slug}`),
    ].join("\n");
    const res = await server
      .request()
      .post(`/v2/users/import?mode=apply&id=${randomUUID()}`)
      .set("Authorization", root)
      .set("Content-Type", "text/csv")
      .send(csv);
    expect(res.body).toMatchObject({ status: "done", counts: { created: SIZE } });
    expect((await teamCounts(db(), [teamB.id])).get(teamB.id)?.users).toBeGreaterThanOrEqual(SIZE);
    await expectConsistent("import");
  });

  it("follows invitations created, redeemed, expired and deleted, and the seats follow", async () => {
    const addresses = Array.from({ length: 4 }, (_, i) => `inv${i}_${teamA.id}`);
    const created = await send("post", "/v2/invite", {
      team: teamA.slug,
      type: "handle",
      addresses,
      lang: "en",
      matchUser: false,
      directSignIn: false,
    });
    expect(created.status).toBe(200);
    await expectConsistent("invitations created");
    const [first, second, third] = created.body.ok as { id: string; code: string }[];
    const redeemed = await send("post", "/v2/service/invites/redeem", { code: first!.code, username: addresses[0] }, service);
    expect(redeemed.body).toMatchObject({ username: addresses[0] });
    await expectConsistent("invitation redeemed");
    expect((await send("delete", "/v2/invite", { ids: [second!.id] })).status).toBe(200);
    await expectConsistent("invitation deleted");
    await db()
      .updateTable("invites")
      .set({ expiresAt: Date.now() - 1000 })
      .where("uid", "=", third!.id)
      .execute();
    const seats = await server.request().get(`/v2/teams/${teamA.slug}/seats`).set("Authorization", root);
    // The lapsed invitation no longer takes a seat, before housekeeping expires it.
    const counts = (await teamCounts(db(), [teamA.id])).get(teamA.id)!;
    expect(seats.body).toMatchObject({ users: counts.users - counts.invites, invites: counts.invites - 1 });
    expect(await expireInvitations(db())).toBeGreaterThanOrEqual(1);
    await expectConsistent("invitation expired");
  });

  it("follows a user's status edit, a team created and a team deleted with its users", async () => {
    const [uid] = await uidsOf(teamB, "active");
    const edited = await send("put", "/v2/user", { uid, status: "blocked" });
    expect(edited.status).toBeLessThan(500);
    await expectConsistent("user edited");
    const doomed = await buildTeam(db());
    for (let i = 0; i < 3; i++) await buildDevice(db(), await buildUser(db(), { team: doomed }));
    await expectConsistent("team filled");
    await db().deleteFrom("users").where("teamId", "=", doomed.id).execute();
    await db().deleteFrom("teams").where("id", "=", doomed.id).execute();
    await expectConsistent("team deleted");
    expect((await teamCounts(db(), [doomed.id])).size).toBe(0);
  });
});
