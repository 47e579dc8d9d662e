import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAccess } from "../../server/services/accessLog/record";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, buildUser, givePassword } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("access log on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  async function tokenFor(admin: Awaited<ReturnType<typeof buildAdmin>>) {
    const hex = await givePassword(server.database.db, server.config, admin);
    const res = await server
      .request()
      .post("/v2/public/auth")
      .set("User-Agent", "logs-test")
      .send({ username: admin.username, password: hex });
    return `Bearer ${res.body.token as string}`;
  }

  it("shows root every entry and an admin only their teams' entries and their own actions", async () => {
    const db = server.database.db;
    const teamA = await buildTeam(db);
    const teamB = await buildTeam(db);
    const root = await buildAdmin(db, { role: "root", username: "logroot@example.test" });
    const adminA = await buildAdmin(db, { username: "loga@example.test", teams: [teamA] });
    const origin = { ip: "10.0.0.1", userAgent: "agent" };
    await recordAccess(
      db,
      { actor: null, ...origin },
      { action: "team.update", target: { type: "team", id: "marker-a" }, teamId: teamA.id },
    );
    await recordAccess(
      db,
      { actor: null, ...origin },
      { action: "team.update", target: { type: "team", id: "marker-b" }, teamId: teamB.id },
    );
    const rootToken = await tokenFor(root);
    const adminToken = await tokenFor(adminA);

    const all = await server.request().get("/v2/logs?search=marker-").set("Authorization", rootToken);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.items.map((i: { target: { id: string } }) => i.target.id).sort()).toEqual(["marker-a", "marker-b"]);

    const mine = await server.request().get("/v2/logs?search=marker-").set("Authorization", adminToken);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({
      action: "team.update",
      outcome: "success",
      target: { type: "team", id: "marker-a" },
      team: teamA.slug,
      ip: "10.0.0.1",
    });

    const own = await server.request().get("/v2/logs?action=admin.signin").set("Authorization", adminToken);
    expect(own.body.items.length).toBeGreaterThanOrEqual(1);
    expect(own.body.items.every((i: { actor: { username: string } }) => i.actor.username === "loga@example.test")).toBe(true);
  });

  it("pages newest first with a keyset cursor, without gaps or repeats", async () => {
    const db = server.database.db;
    const root = await buildAdmin(db, { role: "root" });
    const token = await tokenFor(root);
    for (let i = 0; i < 7; i++)
      await recordAccess(
        db,
        { actor: null, ip: null, userAgent: null },
        { action: "team.create", target: { type: "team", id: `paged-${i}` } },
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await server
        .request()
        .get(`/v2/logs?search=paged-&limit=3${cursor ? `&cursor=${cursor}` : ""}`)
        .set("Authorization", token);
      expect(res.body.total).toBe(7);
      seen.push(...res.body.items.map((i: { target: { id: string } }) => i.target.id));
      cursor = res.body.nextCursor as string | null;
    } while (cursor);
    expect(seen).toEqual(["paged-6", "paged-5", "paged-4", "paged-3", "paged-2", "paged-1", "paged-0"]);
    expect((await server.request().get("/v2/logs?cursor=garbage").set("Authorization", token)).status).toBe(400);
    expect((await server.request().get("/v2/logs?limit=500").set("Authorization", token)).status).toBe(400);
    expect((await server.request().get("/v2/logs?outcome=maybe").set("Authorization", token)).status).toBe(400);
  });
});

