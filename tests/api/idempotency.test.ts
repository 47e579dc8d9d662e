/**
 * Idempotency-Key on the real API, both dialects: 50 parallel repeats of one purchase make one
 * pack and one invoice e-mail (real SMTP); team, user, admin creation, invitations, a bulk action
 * and the CSV import replay their first answer; a reused key with another body is 422, a key held
 * by a running request 409; principals do not share keys; answers expire after 24 hours; and two
 * instances on one PostgreSQL database honour one key between them.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from "../../server/db/stores/idempotencyStore";
import type { Row } from "../../server/db/types";
import { pruneExpired } from "../../server/services/housekeeping/schedule";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, GOOD_PASSWORD } from "../support/factories";
import { useServerPair } from "../support/lifecycle";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { getTestServer, type TestServer } from "../support/server";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** The documented fingerprint: SHA-256 of "<METHOD> <path>\n<SHA-256 of the raw body>". */
const fingerprint = (method: string, path: string, raw: string) => sha256(`${method} ${path}\n${sha256(raw)}`);
const PURCHASE = { team: "bill-co", licenseType: "subscription", licenseCount: 5, termMonths: 12 };

/** Sends one keyed write; `body` as JSON, or a string with its own content type. */
function keyed(
  server: TestServer,
  auth: string,
  method: "post" | "put" | "delete",
  url: string,
  key: string,
  body?: object | string,
  type?: string,
) {
  let req = server.request()[method](url).set("Authorization", auth).set("Idempotency-Key", key);
  if (type) req = req.set("Content-Type", type);
  return body === undefined ? req : req.send(body);
}

const replayed = (res: Response) => res.headers["idempotent-replayed"] === "true";

