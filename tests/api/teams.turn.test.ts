/**
 * A company's TURN relay override (issue 27): its password is write-only like the system relay's —
 * never in an answer or a page, kept when an edit leaves it out, required when there is none to
 * keep — and the service still gets it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, pageAs } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const SECRET = "relay-Secret-42";

describe.each(testDialects())("TURN relay override on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let service: string;
  const db = () => server.database.db;
  const putSettings = (body: object) => server.request().put("/v2/team/settings").set("Authorization", root).send(body);

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    const rootAdmin = await buildAdmin(db(), { role: "root", teams: [] });
    root = await bearerFor(server.config, rootAdmin);
    const created = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "relay reader" });
    service = `Bearer ${created.body.token as string}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("never answers or renders the password, keeps it when an edit leaves it out, and serves it to the service", async () => {
    const team = await buildTeam(db());
    const set = await putSettings({
      slug: team.slug,
      customSettings: { calling: { turn: { url: "turn:relay.example.com:3478", username: "acme", password: SECRET } } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.customSettings.calling.turn).toEqual({ url: "turn:relay.example.com:3478", username: "acme", passwordSet: true });
    expect(JSON.stringify(set.body)).not.toContain(SECRET);

    const read = await server.request().get(`/v2/team/${team.slug}`).set("Authorization", root);
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    const page = await pageAs(server, `/teams/profile/${team.slug}`, await buildAdmin(db(), { role: "root", teams: [] }));
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(SECRET);

    const edit = await putSettings({
      slug: team.slug,
      customSettings: { calling: { turn: { url: "turns:relay2.example.com:5349", username: "acme2" } } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const served = await server.request().get(`/v2/service/settings?team=${team.slug}`).set("Authorization", service);
    expect(served.body.settings.calling.turn).toEqual({ url: "turns:relay2.example.com:5349", username: "acme2", password: SECRET });
  });

  it("requires the password when the company has no relay override to keep one from", async () => {
    const team = await buildTeam(db());
    const res = await putSettings({
      slug: team.slug,
      customSettings: { calling: { turn: { url: "turn:relay.example.com:3478", username: "acme" } } },
    });
    expect([res.status, res.body.error.code]).toEqual([400, "teamSettings400"]);
    expect(res.body.error.details[0].path).toEqual(["customSettings", "calling", "turn", "password"]);
    const row = await db().selectFrom("teams").select("customSettings").where("id", "=", team.id).executeTakeFirstOrThrow();
    expect(row.customSettings ?? "{}").not.toContain("relay.example.com");
  });
});
