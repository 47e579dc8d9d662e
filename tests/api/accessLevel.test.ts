/**
 * The access level of users and admins (#31, docs/DECISIONS.md "31 — access level"): a whole
 * number 0..9 or null, set on create and edit, answered by reads and lists, refused with the
 * catalogue's messages when out of range, logged with its old and new values; an admin's level is
 * root's alone to change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { buildPack, buildUser, GOOD_PASSWORD } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { adminRow, buildWorld, expectError, type World } from "./admins.helpers";

describe.each(testDialects())("access level on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;
  const send = (method: "post" | "put", url: string, auth: string, body: object) =>
    server.request()[method](url).set("Authorization", auth).send(body);
  const stored = async (table: "users" | "admins", uid: string) =>
    (await db().selectFrom(table).select("accessLevel").where("uid", "=", uid).executeTakeFirstOrThrow()).accessLevel;
  const lastLog = async (action: string, uid: string) => {
    const row = await db()
      .selectFrom("accessLog")
      .select(["details", "actorUsername"])
      .where("action", "=", action)
      .where("targetId", "=", uid)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { actor: row.actorUsername, details: JSON.parse(row.details ?? "{}") as Record<string, unknown> };
  };
  const details = (body: { error: { details?: { path: (string | number)[]; message: string }[] } }) =>
    (body.error.details ?? []).map((d) => [d.path.join("."), d.message]);

  describe("users", () => {
    let w: World;
    beforeAll(async () => {
      w = await buildWorld(server);
      await buildPack(db(), { team: w.teamA, licenseCount: 10 });
    });

    it("is set at creation, answered by the read and the list, and logged", async () => {
      const res = await send("post", "/v2/user", w.as.adminA, {
        username: `lvl-${w.tag}`,
        firstName: "Lev",
        lastName: "El",
        team: w.teamA.slug,
        password: await sha512Hex(GOOD_PASSWORD),
        accessLevel: 5,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.accessLevel).toBe(5);
      expect(await stored("users", res.body.uid)).toBe("5");
      expect((await lastLog("user.create", res.body.uid)).details).toMatchObject({ accessLevel: 5 });
      const read = await server.request().get(`/v2/user/${res.body.uid}`).set("Authorization", w.as.adminA);
      expect(read.body.accessLevel).toBe(5);
      const list = await server.request().get(`/v2/users?search=lvl-${w.tag}`).set("Authorization", w.as.adminA);
      expect(list.body.items.map((i: { uid: string; accessLevel: number | null }) => [i.uid, i.accessLevel])).toEqual([[res.body.uid, 5]]);
      // Without one, a user has none.
      const plain = await send("post", "/v2/user", w.as.root, {
        username: `plain-${w.tag}`,
        firstName: "P",
        lastName: "L",
        team: w.teamA.slug,
      });
      expect(plain.body.accessLevel).toBeNull();
      expect(await stored("users", plain.body.uid)).toBeNull();
    });

    it("is changed and cleared by an edit within scope; the log has the old and new values", async () => {
      const user = await buildUser(db(), { team: w.teamA, accessLevel: "1" });
      const up = await send("put", "/v2/user", w.as.adminA, { uid: user.uid, accessLevel: 9 });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect(up.body.accessLevel).toBe(9);
      expect(await lastLog("user.update", user.uid)).toMatchObject({
        actor: w.adminA.username,
        details: { fields: ["accessLevel"], accessLevel: { from: 1, to: 9 } },
      });
      const cleared = await send("put", "/v2/user", w.as.root, { uid: user.uid, accessLevel: null });
      expect(cleared.body.accessLevel).toBeNull();
      expect(await stored("users", user.uid)).toBeNull();
      expect((await lastLog("user.update", user.uid)).details).toMatchObject({ accessLevel: { from: 9, to: null } });
      // Other edits leave it alone and do not log it.
      await send("put", "/v2/user", w.as.root, { uid: user.uid, accessLevel: 3 });
      const named = await send("put", "/v2/user", w.as.root, { uid: user.uid, firstName: "Renamed" });
      expect(named.body.accessLevel).toBe(3);
      expect((await lastLog("user.update", user.uid)).details).toEqual({ fields: ["firstName"] });
      // Out of scope: the user is unknown to the admin of another company, and nothing changes.
      expectError(await send("put", "/v2/user", w.as.adminB, { uid: user.uid, accessLevel: 0 }), 404, "userEdit404");
      expect(await stored("users", user.uid)).toBe("3");
    });

    it("refuses anything but a whole number from 0 to 9 with a 400 naming the field and the message key, changing nothing", async () => {
      const user = await buildUser(db(), { team: w.teamA, accessLevel: "2" });
      const cases: [unknown, string][] = [
        [10, "validation.tooBig"],
        [-1, "validation.tooSmall"],
        [1.5, "validation.integer"],
        ["3", "validation.invalidType"],
        [true, "validation.invalidType"],
      ];
      for (const [value, key] of cases) {
        const res = await send("put", "/v2/user", w.as.root, { uid: user.uid, accessLevel: value });
        expectError(res, 400, "badParameters");
        expect({ value, details: details(res.body) }).toEqual({ value, details: [["accessLevel", key]] });
      }
      expect(await stored("users", user.uid)).toBe("2");
      const create = await send("post", "/v2/user", w.as.root, {
        username: `bad-${w.tag}`,
        firstName: "B",
        lastName: "L",
        team: w.teamA.slug,
        accessLevel: 12,
      });
      expectError(create, 400, "badParameters");
      expect(await db().selectFrom("users").select("id").where("username", "=", `bad-${w.tag}`).executeTakeFirst()).toBeUndefined();
    });
  });

  describe("admins", () => {
    const base = async (w: World, name: string) => ({
      username: `${name}-${w.tag}@admins.test`,
      firstName: "Ada",
      lastName: "Min",
      teams: [w.teamA.slug],
      password: await sha512Hex(GOOD_PASSWORD),
    });

    it("root sets it at creation and by an edit; reads and the list answer it; the log has old and new", async () => {
      const w = await buildWorld(server);
      const res = await send("post", "/v2/admin", w.as.root, { ...(await base(w, "lvl")), accessLevel: 7 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.accessLevel).toBe(7);
      expect(await stored("admins", res.body.uid)).toBe("7");
      const up = await send("put", "/v2/admin", w.as.root, { uid: res.body.uid, accessLevel: 2 });
      expect(up.body.accessLevel).toBe(2);
      expect((await lastLog("admin.update", res.body.uid)).details).toEqual({ fields: ["accessLevel"], accessLevel: { from: 7, to: 2 } });
      const read = await server.request().get(`/v2/admin/${res.body.uid}`).set("Authorization", w.as.adminA);
      expect(read.body.accessLevel).toBe(2);
      const list = await server.request().get(`/v2/admins?search=lvl-${w.tag}`).set("Authorization", w.as.root);
      expect(list.body.items.map((i: { accessLevel: number | null }) => i.accessLevel)).toEqual([2]);
      const cleared = await send("put", "/v2/admin", w.as.root, { uid: res.body.uid, accessLevel: null });
      expect(cleared.body.accessLevel).toBeNull();
      expectError(await send("put", "/v2/admin", w.as.root, { uid: res.body.uid, accessLevel: 10 }), 400, "badParameters");
      expect(await stored("admins", res.body.uid)).toBeNull();
    });

    it("a company admin may not give or change one, not even their own, but may send it back unchanged", async () => {
      const w = await buildWorld(server);
      const peer = await w.admin({ accessLevel: "4" });
      expectError(await send("post", "/v2/admin", w.as.adminA, { ...(await base(w, "raised")), accessLevel: 3 }), 403, "forbidden");
      expect(
        await db().selectFrom("admins").select("id").where("username", "=", `raised-${w.tag}@admins.test`).executeTakeFirst(),
      ).toBeUndefined();
      const noLevel = await send("post", "/v2/admin", w.as.adminA, { ...(await base(w, "nolevel")), accessLevel: null });
      expect(noLevel.status, JSON.stringify(noLevel.body)).toBe(200);
      expectError(await send("put", "/v2/admin", w.as.adminA, { uid: peer.uid, accessLevel: 9, firstName: "Changed" }), 403, "forbidden");
      expectError(await send("put", "/v2/admin", w.as.adminA, { uid: w.adminA.uid, accessLevel: 9 }), 403, "forbidden");
      expect(await adminRow(server, peer.id)).toMatchObject({ accessLevel: "4", firstName: peer.firstName });
      const same = await send("put", "/v2/admin", w.as.adminA, { uid: peer.uid, accessLevel: 4, firstName: "Kept" });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body).toMatchObject({ accessLevel: 4, firstName: "Kept" });
      expect((await lastLog("admin.update", peer.uid)).details).toEqual({ fields: ["firstName"] });
    });
  });

  it("the service reads an edited level at the user's next device sign-in", async () => {
    const w = await buildWorld(server);
    const user = await buildUser(db(), { team: w.teamA });
    const minted = await server
      .request()
      .post("/v2/service-tokens")
      .set("Authorization", w.as.root)
      .send({ name: `svc ${w.tag}` });
    expect(minted.status).toBe(200);
    const signIn = () =>
      server
        .request()
        .post("/v2/service/devices")
        .set("Authorization", `Bearer ${minted.body.token as string}`)
        .send({ user: user.username, device: { token: `t-${w.tag}`, platform: 1 } });
    expect((await signIn()).body).toMatchObject({ accessLevel: null });
    await send("put", "/v2/user", w.as.adminA, { uid: user.uid, accessLevel: 8 });
    expect((await signIn()).body).toMatchObject({ accessLevel: 8 });
  });
});
