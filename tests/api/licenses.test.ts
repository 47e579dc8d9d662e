/**
 * Public edition: the license API on both dialects — purchase through the invoice
 * provider (order, invoice e-mail in the outbox, access log), the scoped list with its filters,
 * expiration order and keyset paging, read, extend / expire / distribute with every refusal, the
 * seats of a team, and user creation spending seats.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const DAY = 86_400_000;

describe.each(testDialects())("license packs (public edition) on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let admin: string;
  let team: Row<"teams">;
  let other: Row<"teams">;
  const db = () => server.database.db;
  const as = (auth: string) => ({
    get: (url: string) => server.request().get(url).set("Authorization", auth),
    post: (url: string, body: object) => server.request().post(url).set("Authorization", auth).send(body),
    put: (url: string, body: object) => server.request().put(url).set("Authorization", auth).send(body),
  });

  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { PUBLIC_URL: "http://console.test" } });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root", username: "root@lic.test" }));
    team = await buildTeam(db(), { slug: "acme", teamName: "Acme", contactEmailFinance: "finance@acme.test", language: "pt" });
    other = await buildTeam(db(), { slug: "beta", teamName: "Beta" });
    admin = await bearerFor(server.config, await buildAdmin(db(), { username: "anna@acme.test", teams: [team] }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("purchases a pack: priced from the list, expiring after the term, invoiced to the finance contact, logged", async () => {
    const res = await as(admin).post("/v2/license", { team: "acme", licenseType: "subscription", licenseCount: 25, termMonths: 12 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      team: "acme",
      licenseType: "subscription",
      licenseCount: 25,
      status: "valid",
      state: "valid",
      source: "purchase",
      tokenId: null,
    });
    expect(res.body.order).toMatchObject({
      provider: "invoice",
      currency: "EUR",
      totalMinor: 25 * 6000,
      invoiceNumber: expect.stringMatching(/^INV-\d{8}-[0-9A-F]{8}$/),
    });
    const issued = new Date(res.body.issuedOn);
    const expiration = new Date(res.body.expiration);
    expect(expiration.getUTCFullYear() * 12 + expiration.getUTCMonth() - (issued.getUTCFullYear() * 12 + issued.getUTCMonth())).toBe(12);
    const order = await db()
      .selectFrom("licenseOrders")
      .selectAll()
      .where("invoiceNumber", "=", res.body.order.invoiceNumber)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ teamId: team.id, billedTo: "finance@acme.test", termMonths: 12 });
    expect(Number(order.totalMinor)).toBe(150_000);
    const mail = await db().selectFrom("mailOutbox").selectAll().where("toAddress", "=", "finance@acme.test").executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: "licenseInvoice", lang: "pt" });
    expect(JSON.parse(mail.payload)).toMatchObject({
      invoiceNumber: res.body.order.invoiceNumber,
      link: "http://console.test/licenses",
      licenseCount: "25",
    });
    const log = await db()
      .selectFrom("accessLog")
      .selectAll()
      .where("action", "=", "license.purchase")
      .where("targetId", "=", res.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({ invoiceNumber: res.body.order.invoiceNumber, licenseCount: 25 });
    expect((await as(admin).get(`/v2/license/${res.body.id}`)).body).toEqual({ ...res.body, order: undefined });
  });

  it("refuses purchases outside the scope (403), for unknown teams (root 404) and for unpriced terms (422)", async () => {
    const body = { licenseType: "subscription", licenseCount: 1, termMonths: 1 };
    expect((await as(admin).post("/v2/license", { ...body, team: "beta" })).body.error.code).toBe("licenseCreate403");
    expect((await as(admin).post("/v2/license", { ...body, team: "nowhere" })).body.error.code).toBe("licenseCreate403");
    expect((await as(root).post("/v2/license", { ...body, team: "nowhere" })).body.error.code).toBe("licenseCreate404");
    const trial = await as(root).post("/v2/license", { ...body, team: "beta", licenseType: "trial", termMonths: 12 });
    expect([trial.status, trial.body.error.code]).toEqual([422, "licenseCreate422"]);
    const bad = await as(root).post("/v2/license", { ...body, team: "beta", termMonths: 6 });
    expect([bad.status, bad.body.error.code]).toEqual([400, "badParameters"]);
    const token = await as(root).post("/v2/license", { token: "eyJ2IjoxfQ.c2lnbmF0dXJlc2ln" });
    expect(token.status).toBe(400);
  });

  it("bills the buying administrator when the company has no finance contact", async () => {
    const res = await as(root).post("/v2/license", { team: "beta", licenseType: "trial", licenseCount: 3, termMonths: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ totalMinor: 0 });
    const order = await db()
      .selectFrom("licenseOrders")
      .select("billedTo")
      .where("invoiceNumber", "=", res.body.order.invoiceNumber)
      .executeTakeFirstOrThrow();
    expect(order.billedTo).toBe("root@lic.test");
    const mail = await db()
      .selectFrom("mailOutbox")
      .select(["template", "lang"])
      .where("toAddress", "=", "root@lic.test")
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ template: "licenseInvoice", lang: "en" });
  });

  it("answers the price list", async () => {
    const res = await as(admin).get("/v2/license/prices");
    expect(res.body.currency).toBe("EUR");
    expect(res.body.prices).toContainEqual({ licenseType: "subscription", termMonths: 12, unitPriceMinor: 6000 });
  });

  it("lists packs in scope by expiration with state, team and type filters and keyset paging", async () => {
    const listTeam = await buildTeam(db(), { slug: "listed" });
    const now = Date.now();
    const expired = await buildPack(db(), { team: listTeam, expiresAt: now - DAY });
    const near = await buildPack(db(), { team: listTeam, expiresAt: now + 5 * DAY, licenseType: "trial" });
    const valid = await buildPack(db(), { team: listTeam, expiresAt: now + 90 * DAY });
    const stopped = await buildPack(db(), { team: listTeam, expiresAt: now + 200 * DAY, status: "expired" });
    const all = await as(root).get("/v2/licenses?team=listed");
    expect(all.body.items.map((p: { id: string; state: string }) => [p.id, p.state])).toEqual([
      [expired.uid, "expired"],
      [near.uid, "nearExpiration"],
      [valid.uid, "valid"],
      [stopped.uid, "expired"],
    ]);
    expect(all.body.total).toBe(4);
    const ids = async (query: string) =>
      (await as(root).get(`/v2/licenses?team=listed&${query}`)).body.items.map((p: { id: string }) => p.id);
    expect(await ids("state=expired")).toEqual([expired.uid, stopped.uid]);
    expect(await ids("state=nearExpiration")).toEqual([near.uid]);
    expect(await ids("state=valid")).toEqual([valid.uid]);
    expect(await ids("licenseType=trial")).toEqual([near.uid]);
    const first = await as(root).get("/v2/licenses?team=listed&limit=3");
    expect(first.body.items).toHaveLength(3);
    const second = await as(root).get(`/v2/licenses?team=listed&limit=3&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((p: { id: string }) => p.id)).toEqual([stopped.uid]);
    expect(second.body.nextCursor).toBeNull();
    // An admin sees their teams only.
    expect((await as(admin).get("/v2/licenses?team=listed")).body).toEqual({ items: [], total: 0, nextCursor: null });
    expect((await as(admin).get(`/v2/license/${valid.uid}`)).body.error.code).toBe("licenseRead404");
    expect((await as(root).get("/v2/licenses?state=unlicensed")).status).toBe(400);
  });

  it("answers forged cursors with 400 and junk ids or slugs in the path with 404, never a 500", async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const forged of [
      cursor({ v: "x", id: 1 }),
      cursor({ v: 1.5, id: 1 }),
      cursor({ v: 1, id: 1e12 }),
      cursor({ v: 1e300, id: 1 }),
      cursor({ v: 1, id: 1, more: 1 }),
      "bm90LWpzb24",
    ]) {
      const res = await as(root).get(`/v2/licenses?cursor=${forged}`);
      expect([res.status, res.body.error?.code], forged).toEqual([400, "badParameters"]);
    }
    for (const junk of ["%00", "x".repeat(300), "00000000-0000-4000-8000-00000000000%00", "%F0%9F%98%80"]) {
      expect((await as(root).get(`/v2/license/${junk}`)).status, junk).toBeLessThan(500);
      expect((await as(root).get(`/v2/teams/${junk}/seats`)).status, junk).toBeLessThan(500);
    }
    expect((await as(root).get("/v2/license/%00")).body.error.code).toBe("licenseRead404");
    expect((await as(root).get("/v2/teams/%00/seats")).body.error.code).toBe("seatsRead404");
  });

  it("extends a pack by days from today, also an expired one", async () => {
    const pack = await buildPack(db(), { team: other, expiresAt: Date.now() - 10 * DAY, status: "expired" });
    const before = Date.now();
    const res = await as(root).put("/v2/license", { id: pack.uid, action: "extend", days: 45 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.state).toBe("valid");
    const expiration = Date.parse(res.body.expiration);
    expect(expiration).toBeGreaterThanOrEqual(before + 45 * DAY);
    expect(expiration).toBeLessThanOrEqual(Date.now() + 45 * DAY);
    expect(await db().selectFrom("accessLog").select("action").where("targetId", "=", pack.uid).execute()).toEqual([
      { action: "license.extend" },
    ]);
    expect((await as(root).put("/v2/license", { id: pack.uid, action: "extend", days: 3651 })).status).toBe(400);
  });

  it("expires a pack now: capacity drops, users stay, new users are refused", async () => {
    const t = await buildTeam(db());
    const pack = await buildPack(db(), { team: t, licenseCount: 3 });
    await buildUser(db(), { team: t });
    const res = await as(root).put("/v2/license", { id: pack.uid, action: "expire" });
    expect([res.status, res.body.state]).toEqual([200, "expired"]);
    expect((await as(root).get(`/v2/teams/${t.slug}/seats`)).body).toEqual({ capacity: 0, users: 1, invites: 0, available: 0 });
    const user = await as(root).post("/v2/user", { username: "late@acme.test", firstName: "Late", lastName: "User", team: t.slug });
    expect([user.status, user.body.error.code, user.body.error.message]).toEqual([
      400,
      "notEnoughLicenses",
      "Not enough available licenses. Reduce number of invites",
    ]);
    expect(await db().selectFrom("accessLog").select("action").where("targetId", "=", pack.uid).execute()).toEqual([
      { action: "license.expire" },
    ]);
  });

  it("distributes seats: the source keeps count − N, the target gets a pack with the same type and expiration", async () => {
    const from = await buildTeam(db());
    const to = await buildTeam(db());
    const pack = await buildPack(db(), { team: from, licenseCount: 10, licenseType: "trial" });
    await buildUser(db(), { team: from });
    await buildUser(db(), { team: from });
    const res = await as(root).put("/v2/license", { id: pack.uid, action: "distribute", team: to.slug, licenseCount: 8 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: pack.uid, licenseCount: 2, team: from.slug });
    expect(res.body.created).toMatchObject({
      team: to.slug,
      licenseCount: 8,
      licenseType: "trial",
      source: "distribution",
      expiration: res.body.expiration,
    });
    expect((await as(root).get(`/v2/teams/${from.slug}/seats`)).body).toEqual({ capacity: 2, users: 2, invites: 0, available: 0 });
    expect((await as(root).get(`/v2/teams/${to.slug}/seats`)).body).toEqual({ capacity: 8, users: 0, invites: 0, available: 8 });
    // One more seat would leave the source below the 2 seats it uses.
    const refused = await as(root).put("/v2/license", { id: pack.uid, action: "distribute", team: to.slug, licenseCount: 1 });
    expect([refused.status, refused.body.error.code]).toEqual([409, "licenseEdit409"]);
    expect((await as(root).put("/v2/license", { id: pack.uid, action: "distribute", team: to.slug, licenseCount: 2 })).status).toBe(400);
    expect(
      (await as(root).put("/v2/license", { id: pack.uid, action: "distribute", team: from.slug, licenseCount: 1 })).body.error.code,
    ).toBe("licenseEdit400");
    expect(
      (await as(root).put("/v2/license", { id: pack.uid, action: "distribute", team: "nowhere", licenseCount: 1 })).body.error.code,
    ).toBe("licenseEdit404");
    const gone = await buildPack(db(), { team: from, expiresAt: Date.now() - DAY });
    expect(
      (await as(root).put("/v2/license", { id: gone.uid, action: "distribute", team: to.slug, licenseCount: 1 })).body.error.code,
    ).toBe("licenseEdit422");
    const log = await db()
      .selectFrom("accessLog")
      .selectAll()
      .where("action", "=", "license.distribute")
      .where("targetId", "=", pack.uid)
      .execute();
    expect(log.map((entry) => JSON.parse(entry.details!))).toEqual([
      { to: to.slug, licenseCount: 8, kept: 2, created: res.body.created.id },
    ]);
  });

  it("keeps extend, expire and distribute root-only and answers 404 for unknown packs", async () => {
    const pack = await buildPack(db(), { team });
    for (const body of [{ action: "extend", days: 1 }, { action: "expire" }, { action: "distribute", team: "acme", licenseCount: 1 }]) {
      const res = await as(admin).put("/v2/license", { id: pack.uid, ...body });
      expect([res.status, res.body.error.code]).toEqual([403, "licenseEdit403"]);
    }
    const unknown = await as(root).put("/v2/license", { id: "00000000-0000-4000-8000-000000000000", action: "expire" });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "licenseEdit404"]);
  });

  it("answers seats for teams in scope only and spends one per created user", async () => {
    const t = await buildTeam(db());
    await buildPack(db(), { team: t, licenseCount: 2 });
    await buildPack(db(), { team: t, licenseCount: 5, expiresAt: Date.now() - DAY });
    expect((await as(root).get(`/v2/teams/${t.slug}/seats`)).body).toEqual({ capacity: 2, users: 0, invites: 0, available: 2 });
    expect((await as(admin).get(`/v2/teams/${t.slug}/seats`)).body.error.code).toBe("seatsRead404");
    for (const name of ["one", "two"]) {
      const res = await as(root).post("/v2/user", { username: `${name}@seat.test`, firstName: "Seat", lastName: name, team: t.slug });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const third = await as(root).post("/v2/user", { username: "three@seat.test", firstName: "Seat", lastName: "three", team: t.slug });
    expect([third.status, third.body.error.code]).toEqual([400, "notEnoughLicenses"]);
    expect((await as(root).get(`/v2/teams/${t.slug}/seats`)).body).toEqual({ capacity: 2, users: 2, invites: 0, available: 0 });
    expect(await db().selectFrom("users").select("username").where("username", "=", "three@seat.test").execute()).toEqual([]);
  });
});
