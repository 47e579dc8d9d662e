/**
 * The server cannot check the password policy (it receives SHA-512 hex, SPEC §5), so every
 * access-log entry of a call that sets a password records who checked it: a Bulwark client
 * (the console and the CLI send `X-Bulwark-Client`) or nobody, for a direct API call (issue 31).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, buildUser, GOOD_PASSWORD } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("password policy marks on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  const db = () => server.database.db;
  const detailsOf = async (action: string, targetId: string) => {
    const row = await db()
      .selectFrom("accessLog")
      .select("details")
      .where("action", "=", action)
      .where("targetId", "=", targetId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.details ?? "{}") as Record<string, unknown>;
  };

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root", teams: [] }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("marks an administrator created with a password by a direct API call as not checked, and by a Bulwark client as checked", async () => {
    const team = await buildTeam(db());
    const hex = await sha512Hex(GOOD_PASSWORD);
    const create = (username: string, headers: Record<string, string>) =>
      server
        .request()
        .post("/v2/admin")
        .set({ Authorization: root, ...headers })
        .send({ username, firstName: "P", lastName: "Q", teams: [team.slug], password: hex });
    const raw = await create(`raw-${dialect}@policy.test`, {});
    const ours = await create(`cli-${dialect}@policy.test`, { "X-Bulwark-Client": "bulwark/5.0.1" });
    const forged = await create(`odd-${dialect}@policy.test`, { "X-Bulwark-Client": "curl/8" });
    expect([raw.status, ours.status, forged.status]).toEqual([200, 200, 200]);
    expect(await detailsOf("admin.create", raw.body.uid)).toMatchObject({ passwordPolicy: "notChecked" });
    expect(await detailsOf("admin.create", ours.body.uid)).toMatchObject({ passwordPolicy: "checkedByClient" });
    expect(await detailsOf("admin.create", forged.body.uid)).toMatchObject({ passwordPolicy: "notChecked" });
  });

  it("adds no mark to a call of the same route that sets no password", async () => {
    const team = await buildTeam(db());
    const user = await buildUser(db(), { team });
    const res = await server.request().put("/v2/user").set("Authorization", root).send({ uid: user.uid, firstName: "Renamed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await db().selectFrom("accessLog").select("details").where("targetId", "=", user.uid).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.parse(row.details ?? "{}")).not.toHaveProperty("passwordPolicy");
  });
});