describe.each(testDialects())("idempotent writes on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  let root: string;
  let rootRow: Row<"admins">;
  let admin: string;
  let team: Row<"teams">;
  const db = () => server.database.db;

  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({ dialect, env: { MAIL: "smtp", SMTP_URL: capture.url, PUBLIC_URL: "http://console.test" } });
    rootRow = await buildAdmin(db(), { role: "root" });
    root = await bearerFor(server.config, rootRow);
    team = await buildTeam(db(), { slug: "bill-co", teamName: "Bill Co", contactEmailFinance: `finance-${dialect}@bill.test` });
    await buildPack(db(), { team, licenseCount: 50 });
    admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
  });
  afterAll(async () => {
    await server?.close();
    await capture?.close();
  });

  it("50 parallel repeats of one purchase create exactly one pack and one invoice e-mail; the rest get 409 or the replay", async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => keyed(server, admin, "post", "/v2/license", key, PURCHASE)));
    const done = answers.filter((res) => res.status === 200);
    const busy = answers.filter((res) => res.status === 409);
    expect(done.length + busy.length, JSON.stringify(answers.map((res) => res.status))).toBe(50);
    expect(done.filter((res) => !replayed(res))).toHaveLength(1);
    for (const res of done) expect(res.body).toEqual(done[0]!.body);
    for (const res of busy) {
      expectError(res, 409, "idempotencyKeyInFlight");
      expect(res.headers["retry-after"]).toBe("1");
    }
    // The team's packs: the one it started with and the one purchase.
    const packs = await db().selectFrom("licensePacks").select("id").where("teamId", "=", team.id).execute();
    expect(packs).toHaveLength(2);
    expect(await db().selectFrom("licenseOrders").select("id").where("teamId", "=", team.id).execute()).toHaveLength(1);

    const again = await keyed(server, admin, "post", "/v2/license", key, PURCHASE);
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(again.body).toEqual(done[0]!.body);

    await server.mail.drainNow();
    const invoices = capture.messages.filter((mail) => mail.envelopeTo.includes(`finance-${dialect}@bill.test`));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.text).toContain(done[0]!.body.order.invoiceNumber);
  });

  it("replays team, user, admin and invitation creation and a bulk action; a different body under the key is 422", async () => {
    const victim = await buildUser(db(), { team });
    const hex = await sha512Hex(GOOD_PASSWORD);
    const cases: { url: string; method: "post" | "put"; body: object; other: object; count: () => Promise<number> }[] = [
      {
        url: "/v2/team",
        method: "post",
        body: { teamName: `Retry Co ${dialect}` },
        other: { teamName: `Other Co ${dialect}` },
        count: async () => (await db().selectFrom("teams").select("id").where("slug", "like", `retry-co-${dialect}%`).execute()).length,
      },
      {
        url: "/v2/user",
        method: "post",
        body: { username: `once-${dialect}`, firstName: "Una", lastName: "Vez", team: team.slug },
        other: { username: `twice-${dialect}`, firstName: "Una", lastName: "Vez", team: team.slug },
        count: async () => (await db().selectFrom("users").select("id").where("username", "like", "once-%").execute()).length,
      },
      {
        url: "/v2/admin",
        method: "post",
        body: { username: `once-${dialect}@admins.test`, firstName: "A", lastName: "B", teams: [team.slug], password: hex },
        other: { username: `twice-${dialect}@admins.test`, firstName: "A", lastName: "B", teams: [team.slug], password: hex },
        count: async () => (await db().selectFrom("admins").select("id").where("username", "like", "once-%").execute()).length,
      },
      {
        url: "/v2/invite",
        method: "post",
        body: { team: team.slug, type: "email", addresses: [`guest-${dialect}@invited.test`], lang: "en" },
        other: { team: team.slug, type: "email", addresses: [`other-${dialect}@invited.test`], lang: "en" },
        count: async () => (await db().selectFrom("invites").select("id").where("teamId", "=", team.id).execute()).length,
      },
      {
        url: "/v2/users/block",
        method: "put",
        body: { uids: [victim.uid] },
        other: { uids: [victim.uid, randomUUID()] },
        count: async () => (await db().selectFrom("accessLog").select("id").where("action", "=", "users.block").execute()).length,
      },
    ];
    for (const c of cases) {
      const key = `k-${c.url}-${randomUUID()}`;
      const first = await keyed(server, root, c.method, c.url, key, c.body);
      expect(first.status, `${c.url} ${JSON.stringify(first.body)}`).toBe(200);
      expect(replayed(first)).toBe(false);
      const before = await c.count();
      const repeat = await keyed(server, root, c.method, c.url, key, c.body);
      expect(repeat.status, c.url).toBe(200);
      expect(replayed(repeat), c.url).toBe(true);
      expect(repeat.body, c.url).toEqual(first.body);
      expect(await c.count(), c.url).toBe(before);
      expectError(await keyed(server, root, c.method, c.url, key, c.other), 422, "idempotencyKeyReused");
      expect(await c.count(), c.url).toBe(before);
    }
    // Without the key nothing changes: the same team request creates a second team, as before.
    expect(
      (
        await server
          .request()
          .post("/v2/team")
          .set("Authorization", root)
          .send({ teamName: `Retry Co ${dialect}` })
      ).status,
    ).toBe(200);
    expect(await cases[0]!.count()).toBe(2);
  });

  it("fingerprints the raw CSV of an import: the same file replays, another file under the key is 422", async () => {
    const id = randomUUID();
    const csv = `username,firstName,lastName,team\ncsv-${dialect}-1,Ana,Silva,${team.slug}\n`;
    const url = `/v2/users/import?mode=apply&id=${id}`;
    const first = await keyed(server, root, "post", url, `csv-${id}`, csv, "text/csv");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.counts.created).toBe(1);
    const repeat = await keyed(server, root, "post", url, `csv-${id}`, csv, "text/csv");
    expect(replayed(repeat)).toBe(true);
    expect(repeat.body).toEqual(first.body);
    const other = `${csv}csv-${dialect}-2,Bea,Costa,${team.slug}\n`;
    expectError(await keyed(server, root, "post", url, `csv-${id}`, other, "text/csv"), 422, "idempotencyKeyReused");
    // A body that is not CSV is refused as before (the key does not change the route's checks).
    expectError(await keyed(server, root, "post", url, `json-${id}`, { a: 1 }), 400, "usersImport400");
  });

  it("answers 409 with Retry-After while the first request runs, and runs the request once the key is released", async () => {
    const key = randomUUID();
    const body = { teamName: `Busy ${dialect}` };
    const store = new IdempotencyStore(db());
    const claim = await store.claim(`admin:${rootRow.id}`, key, fingerprint("POST", "/v2/team", JSON.stringify(body)));
    expect(claim.kind).toBe("run");
    const busy = await keyed(server, root, "post", "/v2/team", key, body);
    expectError(busy, 409, "idempotencyKeyInFlight");
    expect(busy.headers["retry-after"]).toBe("1");
    if (claim.kind === "run") await store.release(`admin:${rootRow.id}`, key, claim.claimedAt);
    const ran = await keyed(server, root, "post", "/v2/team", key, body);
    expect(ran.status).toBe(200);
    expect(replayed(ran)).toBe(false);
  });

  it("keeps keys per principal, ignores the key on reads and public calls, and refuses malformed keys", async () => {
    const key = `shared-${randomUUID()}`;
    const a = await keyed(server, root, "post", "/v2/team", key, { teamName: `Root Co ${dialect}` });
    const b = await keyed(server, admin, "post", "/v2/team", key, { teamName: `Admin Co ${dialect}` });
    expect([a.status, replayed(a), b.status, replayed(b)]).toEqual([200, false, 403, false]);
    expect(b.body.error.code).not.toBe("idempotencyKeyReused");

    const read = await server.request().get("/v2/teams").set("Authorization", root).set("Idempotency-Key", "x\u00e9");
    expect(read.status).toBe(200);
    const publicCall = () =>
      server
        .request()
        .post("/v2/public/auth")
        .set("Idempotency-Key", key)
        .send({ username: "nobody@x.test", password: "0".repeat(128) });
    const [p1, p2] = [await publicCall(), await publicCall()];
    expect([replayed(p1), replayed(p2)]).toEqual([false, false]);

    for (const bad of ["", "x".repeat(256), "caf\u00e9"]) {
      expectError(await keyed(server, root, "post", "/v2/team", bad, { teamName: "Never" }), 400, "idempotencyKeyInvalid");
    }
    expect(await db().selectFrom("teams").select("id").where("teamName", "=", "Never").execute()).toEqual([]);
  });

  it("forgets an answer after 24 hours: housekeeping removes it and the repeat runs again", async () => {
    const key = randomUUID();
    const body = { teamName: `Daily ${dialect}` };
    const first = await keyed(server, root, "post", "/v2/team", key, body);
    expect(first.status).toBe(200);
    expect((await pruneExpired(db(), Date.now() + IDEMPOTENCY_TTL_MS - 60_000)).idempotencyKeys).toBe(0);
    expect(replayed(await keyed(server, root, "post", "/v2/team", key, body))).toBe(true);
    expect((await pruneExpired(db(), Date.now() + IDEMPOTENCY_TTL_MS + 1)).idempotencyKeys).toBeGreaterThanOrEqual(1);
    const later = await keyed(server, root, "post", "/v2/team", key, body);
    expect(later.status).toBe(200);
    expect(replayed(later)).toBe(false);
    expect(later.body.slug).not.toBe(first.body.slug);
  });
});

describe.each(testDialects())("idempotent writes across two instances on %s", (dialect) => {
  const { one, two } = useServerPair(dialect);
  let admin: string;
  let team: Row<"teams">;

  beforeAll(async () => {
    team = await buildTeam(one.database.db, { slug: "bill-co", contactEmailFinance: "finance@pair.test" });
    admin = await bearerFor(one.config, await buildAdmin(one.database.db, { teams: [team] }));
  });

  it("runs one purchase for 30 parallel repeats spread over both instances", async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => keyed(i % 2 === 0 ? one : two, admin, "post", "/v2/license", key, PURCHASE)),
    );
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    expect(answers.filter((res) => res.status === 200 && !replayed(res))).toHaveLength(1);
    const packs = await one.database.db.selectFrom("licensePacks").select("id").where("teamId", "=", team.id).execute();
    expect(packs).toHaveLength(1);
    const mails = await one.database.db.selectFrom("mailOutbox").select("id").where("toAddress", "=", "finance@pair.test").execute();
    expect(mails).toHaveLength(1);
    const later = await keyed(two, admin, "post", "/v2/license", key, PURCHASE);
    expect(replayed(later)).toBe(true);
  });
});
