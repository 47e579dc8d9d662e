/**
 * Private edition: activation of vendor-signed Ed25519 tokens on both dialects. A token
 * made by the mint code with the test's own key activates once (a replay, also from a second
 * app instance, is 409); a token signed by another key, a tampered count, a malformed token, an
 * expired offer and another installation's token are refused with their reasons; validation has
 * no side effect; only root activates.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { encodeToken, type TokenPayload } from "../../server/services/licenses/tokens";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { useServerPair } from "../support/lifecycle";
import { getTestServer, type TestServer } from "../support/server";

const vendor = generateKeyPairSync("ed25519");
const stranger = generateKeyPairSync("ed25519");
const PUBLIC_PEM = vendor.publicKey.export({ type: "spki", format: "pem" }).toString();
const ENV = { EDITION: "private", LICENSE_PUBLIC_KEY: PUBLIC_PEM, LICENSE_INSTALLATION_ID: "inst-1" };

/** A payload for `team` with the given overrides. */
const payload = (overrides: Partial<TokenPayload> = {}): TokenPayload => ({
  v: 1,
  id: randomUUID(),
  team: "acme",
  type: "subscription",
  count: 100,
  term: 12,
  iat: new Date().toISOString(),
  ...overrides,
});

describe.each(testDialects())("license activation (private edition) on %s", (dialect) => {
  const { one: server, two: second } = useServerPair(dialect, ENV);
  let root: string;
  let admin: string;
  let team: Row<"teams">;
  const db = () => server.database.db;
  const post = (s: TestServer, auth: string, url: string, body: object) => s.request().post(url).set("Authorization", auth).send(body);
  const activate = (body: object, s = server, auth = root) => post(s, auth, "/v2/license", body);
  const validate = (token: string, auth = root) => post(server, auth, "/v2/license/validate", { token });

  beforeAll(async () => {
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
    team = await buildTeam(db(), { slug: "acme" });
    await buildTeam(db(), { slug: "beta" });
    admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
  });

  it("validates without side effects, activates once, and refuses the replay (also on another instance)", async () => {
    const grant = payload();
    const token = encodeToken(grant, vendor.privateKey);
    const check = await validate(token);
    expect(check.body).toEqual({
      valid: true,
      grants: {
        tokenId: grant.id,
        team: "acme",
        licenseType: "subscription",
        licenseCount: 100,
        expiration: null,
        termMonths: 12,
        installationId: null,
        issuedAt: grant.iat,
      },
    });
    expect(await db().selectFrom("licensePacks").select("id").execute()).toEqual([]);
    const res = await activate({ token: `  ${token}\n` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ team: "acme", licenseCount: 100, source: "activation", tokenId: grant.id, state: "valid" });
    const log = await db().selectFrom("accessLog").selectAll().where("action", "=", "license.activate").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({ tokenId: grant.id, licenseCount: 100 });
    expect((await validate(token)).body).toMatchObject({ valid: false, reason: "alreadyUsed" });
    for (const s of [server, second]) {
      const replay = await activate({ token }, s);
      expect([replay.status, replay.body.error.code]).toEqual([409, "licenseActivate409"]);
    }
    expect(await db().selectFrom("licensePacks").select("id").where("tokenId", "=", grant.id).execute()).toHaveLength(1);
  });

  it("activates a replayed token once when two instances race for it", async () => {
    const token = encodeToken(payload(), vendor.privateKey);
    const answers = await Promise.all([
      activate({ token }, server),
      activate({ token }, second),
      activate({ token }, server),
      activate({ token }, second),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
  });

  it("never accepts a token signed by another key, a tampered count or a malformed token", async () => {
    const foreign = encodeToken(payload(), stranger.privateKey);
    expect((await validate(foreign)).body).toEqual({ valid: false, reason: "badSignature" });
    const refused = await activate({ token: foreign });
    expect([refused.status, refused.body.error.code, refused.body.error.details]).toEqual([
      404,
      "licenseActivate404",
      { reason: "badSignature" },
    ]);
    const [body, signature] = encodeToken(payload({ count: 10 }), vendor.privateKey).split(".");
    const inflated = Buffer.from(Buffer.from(body!, "base64url").toString().replace('"count":10', '"count":10000')).toString("base64url");
    expect((await validate(`${inflated}.${signature}`)).body).toEqual({ valid: false, reason: "badSignature" });
    expect((await activate({ token: `${inflated}.${signature}` })).body.error.code).toBe("licenseActivate404");
    const unsigned = `${body}.${Buffer.alloc(64).toString("base64url")}`;
    expect((await validate(unsigned)).body).toEqual({ valid: false, reason: "badSignature" });
    expect((await validate("not-a-token-at-all-xyz")).body).toEqual({ valid: false, reason: "malformed" });
    expect(await db().selectFrom("licensePacks").select("id").where("licenseCount", "=", 10000).execute()).toEqual([]);
  });

  it("refuses an expired offer (410) and another installation's token (422); accepts its own installation", async () => {
    const stale = encodeToken(payload({ term: undefined, exp: new Date(Date.now() - 1000).toISOString() }), vendor.privateKey);
    expect((await validate(stale)).body).toMatchObject({ valid: false, reason: "expiredOffer" });
    expect((await activate({ token: stale })).body.error).toMatchObject({ code: "licenseActivate410", status: 410 });
    const elsewhere = encodeToken(payload({ inst: "inst-2" }), vendor.privateKey);
    expect((await validate(elsewhere)).body).toMatchObject({ valid: false, reason: "wrongInstallation" });
    expect((await activate({ token: elsewhere })).body.error).toMatchObject({ code: "licenseActivate422", status: 422 });
    const fixed = new Date(Date.now() + 400 * 86_400_000).toISOString();
    const here = encodeToken(payload({ inst: "inst-1", term: undefined, exp: fixed }), vendor.privateKey);
    const res = await activate({ token: here });
    expect([res.status, res.body.expiration]).toEqual([200, fixed]);
  });

  it("lets the activator choose the team only when the token allows it", async () => {
    const open = encodeToken(payload({ team: null, count: 7 }), vendor.privateKey);
    expect((await activate({ token: open })).body.error.code).toBe("licenseActivate400");
    expect((await activate({ token: open, team: "nowhere" })).body.error.code).toBe("licenseCreate404");
    const res = await activate({ token: open, team: "beta" });
    expect([res.status, res.body.team, res.body.licenseCount]).toEqual([200, "beta", 7]);
    const bound = encodeToken(payload({ team: "acme" }), vendor.privateKey);
    expect((await activate({ token: bound, team: "beta" })).body.error.code).toBe("licenseActivate422");
  });

  it("is root-only; the private edition has no purchase body", async () => {
    const token = encodeToken(payload(), vendor.privateKey);
    expect((await activate({ token }, server, admin)).body.error.code).toBe("licenseActivate403");
    expect((await validate(token, admin)).body.error.code).toBe("licenseValidate403");
    expect((await activate({ team: "acme", licenseType: "subscription", licenseCount: 1, termMonths: 1 })).status).toBe(400);
  });
});

describe("license activation without a configured key", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ env: { EDITION: "private" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses every token as notConfigured", async () => {
    const root = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
    const token = encodeToken(payload(), vendor.privateKey);
    expect((await server.request().post("/v2/license/validate").set("Authorization", root).send({ token })).body).toEqual({
      valid: false,
      reason: "notConfigured",
    });
  });
});
