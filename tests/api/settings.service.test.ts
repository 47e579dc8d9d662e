/**
 * Service API: the effective settings of a team (system settings with
 * the team's overrides laid over them, ETag and 304 while unchanged) and the app version check.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("settings for the service on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let service: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    server
      .request()
      .get(url)
      .set({ Authorization: service, ...headers });
  const put = (url: string, body: object) => server.request().put(url).set("Authorization", root).send(body);

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root", teams: [] }));
    const created = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "settings gateway" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    service = `Bearer ${created.body.token as string}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("merges the team's overrides over the system settings, and answers 304 until either changes", async () => {
    const team = await buildTeam(server.database.db, { slug: `svc-${dialect}` });
    expect((await put("/v2/team/settings", { slug: team.slug, customSettings: { messaging: { messageTtlSeconds: 3600 } } })).status).toBe(
      200,
    );
    expect((await put("/v2/settings/messaging", { messageRateLimit: 77 })).status).toBe(200);
    const first = await get(`/v2/service/settings?team=${team.slug}`);
    expect(first.status).toBe(200);
    expect(first.body.settings.messaging).toEqual({ messageTtlSeconds: 3600, messageRateLimit: 77 });
    expect(first.body.overrides).toEqual({ messaging: ["messageTtlSeconds"] });
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${first.body.version as string}"`);
    expect((await get(`/v2/service/settings?team=${team.slug}`, { "If-None-Match": etag })).status).toBe(304);

    expect((await put("/v2/settings/messaging", { messageRateLimit: 78 })).status).toBe(200);
    const changed = await get(`/v2/service/settings?team=${team.slug}`, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body.settings.messaging.messageRateLimit).toBe(78);
    const system = await get("/v2/service/settings");
    expect(system.body.settings.messaging.messageTtlSeconds).not.toBe(3600);
    expectError(await get("/v2/service/settings?team=no-such-team"), 404, "notFound");
  });

  it("serves the TURN password to the service (the apps need it), unlike the console API", async () => {
    expect(
      (await put("/v2/settings/calling", { turn: { url: "turn:relay.example.com:3478", username: "relay", password: "Svc-Secret-9" } }))
        .status,
    ).toBe(200);
    expect((await get("/v2/service/settings")).body.settings.calling.turn.password).toBe("Svc-Secret-9");
  });

  it("checks a client's app version against its platform's policy", async () => {
    expect(
      (
        await put("/v2/settings/apps", {
          android: { minVersion: "5.0.0", lastVersion: "5.2.0", downloadUrl: "https://dl.example.com/android" },
        })
      ).status,
    ).toBe(200);
    const check = async (version: string) => (await get(`/v2/service/apps/check?platform=1&version=${version}`)).body;
    expect(await check("4.9.9")).toEqual({
      status: "unsupported",
      minVersion: "5.0.0",
      lastVersion: "5.2.0",
      downloadUrl: "https://dl.example.com/android",
    });
    expect((await check("5.1.0")).status).toBe("updateAvailable");
    expect((await check("5.2.0")).status).toBe("supported");
    expect((await check("5.10.0")).status).toBe("supported");
    expectError(await get("/v2/service/apps/check?platform=7&version=1.0.0"), 400, "badParameters");
    expectError(await get("/v2/service/apps/check?platform=1&version=01.0.0"), 400, "badParameters");
    expect((await server.request().get("/v2/service/apps/check?platform=1&version=5.1.0").set("Authorization", root)).status).toBe(401);
  });
});
