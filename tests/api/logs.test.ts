import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAccess } from "../../server/services/accessLog";
import { testDialects } from "../support/db";
import { buildAdmin, buildTeam, givePassword } from "../support/factories";
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
    const res = await server.request().post("/v2/public/auth").set("User-Agent", "logs-test").send({ username: admin.username, password: hex });
    return `Bearer ${res.body.token as string}`;
  }

  it("shows root every entry and an admin only their teams' entries and their own actions", async () => {
    const db = server.database.db;
    const teamA = await buildTeam(db);
    const teamB = await buildTeam(db);
    const root = await buildAdmin(db, { role: "root", username: "logroot@example.test" });
    const adminA = await buildAdmin(db, { username: "loga@example.test", teams: [teamA] });
    const origin = { ip: "10.0.0.1", userAgent: "agent" };
    await recordAccess(db, { actor: null, ...origin }, { action: "team.update", target: { type: "team", id: "marker-a" }, teamId: teamA.id });
    await recordAccess(db, { actor: null, ...origin }, { action: "team.update", target: { type: "team", id: "marker-b" }, teamId: teamB.id });
    const rootToken = await tokenFor(root);
    const adminToken = await tokenFor(adminA);

    const all = await server.request().get("/v2/logs?search=marker-").set("Authorization", rootToken);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.items.map((i: { target: { id: string } }) => i.target.id).sort()).toEqual(["marker-a", "marker-b"]);

    const mine = await server.request().get("/v2/logs?search=marker-").set("Authorization", adminToken);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({ action: "team.update", outcome: "success", target: { type: "team", id: "marker-a" }, team: teamA.slug, ip: "10.0.0.1" });

    const own = await server.request().get("/v2/logs?action=admin.signin").set("Authorization", adminToken);
    expect(own.body.items.length).toBeGreaterThanOrEqual(1);
    expect(own.body.items.every((i: { actor: { username: string } }) => i.actor.username === "loga@example.test")).toBe(true);
  });

  it("pages newest first with a keyset cursor, without gaps or repeats", async () => {
    const db = server.database.db;
    const root = await buildAdmin(db, { role: "root" });
    const token = await tokenFor(root);
    for (let i = 0; i < 7; i++) await recordAccess(db, { actor: null, ip: null, userAgent: null }, { action: "team.create", target: { type: "team", id: `paged-${i}` } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await server.request().get(`/v2/logs?search=paged-&limit=3${cursor ? `&cursor=${cursor}` : ""}`).set("Authorization", token);
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
