/**
 * Issue #32 item 8a: a company admin may block, activate or delete another admin only when they
 * manage every company that admin manages (the account acts on all of them); otherwise the call's
 * 403 and nothing changes. Root may; an admin of both companies may.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { getTestServer, type TestServer } from "../support/server";
import { adminRow, bearerOf, buildWorld, expectError, logOf } from "./admins.helpers";

describe.each(testDialects())("admins reaching other companies on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });
  const api = () => server.request();

  it("refuses block, activate and delete of an admin who also manages a company outside the caller's scope", async () => {
    const w = await buildWorld(server);
    const both = await w.admin({ teams: [w.teamA, w.teamB] });
    const blocked = await w.admin({ teams: [w.teamA, w.teamB], status: "blocked", passwordHash: "x" });
    expectError(await api().put("/v2/admin/block").set("Authorization", w.as.adminA).send({ uid: both.uid }), 403, "adminBlock403");
    expectError(
      await api().put("/v2/admin/activate").set("Authorization", w.as.adminA).send({ uid: blocked.uid }),
      403,
      "adminActivate403",
    );
    expectError(await api().delete("/v2/admin").set("Authorization", w.as.adminA).send({ uid: both.uid }), 403, "adminDelete403");
    expect((await adminRow(server, both.id))?.status).toBe("active");
    expect((await adminRow(server, blocked.id))?.status).toBe("blocked");
    expect(await logOf(server, both.uid)).toEqual([]);

    // An admin of both companies reaches them; so does root.
    const lead = await bearerOf(server, await w.admin({ teams: [w.teamA, w.teamB] }));
    expect((await api().put("/v2/admin/block").set("Authorization", lead).send({ uid: both.uid })).body).toEqual({ ok: true });
    expect((await api().put("/v2/admin/activate").set("Authorization", w.as.root).send({ uid: blocked.uid })).body).toEqual({ ok: true });
    expect((await api().delete("/v2/admin").set("Authorization", lead).send({ uid: both.uid })).body).toEqual({ ok: true });
    expect(await adminRow(server, both.id)).toBeUndefined();
  });

  it("still lets a company admin act on an admin of their own company only", async () => {
    const w = await buildWorld(server);
    const colleague = await w.admin({ teams: [w.teamA] });
    expect((await api().put("/v2/admin/block").set("Authorization", w.as.adminA).send({ uid: colleague.uid })).body).toEqual({ ok: true });
    expect((await api().delete("/v2/admin").set("Authorization", w.as.adminA).send({ uid: colleague.uid })).body).toEqual({ ok: true });
  });
});