describe.each(testDialects())("access log details on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  it("names the accounts an entry mentions (one query per page), only those the reader may see", async () => {
    const db = server.database.db;
    const mine = await buildTeam(db);
    const theirs = await buildTeam(db);
    const ours = await buildUser(db, { team: mine, firstName: "Ana", lastName: "Lopes", username: `ana.${dialect}@example.test` });
    const other = await buildUser(db, { team: theirs, firstName: "Rui", lastName: "Sousa", username: `rui.${dialect}@example.test` });
    const root = await bearerFor(server.config, await buildAdmin(db, { role: "root" }));
    const reader = await bearerFor(server.config, await buildAdmin(db, { teams: [mine] }));
    const origin = { actor: null, ip: null, userAgent: null };
    const action = `names.${dialect}`;
    await recordAccess(db, origin, {
      action,
      target: { type: "user", id: ours.uid },
      teamId: mine.id,
      details: { uids: [ours.uid, other.uid], moved: { from: other.uid.toUpperCase() } },
    });
    const read = async (auth: string) =>
      (await server.request().get(`/v2/logs?action=${action}`).set("Authorization", auth)).body.items[0].names as Record<string, string>;
    expect(await read(root)).toEqual({
      [ours.uid]: `Ana Lopes (ana.${dialect}@example.test)`,
      [other.uid]: `Rui Sousa (rui.${dialect}@example.test)`,
    });
    // A company admin gets the names of their companies' users only: the other uid stays a uid.
    expect(await read(reader)).toEqual({ [ours.uid]: `Ana Lopes (ana.${dialect}@example.test)` });
  });

  it("shows an admin only the team slugs of their own teams in details; root sees them all", async () => {
    const db = server.database.db;
    const hidden = await buildTeam(db, { slug: `xss-team-${dialect}` });
    const alpha = await buildTeam(db, { slug: `alpha-${dialect}` });
    const beta = await buildTeam(db, { slug: `beta-${dialect}` });
    const root = await buildAdmin(db, { role: "root" });
    const rootAuth = await bearerFor(server.config, root);
    const reader = await bearerFor(server.config, await buildAdmin(db, { teams: [alpha] }));
    await buildAdmin(db, { teams: [hidden] }); // the hidden team keeps an admin when the new one leaves it
    const password = "a".repeat(128);

    const created = await server
      .request()
      .post("/v2/admin")
      .set("Authorization", rootAuth)
      .send({ username: `both.${dialect}@example.test`, firstName: "Both", lastName: "Teams", teams: [hidden.slug, alpha.slug], password });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const uid = created.body.uid as string;
    const moved = await server
      .request()
      .put("/v2/admin/teams")
      .set("Authorization", rootAuth)
      .send({ uid, teams: [alpha.slug, beta.slug] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const detailsOf = async (auth: string, action: string) => {
      const res = await server.request().get(`/v2/logs?action=${action}&search=${uid}`).set("Authorization", auth);
      expect(res.status).toBe(200);
      return (res.body.items as { team: string | null; details: Record<string, unknown> }[]).map((item) => ({
        team: item.team,
        details: item.details,
      }));
    };
    expect(await detailsOf(reader, "admin.create")).toEqual([
      { team: alpha.slug, details: { role: "admin", via: "password", passwordPolicy: "notChecked", teams: [alpha.slug] } },
    ]);
    expect(await detailsOf(reader, "admin.teams")).toEqual([]);
    const rootView = await detailsOf(rootAuth, "admin.create");
    expect(rootView.map((e) => e.details.teams)).toEqual([
      [hidden.slug, alpha.slug],
      [hidden.slug, alpha.slug],
    ]);
    expect((await detailsOf(rootAuth, "admin.teams")).map((e) => e.details)).toEqual([
      { added: [beta.slug], removed: [hidden.slug] },
      { added: [beta.slug], removed: [hidden.slug] },
    ]);

    const betaReader = await bearerFor(server.config, await buildAdmin(db, { teams: [beta] }));
    expect(await detailsOf(betaReader, "admin.teams")).toEqual([{ team: beta.slug, details: { added: [beta.slug], removed: [] } }]);
    expect(
      JSON.stringify(
        await server
          .request()
          .get("/v2/logs")
          .set("Authorization", reader)
          .then((r) => r.body),
      ),
    ).not.toContain(hidden.slug);
  });

  it("drops a single out-of-scope slug from the details of an entry the admin sees", async () => {
    const db = server.database.db;
    const mine = await buildTeam(db);
    const other = await buildTeam(db);
    const reader = await buildAdmin(db, { teams: [mine] });
    await recordAccess(
      db,
      { actor: null, ip: null, userAgent: null },
      { action: "users.move", teamId: mine.id, target: { type: "user", id: "single-slug" }, details: { team: other.slug, ok: 1 } },
    );
    await recordAccess(
      db,
      { actor: null, ip: null, userAgent: null },
      { action: "users.move", teamId: mine.id, target: { type: "user", id: "single-slug" }, details: { team: mine.slug, ok: 2 } },
    );
    const res = await server
      .request()
      .get("/v2/logs?search=single-slug")
      .set("Authorization", await bearerFor(server.config, reader));
    expect(res.body.items.map((item: { details: unknown }) => item.details)).toEqual([{ team: mine.slug, ok: 2 }, { ok: 1 }]);
  });
});
