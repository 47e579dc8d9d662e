import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, givePassword, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

type Body = Record<string, unknown>;

describe.each(testDialects())("domain white-lists on %s", (dialect) => {
  let server: TestServer;
  let root: Row<"admins">;
  let rootAuth: string;
  let password: string;
  let wrong: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await buildAdmin(server.database.db, { role: "root" });
    // The token after the password: setting a password revokes the tokens issued before.
    password = await givePassword(server.database.db, server.config, root);
    rootAuth = await bearerFor(
      server.config,
      await server.database.db.selectFrom("admins").selectAll().where("id", "=", root.id).executeTakeFirstOrThrow(),
    );
    wrong = await sha512Hex("Wr0ng!Pass");
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;
  const reload = (admin: Row<"admins">) => db().selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
  const fresh = () => randomBytes(4).toString("hex");
  const send = (method: "post" | "put" | "delete", url: string, body: Body, auth = rootAuth) =>
    server.request()[method](url).set("Authorization", auth).send(body);
  const get = (url: string, auth = rootAuth) => server.request().get(url).set("Authorization", auth);
  const teamOf = (tag: string) => buildTeam(db(), { teamName: `Dom ${tag}`, slug: `dom-${tag}` });
  const domainsOf = async (team: Row<"teams">) =>
    (await db().selectFrom("teamDomains").select("domain").where("teamId", "=", team.id).orderBy("domain").execute()).map((r) => r.domain);

  it("adds domains lower-cased and IDNA-normalized, idempotently, and logs the change", async () => {
    const tag = fresh();
    const team = await teamOf(tag);
    const res = await send("put", "/v2/team/domains", {
      slug: team.slug,
      domains: [` ${tag}.Example.COM `, `bücher-${tag}.example`],
      password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      slug: team.slug,
      domains: [`${tag}.example.com`, new URL(`http://bücher-${tag}.example`).hostname].sort(),
      usersOutside: 0,
    });
    expect(res.body.domains.join(" ")).toContain("xn--");
    const again = await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example.com`], password });
    expect(again.status).toBe(200);
    expect(await domainsOf(team)).toHaveLength(2);
    const log = await db()
      .selectFrom("accessLog")
      .select(["details", "actorUsername", "outcome"])
      .where("action", "=", "team.domains.add")
      .where("targetId", "=", team.slug)
      .orderBy("id")
      .execute();
    expect(log.map((l) => JSON.parse(l.details ?? "{}").domains.length)).toEqual([2, 0]);
    expect(log[0]).toMatchObject({ actorUsername: root.username, outcome: "success" });
  });

  it("refuses a trailing dot, a wrong password (400, counted, logged) and an unknown team (404)", async () => {
    const tag = fresh();
    const team = await teamOf(tag);
    const dot = await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example.`], password });
    expect(dot.status).toBe(400);
    expect(dot.body.error.code).toBe("badParameters");
    const bad = await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("domainsEdit400");
    expect(
      (await db().selectFrom("admins").select("failedAttempts").where("id", "=", root.id).executeTakeFirstOrThrow()).failedAttempts,
    ).toBe(1);
    const badDelete = await send("delete", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password: wrong });
    expect(badDelete.body.error.code).toBe("domainsDelete400");
    expect(await domainsOf(team)).toEqual([]);
    const failures = await db()
      .selectFrom("accessLog")
      .select("outcome")
      .where("targetId", "=", team.slug)
      .where("outcome", "=", "failure")
      .execute();
    expect(failures).toHaveLength(2);
    // The right password gives the budget back.
    expect((await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password })).status).toBe(200);
    expect(
      (await db().selectFrom("admins").select("failedAttempts").where("id", "=", root.id).executeTakeFirstOrThrow()).failedAttempts,
    ).toBe(0);
    const unknown = await send("put", "/v2/team/domains", { slug: `nope-${tag}`, domains: [`${tag}.example`], password });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("domainsEdit404");
  });

  it("spends the per-account password budget: once locked, even the right password is 429", async () => {
    const tag = fresh();
    const team = await teamOf(tag);
    const owner = await buildAdmin(db(), { role: "root" });
    const own = await givePassword(db(), server.config, owner);
    const auth = await bearerFor(server.config, await reload(owner));
    await setSettings(db(), "security", { maxFailedAdminSignIns: 3 });
    try {
      for (let i = 0; i < 3; i++)
        expect(
          (await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password: wrong }, auth)).status,
        ).toBe(400);
      const locked = await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password: own }, auth);
      expect(locked.status).toBe(429);
      expect(locked.body.error.code).toBe("domainsEdit429");
      expect(await domainsOf(team)).toEqual([]);
    } finally {
      await setSettings(db(), "security", {});
    }
  });

  it("keeps a domain to one team: 409 names the team that has it", async () => {
    const tag = fresh();
    const owner = await teamOf(`a${tag}`);
    const other = await teamOf(`b${tag}`);
    expect((await send("put", "/v2/team/domains", { slug: owner.slug, domains: [`${tag}.example`], password })).status).toBe(200);
    const res = await send("put", "/v2/team/domains", { slug: other.slug, domains: [`new-${tag}.example`, `${tag}.example`], password });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("domainTaken");
    expect(res.body.error.details).toEqual({ conflicts: [{ domain: `${tag}.example`, team: owner.slug, teamName: owner.teamName }] });
    expect(await domainsOf(other)).toEqual([]);
  });

  it("removing domains users still have asks for confirmation naming how many it leaves outside", async () => {
    const tag = fresh();
    const team = await teamOf(tag);
    await send("put", "/v2/team/domains", { slug: team.slug, domains: [`a-${tag}.example`, `b-${tag}.example`], password });
    await buildUser(db(), { team, username: `one@a-${tag}.example` });
    await buildUser(db(), { team, username: `two@a-${tag}.example` });
    await buildUser(db(), { team, username: `three@b-${tag}.example` });
    await buildUser(db(), { team, username: `handle-${tag}` });
    const ask = await send("delete", "/v2/team/domains", { slug: team.slug, domains: [`a-${tag}.example`], password });
    expect(ask.status).toBe(409);
    expect(ask.body.error).toMatchObject({ code: "domainsDelete409", details: { usersLeftOutside: 2 } });
    expect(await domainsOf(team)).toHaveLength(2);
    const done = await send("delete", "/v2/team/domains", { slug: team.slug, domains: [`a-${tag}.example`], password, confirm: true });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ slug: team.slug, domains: [`b-${tag}.example`], usersOutside: 2 });
    const listed = await get(`/v2/domains?search=${tag}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      total: 1,
      nextCursor: null,
      items: [{ slug: team.slug, teamName: team.teamName, domains: [`b-${tag}.example`], userCount: 4, usersOutside: 2 }],
    });
    // The last domain lifts the rule: nobody is left outside, no confirmation needed.
    const last = await send("delete", "/v2/team/domains", { slug: team.slug, domains: [`b-${tag}.example`], password });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ slug: team.slug, domains: [], usersOutside: 0 });
  });

  it("is root only: admins get 403 before their password is checked", async () => {
    const tag = fresh();
    const team = await teamOf(tag);
    const admin = await buildAdmin(db(), { teams: [team] });
    const hex = await givePassword(db(), server.config, admin);
    const auth = await bearerFor(server.config, await reload(admin));
    expect((await get("/v2/domains", auth)).body.error.code).toBe("domainsList403");
    expect(
      (await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password: hex }, auth)).body.error.code,
    ).toBe("domainsEdit403");
    expect(
      (await send("delete", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password: wrong }, auth)).body.error.code,
    ).toBe("domainsDelete403");
    expect(
      (await db().selectFrom("admins").select("failedAttempts").where("id", "=", admin.id).executeTakeFirstOrThrow()).failedAttempts,
    ).toBe(0);
  });

  it("enforces the white-list on user creation and moves; handles are not affected", async () => {
    const tag = fresh();
    const team = await teamOf(tag);
    const open = await teamOf(`o${tag}`);
    await buildPack(db(), { team, licenseCount: 10 });
    await buildPack(db(), { team: open, licenseCount: 10 });
    await send("put", "/v2/team/domains", { slug: team.slug, domains: [`${tag}.example`], password });
    const create = (username: string) => send("post", "/v2/user", { username, firstName: "Ana", lastName: "Lima", team: team.slug });
    const outside = await create(`ana@other-${tag}.example`);
    expect(outside.status).toBe(502);
    expect(outside.body.error.code).toBe("userCreate502");
    expect((await create(`ana@sub.${tag}.example`)).status).toBe(502);
    expect((await create(`Ana@${tag.toUpperCase()}.example`)).status).toBe(200);
    expect((await create(`ana-${tag}`)).status).toBe(200);
    // An out-of-scope team stays 501 like an unknown one, white-list or not.
    const admin = await buildAdmin(db(), { teams: [open] });
    const scoped = await send(
      "post",
      "/v2/user",
      { username: `x@other-${tag}.example`, firstName: "X", lastName: "Y", team: team.slug },
      await bearerFor(server.config, admin),
    );
    expect(scoped.body.error.code).toBe("userCreate501");

    const inside = await buildUser(db(), { team: open, username: `in@${tag}.example` });
    const foreign = await buildUser(db(), { team: open, username: `out@else-${tag}.example` });
    const handle = await buildUser(db(), { team: open, username: `handle.${tag}` });
    const moved = await send("put", "/v2/users/move", { uids: [inside.uid, foreign.uid, handle.uid], team: team.slug });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ ok: [inside.uid, handle.uid], failed: [{ id: foreign.uid, code: "usersMove502" }] });
    const teamIdOf = async (uid: string) =>
      (await db().selectFrom("users").select("teamId").where("uid", "=", uid).executeTakeFirstOrThrow()).teamId;
    expect(await teamIdOf(foreign.uid)).toBe(open.id);
    expect(await teamIdOf(inside.uid)).toBe(team.id);

    // 'Select all matching' sends the list's filter instead of uids: the white-list still applies.
    const other = await buildUser(db(), { team: open, username: `other@else-${tag}.example` });
    const byFilter = await send("put", "/v2/users/move", { filter: { team: open.slug }, team: team.slug });
    expect(byFilter.status).toBe(200);
    expect(byFilter.body.ok).not.toContain(other.uid);
    expect(byFilter.body.failed).toEqual(expect.arrayContaining([{ id: other.uid, code: "usersMove502" }]));
    expect(await teamIdOf(other.uid)).toBe(open.id);
  });
});
