/**
 * Sudo mode (issue #29 item 5): the most dangerous calls answer 403 `reauthRequired` when the
 * caller's last verification is older than the window (or lacked the factor they have), and
 * POST /v2/me/reauth opens it again — for a cookie session in place, for a sign-in JWT with a new
 * token. Access tokens cannot re-authenticate: they make these calls only with `full`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REAUTH_WINDOW_MINUTES, SUDO_BULK_THRESHOLD } from "../../server/services/mfa";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, buildUser, givePassword, setSettings, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { codeAt, enrolDirectly } from "./mfa.support";

const STALE = () => Date.now() - (REAUTH_WINDOW_MINUTES + 1) * 60_000;

describe.each(testDialects())("sudo mode on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await setSettings(server.database.db, "security", {});
    await server.close();
  });
  const db = () => server.database.db;
  const send = (method: "post" | "put" | "delete", url: string, auth: string, body: object, extra: Record<string, string> = {}) =>
    server.request()[method](url).set("Authorization", auth).set(extra).send(body);

  it("a stale session is asked to re-authenticate; a wrong password is refused; the right one opens the window and the retry (same Idempotency-Key) runs", async () => {
    const root = await buildAdmin(db(), { role: "root" });
    const password = await givePassword(db(), server.config, root);
    const team = await buildTeam(db());
    const session = await signIn(db(), server.config, root, { at: STALE() });
    const deleteTeam = (body: object) =>
      server
        .request()
        .delete("/v2/team")
        .set("Cookie", session.header)
        .set("X-CSRF-Token", session.csrfToken)
        .set("Idempotency-Key", "sudo-retry-key-0001")
        .send(body);
    const refused = await deleteTeam({ slug: team.slug });
    expect([refused.status, refused.body.error.code]).toEqual([403, "reauthRequired"]);
    expect(refused.body.error.details).toEqual({ methods: ["password"] });
    expect(await db().selectFrom("teams").select("id").where("id", "=", team.id).executeTakeFirst()).toBeDefined();

    const reauth = (body: object) =>
      server.request().post("/v2/me/reauth").set("Cookie", session.header).set("X-CSRF-Token", session.csrfToken).send(body);
    const wrong = await reauth({ password: "0".repeat(128) });
    expect([wrong.status, wrong.body.error.code]).toEqual([403, "reauth403"]);
    const ok = await reauth({ password });
    expect([ok.status, ok.body]).toEqual([200, { ok: true }]);
    const retried = await deleteTeam({ slug: team.slug });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(await db().selectFrom("teams").select("id").where("id", "=", team.id).executeTakeFirst()).toBeUndefined();
    const log = await db()
      .selectFrom("accessLog")
      .select(["action", "outcome"])
      .where("action", "=", "admin.reauth")
      .where("actorAdminId", "=", root.id)
      .execute();
    expect(log.map((row) => row.outcome).sort()).toEqual(["failure", "success"]);
  });

  it("a sign-in JWT of an admin with a factor needs the password and a code; the new token opens the security settings", async () => {
    const root = await buildAdmin(db(), { role: "root" });
    const password = await givePassword(db(), server.config, root);
    const { secret } = await enrolDirectly(db(), server.config, root);
    const row = await db().selectFrom("admins").selectAll().where("id", "=", root.id).executeTakeFirstOrThrow();
    // Verified recently, but with the password only (the factor was set up later): not enough.
    const bearer = await bearerFor(server.config, row, row.tokenVersion, { factor: false });
    const refused = await send("put", "/v2/settings/security", bearer, { mfaGraceDays: 5 });
    expect([refused.status, refused.body.error.code]).toEqual([403, "reauthRequired"]);
    expect(refused.body.error.details).toEqual({ methods: ["password", "totp", "recovery"] });
    const noCode = await send("post", "/v2/me/reauth", bearer, { password });
    expect([noCode.status, noCode.body.error.code]).toEqual([403, "reauth403"]);
    const ok = await send("post", "/v2/me/reauth", bearer, { password, code: codeAt(secret, 0) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(typeof ok.body.token).toBe("string");
    expect((await send("put", "/v2/settings/security", `Bearer ${ok.body.token as string}`, { mfaGraceDays: 5 })).status).toBe(200);
    // An old token (no auth_time, signed before sudo mode) counts as never verified.
    expect(
      (await send("put", "/v2/settings/security", await bearerFor(server.config, row, row.tokenVersion, { at: null }), {})).status,
    ).toBe(403);
    await setSettings(db(), "security", {});
  });

  it("each dangerous call asks; a small bulk delete does not, a large or filtered one does", async () => {
    const root = await buildAdmin(db(), { role: "root" });
    const stale = await bearerFor(server.config, root, root.tokenVersion, { at: STALE() });
    const target = await buildAdmin(db(), {});
    const user = await buildUser(db());
    const calls: [method: "post" | "put" | "delete", url: string, body: object][] = [
      ["delete", "/v2/team", { slug: (await buildTeam(db())).slug }],
      ["post", "/v2/admin", { username: "sudo-new@example.test", firstName: "A", lastName: "B", teams: [], root: true, invite: true }],
      ["delete", "/v2/admin", { uid: target.uid }],
      ["post", "/v2/admin/mfa/reset", { uid: target.uid }],
      ["delete", "/v2/me/mfa/totp", { code: "123456" }],
      ["post", "/v2/tokens", { name: "sudo", permissions: ["read"] }],
      ["put", "/v2/settings/security", {}],
      ["delete", "/v2/users", { filter: {} }],
      ["delete", "/v2/users", { uids: Array.from({ length: SUDO_BULK_THRESHOLD + 1 }, () => crypto.randomUUID()) }],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(method, url, stale, body);
      expect([method, url, res.status, res.body.error?.code]).toEqual([method, url, 403, "reauthRequired"]);
    }
    const small = await send("delete", "/v2/users", stale, { uids: [user.uid] });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
  });

  it("access tokens cannot re-authenticate: a full token makes a sudo call, a narrower one is refused; tokens come only from a verified session", async () => {
    const root = await buildAdmin(db(), { role: "root" });
    const fresh = await bearerFor(server.config, root);
    const tokenOf = async (permissions: string[]) => {
      const res = await send("post", "/v2/tokens", fresh, { name: `sudo-${permissions.join("-")}`, permissions });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return `Bearer ${res.body.secret as string}`;
    };
    const full = await tokenOf(["full"]);
    const users = await tokenOf(["users"]);
    const narrow = await send("delete", "/v2/users", users, { filter: { search: "nobody-matches-this" } });
    expect([narrow.status, narrow.body.error.code]).toEqual([403, "tokenPermission"]);
    expect((await send("delete", "/v2/users", full, { filter: { search: "nobody-matches-this" } })).status).toBe(200);
    expect((await send("post", "/v2/me/reauth", full, { password: "0".repeat(128) })).body.error.code).toBe("tokenNotAllowed");
    // In a grace period of a requiring policy, an admin without a factor gets no token.
    await setSettings(db(), "security", { mfaRequiredForAllAdmins: true, mfaGraceDays: 7 });
    const admin = await buildAdmin(db(), {});
    const refused = await send("post", "/v2/tokens", await bearerFor(server.config, admin), { name: "grace", permissions: ["read"] });
    expect([refused.status, refused.body.error.code]).toEqual([403, "tokenCreate403"]);
    await setSettings(db(), "security", {});
  });
});
