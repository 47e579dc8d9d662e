/**
 * Issue #32 item 7: the API refuses bidi overrides and isolates in names as it refuses control
 * characters (400 badParameters naming the field and `validation.bidiControls`), and nothing is
 * stored; multi-line notes may still hold them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("bidi marks in names on %s", (dialect) => {
  let server: TestServer;
  let rootAuth: string;
  let team: Row<"teams">;

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    rootAuth = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
    team = await buildTeam(server.database.db);
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers 400 for an override or isolate in a first, last or team name and stores nothing", async () => {
    const cases: { method: "put" | "post"; path: string; body: Record<string, unknown>; field: string }[] = [
      {
        method: "put",
        path: "/v2/me",
        body: { firstName: "Ada\u202egpj.exe", lastName: "L", lang: "en", timezone: "UTC" },
        field: "firstName",
      },
      {
        method: "put",
        path: "/v2/me",
        body: { firstName: "Ada", lastName: "\u2066L\u2069", lang: "en", timezone: "UTC" },
        field: "lastName",
      },
      { method: "post", path: "/v2/team", body: { teamName: "Evil\u202dCorp" }, field: "teamName" },
      { method: "put", path: "/v2/team", body: { slug: team.slug, teamName: "\u202bRenamed" }, field: "teamName" },
      {
        method: "post",
        path: "/v2/user",
        body: { username: `bidi.${dialect}@example.test`, firstName: "B\u2067", lastName: "U", team: team.slug },
        field: "firstName",
      },
    ];
    for (const c of cases) {
      const res = await server.request()[c.method](c.path).set("Authorization", rootAuth).send(c.body);
      expectError(res, 400, "badParameters");
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: [c.field], message: "validation.bidiControls" }));
    }
    const db = server.database.db;
    expect((await db.selectFrom("teams").select("teamName").where("id", "=", team.id).executeTakeFirstOrThrow()).teamName).toBe(
      team.teamName,
    );
    expect(await db.selectFrom("teams").select("id").where("teamName", "=", "Evil\u202dCorp").execute()).toEqual([]);
    expect(await db.selectFrom("users").select("id").where("username", "=", `bidi.${dialect}@example.test`).execute()).toEqual([]);

    const notes = await server
      .request()
      .put("/v2/team")
      .set("Authorization", rootAuth)
      .send({ slug: team.slug, notes: "\u2067שלום\u2069 team" });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
  });
});
