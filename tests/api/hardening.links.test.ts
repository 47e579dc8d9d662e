/**
 * Issue #32 items 5 and 6. An end user's open reset and registration links end when the user is
 * blocked, moved or deleted (as an admin's do), and a company admin cannot tell a root's uid from
 * an unknown one on block, activate and delete: both answer the call's 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { issueToken } from "../../server/services/identity/oneTimeTokens";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, GOOD_PASSWORD } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("links and hidden roots on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let service: string;
  let admin: string;
  let rootRow: Row<"admins">;
  let team: Row<"teams">;
  let target: Row<"teams">;
  let password: string;
  const db = () => server.database.db;
  const redeem = (token: string) =>
    server.request().post("/v2/service/users/password").set("Authorization", service).send({ token, password });
  const bulk = (action: string, uids: string[], extra: object = {}) =>
    action === "delete"
      ? server.request().delete("/v2/users").set("Authorization", root).send({ uids })
      : server
          .request()
          .put(`/v2/users/${action}`)
          .set("Authorization", root)
          .send({ uids, ...extra });
  const links = async (user: Row<"users">) => ({
    reset: await issueToken(db(), "user", user.id, "reset", 60),
    register: await issueToken(db(), "user", user.id, "register", 60),
  });

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    rootRow = await buildAdmin(db(), { role: "root" });
    root = await bearerFor(server.config, rootRow);
    team = await buildTeam(db());
    target = await buildTeam(db());
    await buildPack(db(), { team, licenseCount: 50 });
    await buildPack(db(), { team: target, licenseCount: 50 });
    admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
    const created = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "portal" });
    service = `Bearer ${created.body.token as string}`;
    password = await sha512Hex(GOOD_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("blocking a user withdraws their reset and registration links: the service cannot redeem them", async () => {
    const user = await buildUser(db(), { team });
    const open = await links(user);
    expect((await bulk("block", [user.uid])).status).toBe(200);
    for (const token of [open.reset, open.register]) expect((await redeem(token)).body.error?.code).toBe("userPassword404");
    const row = await db().selectFrom("users").select(["status", "passwordHash"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "blocked", passwordHash: user.passwordHash });
    // Activated again, the old links stay withdrawn; a new one works.
    expect((await bulk("activate", [user.uid])).status).toBe(200);
    expect((await redeem(open.reset)).status).toBe(404);
    expect((await redeem(await issueToken(db(), "user", user.id, "reset", 60))).status).toBe(200);
  });

  it("a blocked user's link issued afterwards is refused too, and nothing changes", async () => {
    const user = await buildUser(db(), { team, status: "blocked" });
    const token = await issueToken(db(), "user", user.id, "reset", 60);
    expect((await redeem(token)).body.error?.code).toBe("userPassword404");
    const row = await db().selectFrom("users").select("passwordHash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.passwordHash).toBe(user.passwordHash);
  });

  it("moving or deleting a user withdraws their links", async () => {
    const moved = await buildUser(db(), { team });
    const gone = await buildUser(db(), { team });
    const [movedLinks, goneLinks] = [await links(moved), await links(gone)];
    expect((await bulk("move", [moved.uid], { team: target.slug })).body).toEqual({ ok: [moved.uid], failed: [] });
    expect((await bulk("delete", [gone.uid])).body).toEqual({ ok: [gone.uid], failed: [] });
    for (const token of [...Object.values(movedLinks), ...Object.values(goneLinks)]) expect((await redeem(token)).status).toBe(404);
  });

  it("a root's uid answers exactly as an unknown uid on block, activate and delete by a company admin", async () => {
    const answer = async (method: "put" | "delete", path: string, uid: string) => {
      const res = await server.request()[method](path).set("Authorization", admin).send({ uid });
      const { requestId: _id, ...error } = res.body.error ?? {};
      return { status: res.status, error };
    };
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const [method, path] of [
      ["put", "/v2/admin/block"],
      ["put", "/v2/admin/activate"],
      ["delete", "/v2/admin"],
    ] as const) {
      const hidden = await answer(method, path, rootRow.uid);
      expect(hidden.status, path).toBe(404);
      expect(hidden).toEqual(await answer(method, path, unknown));
    }
    const still = await db().selectFrom("admins").select("status").where("id", "=", rootRow.id).executeTakeFirstOrThrow();
    expect(still.status).toBe("active");
  });
});
