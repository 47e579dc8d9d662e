/**
 * Invitations through the API on both dialects — create (per-address results, seats
 * all or nothing, domains, packs, e-mail off), the pending user in the users list, dashboard and
 * seats, the scoped list, resend, delete, and the access log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { buildInvite } from "./invites.support";

describe.each(testDialects())("invitations on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { PUBLIC_URL: "https://console.acme.test", TRUST_PROXY: "loopback" } });
    root = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
  });
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;
  const post = (auth: string, body: object) => server.request().post("/v2/invite").set("Authorization", auth).send(body);
  const seats = async (team: Row<"teams">) =>
    (await server.request().get(`/v2/teams/${team.slug}/seats`).set("Authorization", root)).body as Record<string, number>;
  const body = (team: Row<"teams">, addresses: string[], extra: object = {}) => ({
    team: team.slug,
    type: "email",
    addresses,
    lang: "pt",
    ...extra,
  });

  describe("create", () => {
    it("invites e-mail addresses as pending users holding one seat each, queues one mail each, and logs the call", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team, licenseCount: 5 });
      await buildUser(db(), { team });
      const res = await post(root, body(team, ["Ana@Example.com", "bruno@example.com"]));
      expect(res.status).toBe(200);
      expect(res.body.failed).toEqual([]);
      expect(res.body.ok.map((o: { address: string; code?: string }) => [o.address, o.code])).toEqual([
        ["ana@example.com", undefined],
        ["bruno@example.com", undefined],
      ]);
      expect(await seats(team)).toEqual({ capacity: 5, users: 1, invites: 2, available: 2 });
      const users = await server.request().get(`/v2/users?team=${team.slug}&status=pending`).set("Authorization", root);
      expect(users.body.items.map((u: { username: string }) => u.username).sort()).toEqual(["ana@example.com", "bruno@example.com"]);
      const mails = await db()
        .selectFrom("mailOutbox")
        .select(["toAddress", "template", "lang", "payload"])
        .where("toAddress", "in", ["ana@example.com", "bruno@example.com"])
        .execute();
      expect(mails.map((m) => [m.toAddress, m.template, m.lang]).sort()).toEqual([
        ["ana@example.com", "userInvitation", "pt"],
        ["bruno@example.com", "userInvitation", "pt"],
      ]);
      const payload = JSON.parse(mails[0]!.payload) as Record<string, string>;
      expect(payload.code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(payload.link).toBe(`https://my.acme.test/register?invite=${payload.code}`);
      const stored = await db().selectFrom("invites").select(["codeHash", "address"]).where("teamId", "=", team.id).execute();
      expect(JSON.stringify(stored)).not.toContain(payload.code);
      const log = await db()
        .selectFrom("accessLog")
        .select(["action", "details"])
        .where("action", "=", "invite.create")
        .where("teamId", "=", team.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(log.details!)).toMatchObject({ team: team.slug, type: "email", invited: 2, failed: 0 });
    });

    it("answers handles' codes once and refuses invalid addresses one by one", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team, licenseCount: 5 });
      const res = await post(root, { ...body(team, ["agent_7", "bad handle"]), type: "handle" });
      expect(res.status).toBe(200);
      expect(res.body.ok).toHaveLength(1);
      expect(res.body.ok[0].inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      // `code` is the deprecated alias of SPEC's `inviteCode` (docs/API.md).
      expect(res.body.ok[0].code).toBe(res.body.ok[0].inviteCode);
      expect(res.body.failed).toEqual([{ address: "bad handle", code: "inviteCreate406" }]);
      const mixed = await post(root, body(team, ["not-an-email", "ok@example.org"]));
      expect(mixed.body.failed).toEqual([{ address: "not-an-email", code: "notValidEmailAccount" }]);
      const list = await server.request().get(`/v2/invites?team=${team.slug}`).set("Authorization", root);
      expect(JSON.stringify(list.body)).not.toContain(res.body.ok[0].code);
      expect(list.body.items[0]).toMatchObject({ language: "pt", lang: "pt" });
    });

    it("creates nothing when the valid addresses need more seats than are free (400 inviteCreate400)", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team, licenseCount: 2 });
      const res = await post(root, body(team, ["a@x.test", "b@x.test", "c@x.test"]));
      expect([res.status, res.body.error.code]).toEqual([400, "inviteCreate400"]);
      expect(await db().selectFrom("users").select("id").where("teamId", "=", team.id).execute()).toHaveLength(0);
      expect(await db().selectFrom("invites").select("id").where("teamId", "=", team.id).execute()).toHaveLength(0);
    });

    it("fails onboarded addresses one by one and the whole call with 409 when all are", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team, licenseCount: 5 });
      await buildUser(db(), { team, username: "old@x.test" });
      const all = await post(root, body(team, ["old@x.test"]));
      expect([all.status, all.body.error.code]).toEqual([409, "inviteCreate409"]);
      const some = await post(root, body(team, ["old@x.test", "new@x.test"]));
      expect(some.status).toBe(200);
      expect(some.body.failed).toEqual([{ address: "old@x.test", code: "inviteCreate409" }]);
      // A pending invitation is a user already: inviting the address again is 409 too.
      const again = await post(root, body(team, ["new@x.test"]));
      expect(again.status).toBe(409);
    });

    it("refuses addresses outside the company's white-listed domains (inviteCreate502)", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team, licenseCount: 5 });
      await db()
        .insertInto("teamDomains")
        .values({ teamId: team.id, domain: `ok-${team.slug}.test`, createdAt: Date.now() })
        .execute();
      const res = await post(root, body(team, [`in@ok-${team.slug}.test`, "out@elsewhere.test"]));
      expect(res.body.ok.map((o: { address: string }) => o.address)).toEqual([`in@ok-${team.slug}.test`]);
      expect(res.body.failed).toEqual([{ address: "out@elsewhere.test", code: "inviteCreate502" }]);
    });

    it("answers 404 for another team's or an unknown pack and 422 for an expired one", async () => {
      const team = await buildTeam(db());
      const other = await buildPack(db());
      const expired = await buildPack(db(), { team, status: "expired", expiresAt: Date.now() - 1000 });
      await buildPack(db(), { team });
      const foreign = await post(root, body(team, ["p@x.test"], { pack: other.uid }));
      expect([foreign.status, foreign.body.error.code]).toEqual([404, "inviteCreate404"]);
      const unknown = await post(root, body(team, ["p@x.test"], { pack: "00000000-0000-4000-8000-000000000000" }));
      expect(unknown.status).toBe(404);
      const old = await post(root, body(team, ["p@x.test"], { pack: expired.uid }));
      expect([old.status, old.body.error.code]).toEqual([422, "inviteCreate422"]);
    });

    it("answers 422 inviteCreate422 when every pack of the team has expired, naming none", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team, status: "expired", expiresAt: Date.now() - 1000 });
      await buildPack(db(), { team, status: "active", expiresAt: Date.now() - 1 });
      const res = await post(root, body(team, ["late@x.test"]));
      expect([res.status, res.body.error.code]).toEqual([422, "inviteCreate422"]);
      const none = await post(root, body(await buildTeam(db()), ["none@x.test"]));
      expect([none.status, none.body.error.code]).toEqual([400, "inviteCreate400"]);
    });

    it("answers 501 for e-mail invitations while e-mail notifications are off, and still invites handles", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team });
      await setSettings(db(), "general", { emailNotifications: false });
      try {
        const res = await post(root, body(team, ["m@x.test"]));
        expect([res.status, res.body.error.code]).toEqual([501, "inviteCreate501"]);
        expect((await post(root, { ...body(team, ["handle_1"]), type: "handle" })).status).toBe(200);
      } finally {
        await setSettings(db(), "general", { emailNotifications: true });
      }
    });

    it("keeps another admin's team hidden (404) and lets the team's admin invite", async () => {
      const team = await buildTeam(db());
      await buildPack(db(), { team });
      const mine = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
      const other = await bearerFor(server.config, await buildAdmin(db(), { teams: [await buildTeam(db())] }));
      expect((await post(other, body(team, ["h@x.test"]))).status).toBe(404);
      expect((await post(mine, body(team, ["h@x.test"]))).status).toBe(200);
    });
  });

  it("reviews a call without writing: valid addresses, per-address failures and seats before and after", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team, licenseCount: 2 });
    await buildUser(db(), { team, username: "here@x.test" });
    const res = await server
      .request()
      .post("/v2/invite/review")
      .set("Authorization", root)
      .send(body(team, ["a@x.test", "B@x.test", "here@x.test", "nope"]));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: ["a@x.test", "b@x.test"],
      failed: [
        { address: "nope", code: "notValidEmailAccount" },
        { address: "here@x.test", code: "inviteCreate409" },
      ],
      seats: { capacity: 2, users: 1, invites: 0, available: 1 },
      availableAfter: -1,
    });
    expect(await db().selectFrom("invites").select("id").where("teamId", "=", team.id).execute()).toHaveLength(0);
  });

  it("searches the companies with available licenses (GET /v2/invite/teams): domains and counts, by name, within the scope", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const alpha = await buildTeam(db(), { teamName: `Pick ${tag} Alpha`, slug: `pick-${tag}-alpha` });
    const beta = await buildTeam(db(), { teamName: `Pick ${tag} Beta`, slug: `pick-${tag}-beta` });
    const full = await buildTeam(db(), { teamName: `Pick ${tag} Full`, slug: `pick-${tag}-full` });
    await buildTeam(db(), { teamName: `Pick ${tag} Bare`, slug: `pick-${tag}-bare` });
    await buildPack(db(), { team: alpha, licenseCount: 3 });
    await buildInvite(db(), { team: alpha });
    await buildPack(db(), { team: beta, licenseCount: 1 });
    await buildPack(db(), { team: full, licenseCount: 1 });
    await buildUser(db(), { team: full });
    await db()
      .insertInto("teamDomains")
      .values({ teamId: alpha.id, domain: `${tag}.test`, createdAt: Date.now() })
      .execute();
    const get = (q: string, auth = root) => server.request().get(`/v2/invite/teams${q}`).set("Authorization", auth);
    const found = await get(`?search=PICK ${tag}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      items: [
        { slug: alpha.slug, teamName: alpha.teamName, language: "en", available: 2, domains: [`${tag}.test`] },
        { slug: beta.slug, teamName: beta.teamName, language: "en", available: 1, domains: [] },
      ],
    });
    expect((await get(`?search=${tag}-beta`)).body.items.map((i: { slug: string }) => i.slug)).toEqual([beta.slug]);
    expect((await get(`?search=pick ${tag}&limit=1`)).body.items.map((i: { slug: string }) => i.slug)).toEqual([alpha.slug]);
    const admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [beta, full] }));
    expect((await get("", admin)).body.items.map((i: { slug: string }) => i.slug)).toEqual([beta.slug]);
    expect((await get("?limit=51")).status).toBe(400);
  });

  describe("list", () => {
    it("filters by team, state, type and search, sorts by expiry and pages by keyset, within the scope", async () => {
      const team = await buildTeam(db());
      const now = Date.now();
      const made = [];
      for (let i = 0; i < 5; i++)
        made.push(await buildInvite(db(), { team, address: `list${i}@x.test`, expiresAt: now + (5 - i) * 86_400_000 }));
      await buildInvite(db(), { team, address: "late@x.test", expiresAt: now - 1000 });
      await buildInvite(db(), { team, address: "done@x.test", status: "accepted" });
      const get = (q: string, auth = root) => server.request().get(`/v2/invites?team=${team.slug}${q}`).set("Authorization", auth);
      const first = await get("&state=pending&limit=2");
      expect(first.body.total).toBe(5);
      expect(first.body.items.map((i: { address: string }) => i.address)).toEqual(["list4@x.test", "list3@x.test"]);
      const second = await get(`&state=pending&limit=2&cursor=${first.body.nextCursor}`);
      expect(second.body.items.map((i: { address: string }) => i.address)).toEqual(["list2@x.test", "list1@x.test"]);
      expect((await get("&state=expired")).body.items.map((i: { address: string; state: string }) => [i.address, i.state])).toEqual([
        ["late@x.test", "expired"],
      ]);
      expect((await get("&state=accepted")).body.total).toBe(1);
      expect((await get("&search=LIST3")).body.items.map((i: { id: string }) => i.id)).toEqual([made[3]!.uid]);
      expect((await get("&type=handle")).body.total).toBe(0);
      expect((await get("&order=desc&limit=1")).body.items[0].address).toBe("done@x.test");
      const outsider = await bearerFor(server.config, await buildAdmin(db(), { teams: [await buildTeam(db())] }));
      expect((await get("", outsider)).body).toEqual({ items: [], total: 0, nextCursor: null });
    });
  });

  describe("resend and delete", () => {
    it("resends with a new code and expiry, refusing accepted (410), unknown (404), expired-pack (422) and seatless (400) items", async () => {
      const team = await buildTeam(db());
      const pack = await buildPack(db(), { team, licenseCount: 4 });
      const oldPack = await buildPack(db(), { team, licenseCount: 5, status: "expired", expiresAt: Date.now() - 1000 });
      const live = await buildInvite(db(), { team, pack, type: "handle" });
      const accepted = await buildInvite(db(), { team, pack, status: "accepted" });
      const stale = await buildInvite(db(), { team, pack: oldPack });
      const before = await db().selectFrom("invites").select(["codeHash", "expiresAt"]).where("id", "=", live.id).executeTakeFirstOrThrow();
      const unknown = "00000000-0000-4000-8000-000000000001";
      const res = await server
        .request()
        .put("/v2/invite")
        .set("Authorization", root)
        .send({ ids: [live.uid, accepted.uid, stale.uid, unknown] });
      expect(res.status).toBe(200);
      expect(res.body.ok).toHaveLength(1);
      expect(res.body.ok[0].id).toBe(live.uid);
      expect(res.body.ok[0].code).not.toBe(live.code);
      expect(res.body.failed).toEqual([
        { id: accepted.uid, code: "inviteResend410" },
        { id: stale.uid, code: "inviteResend422" },
        { id: unknown, code: "inviteResend404" },
      ]);
      const after = await db().selectFrom("invites").select(["codeHash", "expiresAt"]).where("id", "=", live.id).executeTakeFirstOrThrow();
      expect(after.codeHash).not.toBe(before.codeHash);
      // 4 seats: the accepted user and the two pending invitations use 3; two expired invitations need 2 → refused together.
      const gone1 = await buildInvite(db(), { team, pack, status: "expired", expiresAt: Date.now() - 1000 });
      const gone2 = await buildInvite(db(), { team, pack, status: "expired", expiresAt: Date.now() - 1000 });
      const seatless = await server
        .request()
        .put("/v2/invite")
        .set("Authorization", root)
        .send({ ids: [gone1.uid, gone2.uid] });
      expect(seatless.body.failed.map((f: { code: string }) => f.code)).toEqual(["inviteResend400", "inviteResend400"]);
      const one = await server
        .request()
        .put("/v2/invite")
        .set("Authorization", root)
        .send({ ids: [gone1.uid] });
      expect(one.body.ok.map((o: { id: string }) => o.id)).toEqual([gone1.uid]);
      expect(await seats(team)).toMatchObject({ capacity: 4, users: 1, invites: 3, available: 0 });
      const log = await db()
        .selectFrom("accessLog")
        .select("details")
        .where("action", "=", "invite.resend")
        .where("teamId", "=", team.id)
        .execute();
      expect(log.length).toBeGreaterThanOrEqual(2);
    });

    it("deletes pending invitations with their pending users (seat freed) and refuses accepted (403), unknown (404) and expired-pack (422) ones", async () => {
      const team = await buildTeam(db());
      const pack = await buildPack(db(), { team, licenseCount: 4 });
      const oldPack = await buildPack(db(), { team, licenseCount: 5, status: "expired", expiresAt: Date.now() - 1000 });
      const live = await buildInvite(db(), { team, pack });
      const accepted = await buildInvite(db(), { team, pack, status: "accepted" });
      const stale = await buildInvite(db(), { team, pack: oldPack });
      expect(await seats(team)).toMatchObject({ users: 1, invites: 2 });
      const other = await bearerFor(server.config, await buildAdmin(db(), { teams: [await buildTeam(db())] }));
      const hidden = await server
        .request()
        .delete("/v2/invite")
        .set("Authorization", other)
        .send({ ids: [live.uid] });
      expect(hidden.body).toEqual({ ok: [], failed: [{ id: live.uid, code: "inviteDelete404" }] });
      const res = await server
        .request()
        .delete("/v2/invite")
        .set("Authorization", root)
        .send({ ids: [live.uid, accepted.uid, stale.uid] });
      expect(res.body).toEqual({
        ok: [live.uid],
        failed: [
          { id: accepted.uid, code: "inviteDelete403" },
          { id: stale.uid, code: "inviteDelete422" },
        ],
      });
      expect(await db().selectFrom("users").select("id").where("id", "=", live.userId!).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom("users").select("status").where("id", "=", accepted.userId!).executeTakeFirstOrThrow()).toEqual({
        status: "active",
      });
      expect(await seats(team)).toMatchObject({ users: 1, invites: 1 });
      expect(
        await db().selectFrom("accessLog").select("id").where("action", "=", "invite.delete").where("teamId", "=", team.id).execute(),
      ).toHaveLength(1);
    });

    it("deleting the pending user from the users list deletes its invitation too", async () => {
      const team = await buildTeam(db());
      const inv = await buildInvite(db(), { team, pack: await buildPack(db(), { team }) });
      const user = await db().selectFrom("users").select("uid").where("id", "=", inv.userId!).executeTakeFirstOrThrow();
      const res = await server
        .request()
        .delete("/v2/users")
        .set("Authorization", root)
        .send({ uids: [user.uid] });
      expect(res.status).toBe(200);
      expect(await db().selectFrom("invites").select("id").where("id", "=", inv.id).executeTakeFirst()).toBeUndefined();
    });
  });

  it("moving the pending user to another company moves its invitation (and its seat) along", async () => {
    const from = await buildTeam(db());
    const to = await buildTeam(db());
    await buildPack(db(), { team: to, licenseCount: 3 });
    const inv = await buildInvite(db(), { team: from, pack: await buildPack(db(), { team: from }) });
    const user = await db().selectFrom("users").select("uid").where("id", "=", inv.userId!).executeTakeFirstOrThrow();
    const moved = await server
      .request()
      .put("/v2/users/move")
      .set("Authorization", root)
      .send({ uids: [user.uid], team: to.slug });
    expect(moved.body).toEqual({ ok: [user.uid], failed: [] });
    const listed = await server.request().get(`/v2/invites?team=${to.slug}`).set("Authorization", root);
    expect(listed.body.items.map((i: { id: string }) => i.id)).toEqual([inv.uid]);
    expect(await seats(to)).toMatchObject({ users: 0, invites: 1, available: 2 });
  });

  it("resends an invitation whose pending user was moved: it draws on the target's pack, seats exact in both companies", async () => {
    const from = await buildTeam(db());
    const to = await buildTeam(db());
    const fromPack = await buildPack(db(), { team: from, licenseCount: 2 });
    const early = await buildPack(db(), { team: to, licenseCount: 1, expiresAt: Date.now() + 30 * 86_400_000 });
    const late = await buildPack(db(), { team: to, licenseCount: 1, expiresAt: Date.now() + 300 * 86_400_000 });
    const created = await post(root, body(from, ["mover_1", "stayer_1"], { type: "handle" }));
    expect(created.body.ok).toHaveLength(2);
    const packOf = async (uid: string) =>
      await db().selectFrom("invites").select(["teamId", "licensePackId"]).where("uid", "=", uid).executeTakeFirstOrThrow();
    const mover = created.body.ok[0].id as string;
    expect(await packOf(mover)).toEqual({ teamId: from.id, licensePackId: fromPack.id });
    const user = await db().selectFrom("users").select("uid").where("username", "=", "mover_1").executeTakeFirstOrThrow();
    const moved = await server
      .request()
      .put("/v2/users/move")
      .set("Authorization", root)
      .send({ uids: [user.uid], team: to.slug });
    expect(moved.body).toEqual({ ok: [user.uid], failed: [] });
    // The move re-points the invitation at the pack a new invitation of the target would take.
    expect(await packOf(mover)).toEqual({ teamId: to.id, licensePackId: late.id });
    expect(early.id).not.toBe(late.id);
    const resent = await server
      .request()
      .put("/v2/invite")
      .set("Authorization", root)
      .send({ ids: [mover] });
    expect(resent.body.failed).toEqual([]);
    expect(resent.body.ok.map((o: { id: string }) => o.id)).toEqual([mover]);
    expect(await seats(from)).toMatchObject({ capacity: 2, users: 0, invites: 1, available: 1 });
    expect(await seats(to)).toMatchObject({ capacity: 2, users: 0, invites: 1, available: 1 });
    // A pointer left at the old company's pack (a move before the fix) is re-pointed by the resend itself.
    await db().updateTable("invites").set({ licensePackId: fromPack.id }).where("uid", "=", mover).execute();
    const again = await server
      .request()
      .put("/v2/invite")
      .set("Authorization", root)
      .send({ ids: [mover] });
    expect(again.body.ok.map((o: { id: string }) => o.id)).toEqual([mover]);
    expect(await packOf(mover)).toEqual({ teamId: to.id, licensePackId: late.id });
    expect(await seats(from)).toMatchObject({ invites: 1, available: 1 });
    expect(await seats(to)).toMatchObject({ invites: 1, available: 1 });
    // A move into a company with no free seat is refused and leaves the invitation where it was.
    const full = await buildTeam(db());
    await buildPack(db(), { team: full, licenseCount: 1 });
    await buildUser(db(), { team: full });
    const stayer = await db().selectFrom("users").select("uid").where("username", "=", "stayer_1").executeTakeFirstOrThrow();
    const refused = await server
      .request()
      .put("/v2/users/move")
      .set("Authorization", root)
      .send({ uids: [stayer.uid], team: full.slug });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("notEnoughLicenses");
    expect(await seats(from)).toMatchObject({ invites: 1, available: 1 });
    expect(await seats(full)).toMatchObject({ users: 1, invites: 0, available: 0 });
    // Delete judges a pointer left at the old company's pack by the team's own pack too (no 404), and frees the seat.
    await db().updateTable("invites").set({ licensePackId: fromPack.id }).where("uid", "=", mover).execute();
    const deleted = await server
      .request()
      .delete("/v2/invite")
      .set("Authorization", root)
      .send({ ids: [mover] });
    expect(deleted.body).toEqual({ ok: [mover], failed: [] });
    expect(await seats(to)).toMatchObject({ invites: 0, available: 2 });
  });

  it("counts pending invitations in the dashboard's pending users", async () => {
    const team = await buildTeam(db());
    const admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
    await buildPack(db(), { team });
    await post(root, body(team, ["dash1@x.test", "dash2@x.test"]));
    const after = (await server.request().get("/v2/dashboard").set("Authorization", admin)).body;
    expect(after.users).toMatchObject({ pending: 2, total: 2, active: 0 });
  });
});
