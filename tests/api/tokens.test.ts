/**
 * Access tokens for automation: the lifecycle of /v2/tokens, its validation and limits, root
 * against a team admin, what a token may call (permissions, session-only calls, companies), and
 * that blocking, deleting, narrowing and revoking take effect on the next call, on another instance too.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, givePassword, nextClientIp, pageAs, setSettings } from "../support/factories";
import { expectError } from "../support/expect";
import { useServerPair } from "../support/lifecycle";

const DAY_MS = 86_400_000;
const SECRET_RE = /^bwk_[A-Za-z0-9_-]{43}$/;

describe.each(testDialects())("access tokens on %s", (dialect) => {
  const { one, two } = useServerPair(dialect, { TRUST_PROXY: "loopback" });
  const db = () => one.database.db;
  let root: Row<"admins">;
  let rootAuth: string;
  let seq = 0;

  beforeAll(async () => {
    root = await buildAdmin(db(), { role: "root" });
    rootAuth = await bearerFor(one.config, root);
  });

  /** Creates a token as `auth` (a sign-in JWT) and answers the response. */
  const create = (auth: string, body: Record<string, unknown>) => one.request().post("/v2/tokens").set("Authorization", auth).send(body);
  /** A fresh token's secret, with the given permissions (and companies), for `auth`. */
  const tokenFor = async (auth: string, permissions: string[], extra: Record<string, unknown> = {}) => {
    const res = await create(auth, { name: `t-${++seq}`, permissions, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { secret: `Bearer ${res.body.secret as string}`, id: res.body.token.id as string, name: res.body.token.name as string };
  };
  /** A sign-in JWT for the admin as the row is now (a password change moves the token version on). */
  const freshBearer = async (admin: Row<"admins">) =>
    bearerFor(one.config, await db().selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow());
  const teamAdmin = async (teams: Row<"teams">[]) => {
    const admin = await buildAdmin(db(), { teams });
    return { admin, auth: await bearerFor(one.config, admin) };
  };

  it("creates a token shown once, stores only its hash, authenticates with it and lists it with its last use", async () => {
    const before = Date.now();
    const res = await create(rootAuth, { name: "  nightly-invites  ", permissions: ["invites", "read"] });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(SECRET_RE);
    expect(res.body.token).toMatchObject({
      name: "nightly-invites",
      permissions: ["invites", "read"],
      teams: null,
      lastUsedAt: null,
      lastUsedFrom: null,
      admin: { uid: root.uid, username: root.username },
    });
    const expiresAt = Date.parse(res.body.token.expiresAt as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS);
    const stored = await db().selectFrom("accessTokens").selectAll().where("uid", "=", res.body.token.id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(
      createHash("sha256")
        .update(res.body.secret as string)
        .digest("hex"),
    );
    expect(JSON.stringify(stored)).not.toContain(res.body.secret);

    const me = await one.request().get("/v2/me").set("Authorization", `Bearer ${res.body.secret}`);
    expect(me.status).toBe(200);
    expect(me.body.uid ?? me.body.admin?.uid).toBe(root.uid);

    const list = await one.request().get("/v2/tokens").set("Authorization", rootAuth);
    expect(list.status).toBe(200);
    const listed = (list.body.items as { id: string; lastUsedAt: string | null; lastUsedFrom: string | null }[]).find(
      (t) => t.id === res.body.token.id,
    );
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(listed?.lastUsedFrom).toMatch(/127\.0\.0\.1|::1/);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
  });

  it("validates the name, permissions, companies and expiry against the root's settings", async () => {
    const bad = [
      { name: "", permissions: ["read"] },
      { name: "x".repeat(65), permissions: ["read"] },
      { name: "a", permissions: [] },
      { name: "a", permissions: ["read", "read"] },
      { name: "a", permissions: ["admin"] },
      { name: "a", permissions: ["read"], expiresInDays: 0 },
      { name: "a", permissions: ["read"], expiresInDays: 367 },
      { name: "a", permissions: ["read"], expiresInDays: null },
      { name: "a", permissions: ["read"], extra: true },
    ];
    for (const body of bad) expectError(await create(rootAuth, body), 400, "tokenCreate400");
    await tokenFor(rootAuth, ["read"], { name: "dup-name" });
    expectError(await create(rootAuth, { name: "dup-name", permissions: ["full"] }), 409, "tokenCreate409");
    expectError(await create(rootAuth, { name: "no-such-co", permissions: ["read"], teams: ["no-such-company"] }), 404, "tokenCreate404");

    await setSettings(db(), "security", { accessTokenMaxDays: 30 });
    try {
      const short = await create(rootAuth, { name: "default-capped", permissions: ["read"] });
      expect(Date.parse(short.body.token.expiresAt as string)).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
      expect(Date.parse(short.body.token.expiresAt as string)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
      expectError(await create(rootAuth, { name: "too-long", permissions: ["read"], expiresInDays: 31 }), 400, "tokenCreate400");
      expect((await create(rootAuth, { name: "thirty", permissions: ["read"], expiresInDays: 30 })).status).toBe(201);
      await setSettings(db(), "security", { accessTokenNoExpiry: true });
      const forever = await create(rootAuth, { name: "forever", permissions: ["read"], expiresInDays: null });
      expect(forever.status).toBe(201);
      expect(forever.body.token.expiresAt).toBeNull();
      expect((await one.request().get("/v2/me").set("Authorization", `Bearer ${forever.body.secret}`)).status).toBe(200);
    } finally {
      await setSettings(db(), "security", {});
    }
  });

  it("lets a team admin limit a token to their own companies only; root may name any", async () => {
    const [a, b, other] = [await buildTeam(db()), await buildTeam(db()), await buildTeam(db())];
    const { auth } = await teamAdmin([a, b]);
    expectError(await create(auth, { name: "outside", permissions: ["read"], teams: [a.slug, other.slug] }), 404, "tokenCreate404");
    const ok = await create(auth, { name: "inside", permissions: ["read"], teams: [b.slug, a.slug] });
    expect(ok.status).toBe(201);
    expect((ok.body.token.teams as { slug: string }[]).map((t) => t.slug)).toEqual([a.slug, b.slug].sort());
    expect((await create(rootAuth, { name: `root-${other.slug}`, permissions: ["read"], teams: [other.slug] })).status).toBe(201);
  });

  it("refuses every token on token management, password, termination and service-token calls", async () => {
    const admin = await buildAdmin(db(), { role: "root" });
    const hex = await givePassword(db(), one.config, admin);
    const { secret } = await tokenFor(await freshBearer(admin), ["full"]);
    const calls = [
      one
        .request()
        .post("/v2/tokens")
        .send({ name: "minted", permissions: ["full"] }),
      one.request().get("/v2/tokens"),
      one.request().delete("/v2/tokens?all=true"),
      one.request().delete(`/v2/tokens/${root.uid}`),
      one.request().put("/v2/me/password").send({ currentPassword: hex, newPassword: hex }),
      one.request().delete("/v2/admin/terminate").send({ password: hex }),
      one.request().get("/v2/service-tokens"),
      one.request().post("/v2/service-tokens").send({ name: "svc" }),
    ];
    for (const call of calls) expectError(await call.set("Authorization", secret), 403, "tokenNotAllowed");
    const row = await db().selectFrom("admins").select(["status"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
  });

  it("lets a read token read only, and a permission open only its own area's writes", async () => {
    const team = await buildTeam(db());
    const { auth } = await teamAdmin([team]);
    const read = await tokenFor(auth, ["read"]);
    const invites = await tokenFor(auth, ["invites"]);
    expect((await one.request().get("/v2/users").set("Authorization", read.secret)).status).toBe(200);
    expect((await one.request().get("/v2/invites").set("Authorization", invites.secret)).status).toBe(200);
    const body = { team: team.slug, type: "email", addresses: ["x@example.test"], lang: "en" };
    expectError(await one.request().post("/v2/invite").set("Authorization", read.secret).send(body), 403, "tokenPermission");
    const userBody = { username: `u${++seq}@example.test`, team: team.slug };
    expectError(await one.request().post("/v2/user").set("Authorization", invites.secret).send(userBody), 403, "tokenPermission");
    const allowed = await one.request().post("/v2/invite").set("Authorization", invites.secret).send(body);
    expect(allowed.status).not.toBe(403);
    expect(allowed.status).not.toBe(401);
  });

  it("answers root and a team admin as the contract says: own tokens, another's for root only", async () => {
    const { admin, auth } = await teamAdmin([await buildTeam(db())]);
    const mine = await tokenFor(auth, ["read"]);
    const rootToken = await tokenFor(rootAuth, ["read"]);
    expectError(await one.request().get(`/v2/tokens?admin=${root.uid}`).set("Authorization", auth), 403, "forbidden");
    expectError(await one.request().delete(`/v2/tokens?admin=${root.uid}&all=true`).set("Authorization", auth), 403, "forbidden");
    expectError(await one.request().delete(`/v2/tokens/${rootToken.id}`).set("Authorization", auth), 404, "tokenRevoke404");
    expectError(await one.request().delete("/v2/tokens/not-a-uid").set("Authorization", auth), 404, "tokenRevoke404");
    expectError(
      await one.request().get("/v2/tokens?admin=00000000-0000-4000-8000-000000000000").set("Authorization", rootAuth),
      404,
      "tokenList404",
    );
    const seen = await one.request().get(`/v2/tokens?admin=${admin.uid}`).set("Authorization", rootAuth);
    expect((seen.body.items as { id: string }[]).map((t) => t.id)).toEqual([mine.id]);
    expect((await one.request().get("/v2/tokens").set("Authorization", auth)).body.items).toHaveLength(1);

    expect((await one.request().delete(`/v2/tokens/${mine.id}`).set("Authorization", rootAuth)).body).toEqual({ ok: true });
    expectError(await one.request().get("/v2/me").set("Authorization", mine.secret), 401, "unauthorized");
    await tokenFor(auth, ["read"]);
    await tokenFor(auth, ["full"]);
    expect((await one.request().delete(`/v2/tokens?admin=${admin.uid}&all=true`).set("Authorization", rootAuth)).body).toEqual({
      revoked: 2,
    });
    await tokenFor(auth, ["read"]);
    // Revoking all is asked for by name: without all=true (or by an empty id, `/v2/tokens/`) nothing is revoked.
    expect((await one.request().delete("/v2/tokens").set("Authorization", auth)).status).toBe(400);
    expect((await one.request().delete("/v2/tokens/").set("Authorization", auth)).status).toBe(400);
    expect((await one.request().delete("/v2/tokens?all=true").set("Authorization", auth)).body).toEqual({ revoked: 1 });
    const actions = await db().selectFrom("accessLog").select("action").where("action", "like", "accessToken.%").execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(new Set(["accessToken.create", "accessToken.revoke", "accessToken.revokeAll"]));
  });

  it("never spends the sign-in lockout budget, however many calls a token makes", async () => {
    const admin = await buildAdmin(db());
    await givePassword(db(), one.config, admin);
    const wrong = await sha512Hex("Wr0ng!Password");
    for (let i = 0; i < 2; i++) {
      const res = await one
        .request()
        .post("/v2/public/auth")
        .set("X-Forwarded-For", nextClientIp())
        .send({ username: admin.username, password: wrong });
      expect(res.status).toBe(401);
    }
    const budget = () =>
      db().selectFrom("admins").select(["failedAttempts", "lockedUntil"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    const before = await budget();
    expect(before.failedAttempts).toBe(2);
    const { secret } = await tokenFor(await freshBearer(admin), ["read"]);
    for (let i = 0; i < 40; i++) expect((await one.request().get("/v2/me").set("Authorization", secret)).status).toBe(200);
    expect(await budget()).toEqual(before);
  });

  it("stops a blocked or deleted admin's tokens on the next call", async () => {
    const blocked = await teamAdmin([await buildTeam(db())]);
    const shared = await buildTeam(db());
    const deleted = await teamAdmin([shared]);
    // A company keeps an administrator: the deleted admin is not its last one.
    await buildAdmin(db(), { teams: [shared] });
    const a = await tokenFor(blocked.auth, ["read"]);
    const b = await tokenFor(deleted.auth, ["read"]);
    expect((await one.request().get("/v2/me").set("Authorization", a.secret)).status).toBe(200);
    expect((await one.request().put("/v2/admin/block").set("Authorization", rootAuth).send({ uid: blocked.admin.uid })).status).toBe(200);
    expectError(await one.request().get("/v2/me").set("Authorization", a.secret), 401, "unauthorized");
    const removed = await one.request().delete("/v2/admin").set("Authorization", rootAuth).send({ uid: deleted.admin.uid });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expectError(await one.request().get("/v2/me").set("Authorization", b.secret), 401, "unauthorized");
    expect(await db().selectFrom("accessTokens").select("id").where("uid", "=", b.id).execute()).toEqual([]);
  });

  it("narrows a token at once when its admin loses a company, and a limited root token is no root", async () => {
    const [a, b] = [await buildTeam(db()), await buildTeam(db())];
    const { admin, auth } = await teamAdmin([a, b]);
    const all = await tokenFor(auth, ["read"]);
    const onlyA = await tokenFor(auth, ["read"], { teams: [a.slug] });
    const slugs = async (secret: string) =>
      ((await one.request().get("/v2/teams").set("Authorization", secret)).body.items as { slug: string }[]).map((t) => t.slug).sort();
    expect(await slugs(all.secret)).toEqual([a.slug, b.slug].sort());
    expect(await slugs(onlyA.secret)).toEqual([a.slug]);
    await db().deleteFrom("adminTeams").where("adminId", "=", admin.id).where("teamId", "=", a.id).execute();
    expect(await slugs(all.secret)).toEqual([b.slug]);
    expect(await slugs(onlyA.secret)).toEqual([]);

    const rootLimited = await tokenFor(rootAuth, ["full"], { teams: [a.slug] });
    const rootFull = await tokenFor(rootAuth, ["full"]);
    expect(await slugs(rootLimited.secret)).toEqual([a.slug]);
    expectError(await one.request().get("/v2/settings").set("Authorization", rootLimited.secret), 403, "forbidden");
    expect((await one.request().get("/v2/settings").set("Authorization", rootFull.secret)).status).toBe(200);
  });

  it("notes the last use at most once a minute", async () => {
    const { secret, id } = await tokenFor(rootAuth, ["read"]);
    const lastUsed = async () =>
      (await db().selectFrom("accessTokens").select("lastUsedAt").where("uid", "=", id).executeTakeFirstOrThrow()).lastUsedAt;
    await one.request().get("/v2/me").set("Authorization", secret);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await db()
      .updateTable("accessTokens")
      .set({ lastUsedAt: Number(first) - 30_000 })
      .where("uid", "=", id)
      .execute();
    await one.request().get("/v2/me").set("Authorization", secret);
    expect(Number(await lastUsed())).toBe(Number(first) - 30_000);
    await db()
      .updateTable("accessTokens")
      .set({ lastUsedAt: Number(first) - 61_000 })
      .where("uid", "=", id)
      .execute();
    await one.request().get("/v2/me").set("Authorization", secret);
    expect(Number(await lastUsed())).toBeGreaterThanOrEqual(Number(first));
  });

  it("refuses an expired token, a malformed bwk_ secret, and never takes a bwk_ secret as a cookie", async () => {
    const { secret, id } = await tokenFor(rootAuth, ["read"]);
    await db()
      .updateTable("accessTokens")
      .set({ expiresAt: Date.now() - 1 })
      .where("uid", "=", id)
      .execute();
    expectError(await one.request().get("/v2/me").set("Authorization", secret), 401, "unauthorized");
    expectError(await one.request().get("/v2/me").set("Authorization", "Bearer bwk_short"), 401, "unauthorized");
    const live = await tokenFor(rootAuth, ["read"]);
    expectError(
      await one
        .request()
        .get("/v2/me")
        .set("Cookie", `bulwark.sid=${live.secret.slice(7)}`),
      401,
      "unauthorized",
    );
  });

  it("names the token in every access-log entry written with it", async () => {
    const { secret, name } = await tokenFor(rootAuth, ["full"]);
    const res = await one
      .request()
      .post("/v2/team")
      .set("Authorization", secret)
      .send({ teamName: `Token Co ${++seq}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entry = await db()
      .selectFrom("accessLog")
      .select(["action", "details", "actorUsername"])
      .where("action", "=", "team.create")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.actorUsername).toBe(root.username);
    expect(JSON.parse(entry.details ?? "{}")).toMatchObject({ viaToken: name });
    const logs = await one.request().get("/v2/logs?action=team.create").set("Authorization", rootAuth);
    expect(JSON.stringify(logs.body.items[0].details)).toContain(name);
    const page = (await pageAs(one, "/logs?action=team.create", root)).text;
    expect(page).toContain(`via token &#x27;${name}&#x27;`);
  });

  it("takes a revocation into account on the next call on another instance", async () => {
    const { secret, id } = await tokenFor(rootAuth, ["read"]);
    expect((await two.request().get("/v2/me").set("Authorization", secret)).status).toBe(200);
    expect((await one.request().delete(`/v2/tokens/${id}`).set("Authorization", rootAuth)).status).toBe(200);
    expectError(await two.request().get("/v2/me").set("Authorization", secret), 401, "unauthorized");
  });

  it("shows root the three token and rate-limit settings on the settings page, labelled", async () => {
    const html = (await pageAs(one, "/settings", root)).text;
    for (const label of ["Longest access token expiry (days)", "API calls per minute per caller"]) expect(html).toContain(label);
    expect(html).toContain("Access tokens without expiry");
  });
});
