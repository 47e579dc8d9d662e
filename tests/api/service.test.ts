import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { serviceTokenHash } from "../../server/services/identity/serviceTokens";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildDevice, buildTeam, buildUser, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("service API on %s", (dialect) => {
  let server: TestServer;
  let root: Row<"admins">;
  let rootAuth: string;
  let adminAuth: string;
  let serviceAuth: string;

  const jwtFor = (admin: Row<"admins">) => bearerFor(server.config, admin);
  const createToken = async (name: string) => {
    const res = await server.request().post("/v2/service-tokens").set("Authorization", rootAuth).send({ name });
    expect(res.status).toBe(200);
    return res.body as { id: number; name: string; token: string };
  };
  const report = (body: object, auth = serviceAuth) => server.request().post("/v2/service/devices").set("Authorization", auth).send(body);

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await buildAdmin(server.database.db, { role: "root" });
    rootAuth = await jwtFor(root);
    adminAuth = await jwtFor(await buildAdmin(server.database.db));
    serviceAuth = `Bearer ${(await createToken("gateway")).token}`;
  });
  afterAll(async () => {
    await server.close();
  });

  describe("service tokens", () => {
    it("lets root create a token shown once and stored only as its SHA-256", async () => {
      const created = await createToken("chat-gateway eu-1");
      expect(created.token).toMatch(/^bws_[A-Za-z0-9_-]{43}$/);
      const row = await server.database.db.selectFrom("serviceTokens").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
      expect(row.tokenHash).toBe(serviceTokenHash(created.token));
      expect(JSON.stringify(row)).not.toContain(created.token);
      const list = await server.request().get("/v2/service-tokens").set("Authorization", rootAuth);
      expect(list.status).toBe(200);
      const item = (list.body as { items: Record<string, unknown>[] }).items.find((i) => i.id === created.id);
      expect(item).toEqual({ id: created.id, name: "chat-gateway eu-1", createdOn: expect.any(String), lastUsed: null, revoked: false });
      expect(JSON.stringify(list.body)).not.toContain(created.token);
      const log = await server.database.db
        .selectFrom("accessLog")
        .selectAll()
        .where("action", "=", "serviceToken.create")
        .where("targetId", "=", String(created.id))
        .executeTakeFirst();
      expect(log?.actorAdminId).toBe(root.id);
    });

    it("refuses admins with 403 and bad bodies with 400", async () => {
      for (const [method, body] of [
        ["get", undefined],
        ["post", { name: "x" }],
        ["delete", { id: 1 }],
      ] as const) {
        const req = server.request()[method]("/v2/service-tokens").set("Authorization", adminAuth);
        const res = body ? await req.send(body) : await req;
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
      expect((await server.request().post("/v2/service-tokens").set("Authorization", rootAuth).send({ name: "  " })).status).toBe(400);
      expect(
        (
          await server
            .request()
            .post("/v2/service-tokens")
            .set("Authorization", rootAuth)
            .send({ name: "x".repeat(101) })
        ).status,
      ).toBe(400);
      expect((await server.request().delete("/v2/service-tokens").set("Authorization", rootAuth).send({ id: 99_999 })).status).toBe(404);
    });

    it("refuses a revoked token, records the revocation once, and notes use at most once a minute", async () => {
      const created = await createToken("short-lived");
      const auth = `Bearer ${created.token}`;
      expect((await server.request().get("/v2/service/wipes").set("Authorization", auth)).status).toBe(200);
      const used = await server.database.db
        .selectFrom("serviceTokens")
        .select("lastUsedAt")
        .where("id", "=", created.id)
        .executeTakeFirstOrThrow();
      expect(used.lastUsedAt).toEqual(expect.any(Number));
      await server.database.db.updateTable("serviceTokens").set({ lastUsedAt: 1000 }).where("id", "=", created.id).execute();
      await server.request().get("/v2/service/wipes").set("Authorization", auth);
      const again = await server.database.db
        .selectFrom("serviceTokens")
        .select("lastUsedAt")
        .where("id", "=", created.id)
        .executeTakeFirstOrThrow();
      expect(again.lastUsedAt).toBeGreaterThan(1000);
      const recent = again.lastUsedAt;
      await server.request().get("/v2/service/wipes").set("Authorization", auth);
      expect(
        (await server.database.db.selectFrom("serviceTokens").select("lastUsedAt").where("id", "=", created.id).executeTakeFirstOrThrow())
          .lastUsedAt,
      ).toBe(recent);

      for (let i = 0; i < 2; i++) {
        const res = await server.request().delete("/v2/service-tokens").set("Authorization", rootAuth).send({ id: created.id });
        expect(res.body).toEqual({ ok: true });
      }
      const refused = await server.request().get("/v2/service/wipes").set("Authorization", auth);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("unauthorized");
      const logs = await server.database.db
        .selectFrom("accessLog")
        .select("id")
        .where("action", "=", "serviceToken.revoke")
        .where("targetId", "=", String(created.id))
        .execute();
      expect(logs).toHaveLength(1);
      const list = await server.request().get("/v2/service-tokens").set("Authorization", rootAuth);
      expect((list.body as { items: { id: number; revoked: boolean }[] }).items.find((i) => i.id === created.id)?.revoked).toBe(true);
    });

    it("keeps admin credentials and service tokens apart", async () => {
      for (const auth of [rootAuth, adminAuth, "Bearer bws_unknown", ""]) {
        const res = await server.request().get("/v2/service/wipes").set("Authorization", auth);
        expect(res.status).toBe(401);
      }
      const browser = await signIn(server.database.db, server.config, root);
      expect((await server.request().get("/v2/service/wipes").set("Cookie", browser.header)).status).toBe(401);
      expect((await server.request().get("/v2/service/wipes").set("Authorization", serviceAuth)).status).toBe(200);
      for (const path of ["/v2/me", "/v2/dashboard", "/v2/service-tokens", "/v2/logs"]) {
        const res = await server.request().get(path).set("Authorization", serviceAuth);
        expect({ path, status: res.status }).toEqual({ path, status: 401 });
      }
    });
  });

  describe("device reports", () => {
    it("creates a device, then updates it on the next report, adding locations and the user's last seen", async () => {
      const user = await buildUser(server.database.db, { username: `Report.${dialect}@example.test`.toLowerCase() });
      const first = await report({
        user: user.username.toUpperCase(),
        device: { token: "tok-1", platform: 2, appVersion: "5.0.0", deviceName: "iPhone 15", osVersion: "17.5", browser: "" },
        location: { city: "Lisbon", country: "PT", geocountry: "Portugal", ip: "85.1.2.3" },
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ device: expect.any(String), wipe: false, accessLevel: null });
      // The service reads the access level an admin set (#31) at the next sign-in.
      await server.database.db.updateTable("users").set({ accessLevel: "6" }).where("id", "=", user.id).execute();

      const second = await report({
        user: user.uid,
        device: { token: "tok-1", platform: 2, appVersion: "5.0.1", osVersion: "18.1" },
        location: { city: "Porto", ip: "85.1.2.4" },
      });
      expect(second.body).toEqual({ device: first.body.device, wipe: false, accessLevel: 6 });

      const db = server.database.db;
      const devices = await db.selectFrom("devices").selectAll().where("userId", "=", user.id).execute();
      expect(devices).toHaveLength(1);
      expect(devices[0]).toMatchObject({
        uid: first.body.device,
        platform: 2,
        appVersion: "5.0.1",
        deviceName: "iPhone 15",
        osVersion: "18.1",
        deviceToken: "tok-1",
      });
      const locations = await db.selectFrom("locations").selectAll().where("deviceId", "=", devices[0]!.id).orderBy("id").execute();
      expect(locations.map((l) => [l.city, l.country, l.ip])).toEqual([
        ["Lisbon", "PT", "85.1.2.3"],
        ["Porto", null, "85.1.2.4"],
      ]);
      const after = await db.selectFrom("users").select(["lastSeenAt", "ipAddress"]).where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(after.ipAddress).toBe("85.1.2.4");
      expect(after.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);

      const other = await report({ user: user.uid, device: { token: "tok-2", platform: 12 } });
      expect(other.body.device).not.toBe(first.body.device);
      expect(await db.selectFrom("devices").select("id").where("userId", "=", user.id).execute()).toHaveLength(2);
      // The users list's device count follows (migration 0007's triggers): two devices, not three reports.
      expect((await db.selectFrom("users").select("deviceCount").where("id", "=", user.id).executeTakeFirstOrThrow()).deviceCount).toBe(2);
    });

    it("refuses a blocked user with 403 and writes nothing; unknown users and bad bodies fail", async () => {
      const blocked = await buildUser(server.database.db, { status: "blocked" });
      const res = await report({ user: blocked.uid, device: { token: "tok-b", platform: 1 }, location: { ip: "85.9.9.9" } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
      expect(await server.database.db.selectFrom("devices").select("id").where("userId", "=", blocked.id).execute()).toEqual([]);
      const row = await server.database.db
        .selectFrom("users")
        .select(["lastSeenAt", "ipAddress"])
        .where("id", "=", blocked.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ lastSeenAt: null, ipAddress: null });

      expect((await report({ user: "nobody@example.test", device: { token: "t", platform: 1 } })).status).toBe(404);
      expect((await report({ user: blocked.uid, device: { token: "t", platform: 3 } })).status).toBe(400);
      expect((await report({ user: blocked.uid, device: { token: "", platform: 1 } })).status).toBe(400);
      expect((await report({ user: blocked.uid, device: { token: "t", platform: 1 }, extra: 1 })).status).toBe(400);
      expect((await report({ user: blocked.uid, device: { token: "t", platform: 1 } }, rootAuth)).status).toBe(401);
    });
  });

  describe("remote wipes", () => {
    it("lists a requested wipe, reports it to the device, and forgets it once acknowledged", async () => {
      const db = server.database.db;
      const team = await buildTeam(db);
      const user = await buildUser(db, { team });
      const device = await buildDevice(db, user, { deviceToken: "wipe-me" });
      const gone = await buildDevice(db, await buildUser(db, { team }), { wipeRequestedAt: Date.now() - 5000 });
      await db.deleteFrom("devices").where("id", "=", gone.id).execute();
      await db
        .updateTable("devices")
        .set({ wipeRequestedAt: Date.now() - 1000, wipeRequestedBy: root.id })
        .where("id", "=", device.id)
        .execute();

      const wipes = async () =>
        ((await server.request().get("/v2/service/wipes").set("Authorization", serviceAuth)).body as { items: { device: string }[] }).items;
      const listed = (await wipes()).filter((w) => w.device === device.uid);
      expect(listed).toEqual([{ user: user.uid, device: device.uid, deviceToken: "wipe-me", requestedAt: expect.stringMatching(/Z$/) }]);
      expect((await wipes()).some((w) => w.device === gone.uid)).toBe(false);
      expect((await report({ user: user.uid, device: { token: "wipe-me", platform: 1 } })).body.wipe).toBe(true);

      for (let i = 0; i < 2; i++) {
        const ack = await server.request().post("/v2/service/wipes/ack").set("Authorization", serviceAuth).send({ device: device.uid });
        expect(ack.status).toBe(200);
        expect(ack.body).toEqual({ ok: true });
      }
      expect((await wipes()).some((w) => w.device === device.uid)).toBe(false);
      const row = await db.selectFrom("devices").select("wipedAt").where("id", "=", device.id).executeTakeFirstOrThrow();
      expect(row.wipedAt).toEqual(expect.any(Number));
      expect((await report({ user: user.uid, device: { token: "wipe-me", platform: 1 } })).body.wipe).toBe(false);
      const logs = await db
        .selectFrom("accessLog")
        .selectAll()
        .where("action", "=", "device.wiped")
        .where("targetId", "=", device.uid)
        .execute();
      expect(logs).toHaveLength(1);
      expect(logs[0]?.teamId).toBe(team.id);

      const notPending = await buildDevice(db, user);
      for (const id of [notPending.uid, "00000000-0000-4000-8000-000000000000"]) {
        const res = await server.request().post("/v2/service/wipes/ack").set("Authorization", serviceAuth).send({ device: id });
        expect(res.status).toBe(404);
      }
      expect((await server.request().post("/v2/service/wipes/ack").set("Authorization", serviceAuth).send({ device: "nope" })).status).toBe(
        400,
      );
    });
  });
});
