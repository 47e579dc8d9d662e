import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { buildTeam, givePassword, GOOD_PASSWORD, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { adminRow, bearerOf, buildWorld, expectError, logOf } from "./admins.helpers";

describe.each(testDialects())("administrators API on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });
  const api = () => server.request();
  const countAdmins = async () =>
    Number(
      (
        await server.database.db
          .selectFrom("admins")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("POST /v2/admin", () => {
    it("creates an active admin with a password, on every chosen team, and logs it per team", async () => {
      const w = await buildWorld(server);
      const hex = await sha512Hex(GOOD_PASSWORD);
      const res = await api()
        .post("/v2/admin")
        .set("Authorization", w.as.root)
        .send({
          username: ` New.Admin-${w.tag}@Example.TEST `.trim(),
          firstName: " Nia ",
          lastName: "Okafor",
          teams: [w.teamB.slug, w.teamA.slug],
          password: hex,
        });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        username: `new.admin-${w.tag}@example.test`,
        firstName: "Nia",
        lastName: "Okafor",
        role: "admin",
        status: "active",
        lang: "en",
        timezone: "UTC",
        failedAttempts: 0,
        lockedUntil: null,
        lastSeen: null,
        teams: [
          { slug: w.teamA.slug, teamName: w.teamA.teamName },
          { slug: w.teamB.slug, teamName: w.teamB.teamName },
        ],
      });
      const signin = await api()
        .post("/v2/public/auth")
        .send({ username: `new.admin-${w.tag}@example.test`, password: hex });
      expect(signin.status).toBe(200);
      const log = await logOf(server, res.body.uid as string);
      expect(
        log
          .filter((l) => l.action === "admin.create")
          .map((l) => l.teamId)
          .sort(),
      ).toEqual([w.teamA.id, w.teamB.id].sort());
    });

    it("lets only root create a root, who gets no teams", async () => {
      const w = await buildWorld(server);
      const body = {
        username: `boss-${w.tag}`,
        firstName: "Big",
        lastName: "Boss",
        teams: [],
        root: true,
        password: await sha512Hex(GOOD_PASSWORD),
      };
      expectError(await api().post("/v2/admin").set("Authorization", w.as.adminA).send(body), 403, "forbidden");
      expectError(
        await api()
          .post("/v2/admin")
          .set("Authorization", w.as.root)
          .send({ ...body, teams: [w.teamA.slug] }),
        400,
        "badParameters",
      );
      const ok = await api().post("/v2/admin").set("Authorization", w.as.root).send(body);
      expect(ok.body).toMatchObject({ role: "root", status: "active", teams: [] });
      expect((await logOf(server, ok.body.uid as string)).map((l) => [l.action, l.teamId])).toEqual([["admin.create", null]]);
    });

    it("lets an admin create admins only on teams they manage; unknown and unmanaged teams are 403 (404 for root), taken usernames 409", async () => {
      const w = await buildWorld(server);
      const base = { firstName: "Ola", lastName: "Nordmann", password: await sha512Hex(GOOD_PASSWORD) };
      const before = await countAdmins();
      expectError(
        await api()
          .post("/v2/admin")
          .set("Authorization", w.as.adminA)
          .send({ ...base, username: `x-${w.tag}`, teams: [w.teamA.slug, w.teamB.slug] }),
        403,
        "adminCreate403",
      );
      expectError(
        await api()
          .post("/v2/admin")
          .set("Authorization", w.as.adminA)
          .send({ ...base, username: `x-${w.tag}`, teams: [`nope-${w.tag}`] }),
        403,
        "adminCreate403",
      );
      expectError(
        await api()
          .post("/v2/admin")
          .set("Authorization", w.as.root)
          .send({ ...base, username: `x-${w.tag}`, teams: [`nope-${w.tag}`] }),
        404,
        "adminCreate404",
      );
      expectError(
        await api()
          .post("/v2/admin")
          .set("Authorization", w.as.root)
          .send({ ...base, username: w.adminB.username.toUpperCase(), teams: [w.teamA.slug] }),
        409,
        "adminCreate409",
      );
      const invalid = await api()
        .post("/v2/admin")
        .set("Authorization", w.as.root)
        .send({ ...base, username: "bad name!", teams: [], password: "plain" });
      expectError(invalid, 400, "badParameters");
      expect((invalid.body.error.details as { path: string[] }[]).map((d) => d.path[0]).sort()).toEqual(["password", "teams", "username"]);
      expect(await countAdmins()).toBe(before);
      const ok = await api()
        .post("/v2/admin")
        .set("Authorization", w.as.adminA)
        .send({ ...base, username: `x-${w.tag}`, teams: [w.teamA.slug], lang: "pt", timezone: "Europe/Lisbon" });
      expect(ok.body).toMatchObject({ username: `x-${w.tag}`, lang: "pt", timezone: "Europe/Lisbon", teams: [{ slug: w.teamA.slug }] });
    });
  });

  describe("GET /v2/admin/:uid", () => {
    it("shows an admin in scope with every profile field and hides the rest behind 404", async () => {
      const w = await buildWorld(server);
      const both = await w.admin({ teams: [w.teamA, w.teamB], failedAttempts: 2, lastSeenAt: 1_700_000_000_000 });
      const rootView = await api().get(`/v2/admin/${both.uid}`).set("Authorization", w.as.root);
      expect(rootView.body).toEqual({
        uid: both.uid,
        username: both.username,
        firstName: both.firstName,
        lastName: both.lastName,
        role: "admin",
        status: "active",
        lang: "en",
        timezone: "UTC",
        failedAttempts: 2,
        lockedUntil: null,
        accessLevel: null,
        createdOn: new Date(both.createdAt).toISOString(),
        lastSeen: "2023-11-14T22:13:20.000Z",
        teams: [
          { slug: w.teamA.slug, teamName: w.teamA.teamName },
          { slug: w.teamB.slug, teamName: w.teamB.teamName },
        ],
      });
      // An admin of team A sees the shared admin with team A only: team B is not theirs to know.
      const aView = await api().get(`/v2/admin/${both.uid}`).set("Authorization", w.as.adminA);
      expect(aView.body.teams).toEqual([{ slug: w.teamA.slug, teamName: w.teamA.teamName }]);
      expect((await api().get(`/v2/admin/${w.adminA.uid}`).set("Authorization", w.as.adminA)).status).toBe(200);
      for (const uid of [w.adminB.uid, w.root.uid, "00000000-0000-4000-8000-000000000000", "not-a-uid"]) {
        expectError(await api().get(`/v2/admin/${uid}`).set("Authorization", w.as.adminA), 404, "adminRead404");
      }
    });
  });

  describe("PUT /v2/admin", () => {
    it("edits names, language and time zone in scope, logs it, and changes nothing on bad input", async () => {
      const w = await buildWorld(server);
      const target = await w.admin();
      const bad = await api().put("/v2/admin").set("Authorization", w.as.adminA).send({ uid: target.uid, firstName: "", lang: "fr" });
      expectError(bad, 400, "badParameters");
      expect((await adminRow(server, target.id))?.firstName).toBe(target.firstName);
      const ok = await api()
        .put("/v2/admin")
        .set("Authorization", w.as.adminA)
        .send({ uid: target.uid, firstName: " Zoe ", lang: "es", timezone: "America/Bogota" });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ firstName: "Zoe", lastName: target.lastName, lang: "es", timezone: "America/Bogota" });
      expect((await logOf(server, target.uid)).map((l) => [l.action, l.teamId])).toEqual([["admin.update", w.teamA.id]]);
      for (const uid of [w.adminB.uid, w.root.uid, "00000000-0000-4000-8000-000000000000"]) {
        expectError(await api().put("/v2/admin").set("Authorization", w.as.adminA).send({ uid, firstName: "X" }), 404, "adminEdit404");
      }
      expect(
        (await api().put("/v2/admin").set("Authorization", w.as.root).send({ uid: w.adminB.uid, lastName: "Rossi" })).body.lastName,
      ).toBe("Rossi");
    });
  });

  describe("PUT /v2/admin/block and /activate", () => {
    it("blocks at once: every token and session ends, and sign-in is refused", async () => {
      const w = await buildWorld(server);
      const target = await w.admin();
      const hex = await givePassword(server.database.db, server.config, target);
      const token = await bearerOf(server, target);
      const session = await signIn(server.database.db, server.config, target);
      expect((await api().get("/v2/me").set("Authorization", token)).status).toBe(200);
      expect((await api().put("/v2/admin/block").set("Authorization", w.as.adminA).send({ uid: target.uid })).body).toEqual({ ok: true });
      expect((await api().get("/v2/me").set("Authorization", token)).status).toBe(401);
      expect((await api().get("/v2/me").set("Cookie", session.header)).status).toBe(401);
      expect((await api().get("/dashboard").set("Cookie", session.header)).status).toBe(302);
      expectError(await api().post("/v2/public/auth").send({ username: target.username, password: hex }), 403, "signin403");
      expect((await adminRow(server, target.id))?.status).toBe("blocked");
      expect((await logOf(server, target.uid)).map((l) => [l.action, l.teamId, l.actorUsername])).toEqual([
        ["admin.block", w.teamA.id, w.adminA.username],
      ]);
    });

    it("refuses to block a root (non-root caller), oneself, and admins out of scope", async () => {
      const w = await buildWorld(server);
      // Issue #32: a root's uid answers as an unknown one.
      expectError(await api().put("/v2/admin/block").set("Authorization", w.as.adminA).send({ uid: w.root.uid }), 404, "adminBlock404");
      expectError(await api().put("/v2/admin/block").set("Authorization", w.as.adminA).send({ uid: w.adminA.uid }), 403, "adminBlock403");
      expectError(await api().put("/v2/admin/block").set("Authorization", w.as.root).send({ uid: w.root.uid }), 403, "adminBlock403");
      expectError(await api().put("/v2/admin/block").set("Authorization", w.as.adminA).send({ uid: w.adminB.uid }), 404, "adminBlock404");
      expectError(
        await api().put("/v2/admin/block").set("Authorization", w.as.adminA).send({ uid: "00000000-0000-4000-8000-000000000000" }),
        404,
        "adminBlock404",
      );
      expectError(
        await api()
          .put("/v2/admin/block")
          .set("Authorization", w.as.adminA)
          .send({ uids: [w.adminB.uid] }),
        400,
        "badParameters",
      );
      expect((await adminRow(server, w.adminB.id))?.status).toBe("active");
    });

    it("activates a blocked or locked admin, clearing failures and the lock", async () => {
      const w = await buildWorld(server);
      const locked = await w.admin({ failedAttempts: 5, lockedUntil: Date.now() + 600_000 });
      const hex = await givePassword(server.database.db, server.config, locked);
      await server.database.db
        .updateTable("admins")
        .set({ failedAttempts: 5, lockedUntil: Date.now() + 600_000, status: "blocked" })
        .where("id", "=", locked.id)
        .execute();
      expectError(await api().post("/v2/public/auth").send({ username: locked.username, password: hex }), 403, "signin403");
      expect((await api().put("/v2/admin/activate").set("Authorization", w.as.adminA).send({ uid: locked.uid })).body).toEqual({
        ok: true,
      });
      expect(await adminRow(server, locked.id)).toMatchObject({ status: "active", failedAttempts: 0, lockedUntil: null });
      expect((await api().post("/v2/public/auth").send({ username: locked.username, password: hex })).status).toBe(200);
      expect((await logOf(server, locked.uid)).filter((l) => l.action === "admin.activate").map((l) => l.teamId)).toEqual([w.teamA.id]);
    });

    it("refuses to activate a root (non-root caller), admins out of scope, and admins without a password", async () => {
      const w = await buildWorld(server);
      const invited = await w.admin({ status: "invited" });
      expectError(
        await api().put("/v2/admin/activate").set("Authorization", w.as.adminA).send({ uid: w.root.uid }),
        404,
        "adminActivate404",
      );
      expectError(
        await api().put("/v2/admin/activate").set("Authorization", w.as.adminA).send({ uid: w.adminB.uid }),
        404,
        "adminActivate404",
      );
      expectError(
        await api().put("/v2/admin/activate").set("Authorization", w.as.root).send({ uid: invited.uid }),
        422,
        "adminActivate422",
      );
      expect((await adminRow(server, invited.id))?.status).toBe("invited");
    });
  });

  describe("DELETE /v2/admin", () => {
    it("deletes an admin in scope: gone, sessions ended, logged per team", async () => {
      const w = await buildWorld(server);
      const target = await w.admin();
      const session = await signIn(server.database.db, server.config, target);
      expect((await api().delete("/v2/admin").set("Authorization", w.as.adminA).send({ uid: target.uid })).body).toEqual({ ok: true });
      expect(await adminRow(server, target.id)).toBeUndefined();
      expect((await api().get("/v2/me").set("Cookie", session.header)).status).toBe(401);
      expect((await logOf(server, target.uid)).map((l) => [l.action, l.teamId])).toEqual([["admin.delete", w.teamA.id]]);
    });

    it("answers 409 for one's own account, 403 for a root, 404 out of scope, and keeps every team managed", async () => {
      const w = await buildWorld(server);
      expectError(await api().delete("/v2/admin").set("Authorization", w.as.adminA).send({ uid: w.adminA.uid }), 409, "adminDelete409");
      expectError(await api().delete("/v2/admin").set("Authorization", w.as.root).send({ uid: w.root.uid }), 409, "adminDelete409");
      expectError(await api().delete("/v2/admin").set("Authorization", w.as.adminA).send({ uid: w.root.uid }), 404, "adminDelete404");
      expectError(await api().delete("/v2/admin").set("Authorization", w.as.adminA).send({ uid: w.adminB.uid }), 404, "adminDelete404");
      // adminB is team B's only administrator.
      expectError(await api().delete("/v2/admin").set("Authorization", w.as.root).send({ uid: w.adminB.uid }), 400, "companyNotManaged");
      expect(await adminRow(server, w.adminB.id)).toBeDefined();
      const otherRoot = await w.admin({ role: "root", teams: [] });
      expect((await api().delete("/v2/admin").set("Authorization", w.as.root).send({ uid: otherRoot.uid })).status).toBe(200);
    });
  });

  describe("PUT /v2/admin/teams", () => {
    it("replaces teams within the caller's scope and keeps the target's other teams", async () => {
      const w = await buildWorld(server);
      const teamC = await buildTeam(server.database.db, { teamName: `Charlie ${w.tag}` });
      const lead = await w.admin({ teams: [w.teamA, teamC] });
      const leadToken = await bearerOf(server, lead);
      const target = await w.admin({ teams: [w.teamA, w.teamB] });
      await w.admin({ teams: [teamC] });
      const res = await api()
        .put("/v2/admin/teams")
        .set("Authorization", leadToken)
        .send({ uid: target.uid, teams: [teamC.slug] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The caller sees only teams in their scope; team B (outside it) is kept untouched.
      expect(res.body.teams).toEqual([{ slug: teamC.slug, teamName: teamC.teamName }]);
      const kept = await server.database.db.selectFrom("adminTeams").select("teamId").where("adminId", "=", target.id).execute();
      expect(kept.map((r) => r.teamId).sort()).toEqual([w.teamB.id, teamC.id].sort());
      const log = await logOf(server, target.uid);
      expect(log.map((l) => [l.action, l.teamId]).sort()).toEqual(
        [
          ["admin.teams", w.teamA.id],
          ["admin.teams", teamC.id],
        ].sort(),
      );
      // Naming a team outside the caller's scope, even one the target already has, is answered
      // as an unknown team would be (403; else the answer would reveal the membership); nothing changes.
      const again = await api()
        .put("/v2/admin/teams")
        .set("Authorization", leadToken)
        .send({ uid: target.uid, teams: [teamC.slug, w.teamB.slug, w.teamA.slug] });
      expectError(again, 403, "adminTeams403");
      const after = await server.database.db.selectFrom("adminTeams").select("teamId").where("adminId", "=", target.id).execute();
      expect(after.map((r) => r.teamId).sort()).toEqual([w.teamB.id, teamC.id].sort());
    });

    it("refuses teams outside the scope, unknown teams, roots, empty sets and unmanaged teams", async () => {
      const w = await buildWorld(server);
      const target = await w.admin();
      const put = (token: string, body: object) => api().put("/v2/admin/teams").set("Authorization", token).send(body);
      expectError(await put(w.as.adminA, { uid: target.uid, teams: [w.teamA.slug, w.teamB.slug] }), 403, "adminTeams403");
      expectError(await put(w.as.adminA, { uid: target.uid, teams: [`nope-${w.tag}`] }), 403, "adminTeams403");
      expectError(await put(w.as.root, { uid: target.uid, teams: [`nope-${w.tag}`] }), 400, "adminTeams400");
      expectError(await put(w.as.root, { uid: w.root.uid, teams: [w.teamA.slug] }), 409, "adminTeams409");
      expectError(await put(w.as.adminA, { uid: w.root.uid, teams: [w.teamA.slug] }), 404, "adminTeams404");
      expectError(await put(w.as.adminA, { uid: w.adminB.uid, teams: [w.teamA.slug] }), 404, "adminTeams404");
      expectError(await put(w.as.root, { uid: target.uid, teams: [] }), 400, "badParameters");
      expectError(await put(w.as.root, { uid: w.adminB.uid, teams: [w.teamA.slug] }), 400, "companyNotManaged");
      const unchanged = await server.database.db
        .selectFrom("adminTeams")
        .select("teamId")
        .where("adminId", "in", [target.id, w.adminB.id])
        .execute();
      expect(unchanged.map((r) => r.teamId).sort()).toEqual([w.teamA.id, w.teamB.id].sort());
      const moved = await put(w.as.root, { uid: target.uid, teams: [w.teamB.slug] });
      expect(moved.body.teams).toEqual([{ slug: w.teamB.slug, teamName: w.teamB.teamName }]);
    });
  });
});
