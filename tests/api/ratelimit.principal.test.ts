/**
 * The per-principal budget of authenticated /v2 calls, both dialects: draft-7 RateLimit headers
 * on every authenticated answer (admin and service token), 429 tooManyRequests with Retry-After
 * past `security.apiRateLimitPerMinute`, one principal's budget leaves another's alone, a
 * replayed idempotent answer still counts, and two instances spend one budget between them.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { settingsRange } from "../../shared/limits";
import { testDialects } from "../support/db";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, setSettings } from "../support/factories";
import { useServerPair, useTestServer } from "../support/lifecycle";

/** The lowest budget the setting allows: the tests spend it quickly. */
const LIMIT = settingsRange.apiRateLimitPerMinute.min;

describe.each(testDialects())("per-principal rate limit on %s", (dialect) => {
  const server = useTestServer({ dialect });
  let root: string;
  let other: string;
  let service: string;

  beforeAll(async () => {
    // Before the first authenticated call: the setting is then read once and reused.
    await setSettings(server.database.db, "security", { apiRateLimitPerMinute: LIMIT });
    root = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
    other = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
    const created = await server.request().post("/v2/service-tokens").set("Authorization", other).send({ name: "gateway" });
    service = `Bearer ${(created.body as { token: string }).token}`;
  });

  it("sends the headers, answers 429 with Retry-After past the budget, and counts replays", async () => {
    const first = await server.request().get("/v2/me").set("Authorization", root);
    expect(first.status).toBe(200);
    expect(first.headers["ratelimit-policy"]).toBe(`${LIMIT};w=60`);
    expect(first.headers.ratelimit).toMatch(new RegExp(`^limit=${LIMIT}, remaining=${LIMIT - 1}, reset=\\d+$`));
    const key = randomUUID();
    const created = await server
      .request()
      .post("/v2/team")
      .set("Authorization", root)
      .set("Idempotency-Key", key)
      .send({ teamName: "Counted" });
    expect(created.status).toBe(200);
    const replay = await server
      .request()
      .post("/v2/team")
      .set("Authorization", root)
      .set("Idempotency-Key", key)
      .send({ teamName: "Counted" });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.headers.ratelimit).toMatch(new RegExp(`remaining=${LIMIT - 3},`));
    for (let i = 3; i < LIMIT; i++) expect((await server.request().get("/v2/me").set("Authorization", root)).status).toBe(200);
    const limited = await server.request().get("/v2/me").set("Authorization", root);
    expectError(limited, 429, "tooManyRequests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers.ratelimit).toMatch(/remaining=0/);

    // Another principal (an admin, a service token) has a budget of its own: `other` made one call before.
    const elsewhere = await server.request().get("/v2/me").set("Authorization", other);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.ratelimit).toMatch(new RegExp(`remaining=${LIMIT - 2},`));
    const serviceCall = await server.request().get("/v2/service/wipes").set("Authorization", service);
    expect(serviceCall.status).toBe(200);
    expect(serviceCall.headers.ratelimit).toMatch(new RegExp(`^limit=${LIMIT}, remaining=${LIMIT - 1},`));
  });

  it("leaves public calls to their per-address limits", async () => {
    const res = await server.request().get("/v2/public/settings");
    expect(res.status).toBe(200);
    expect(res.headers.ratelimit).toBeUndefined();
  });
});

describe.each(testDialects())("per-principal rate limit across two instances on %s", (dialect) => {
  const { one, two } = useServerPair(dialect);
  let auth: string;

  beforeAll(async () => {
    await setSettings(one.database.db, "security", { apiRateLimitPerMinute: LIMIT });
    auth = await bearerFor(one.config, await buildAdmin(one.database.db, { role: "root" }));
  });

  it("spends one budget per principal between the instances", async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await (i % 2 === 0 ? one : two).request().get("/v2/me").set("Authorization", auth);
      expect(res.status).toBe(200);
    }
    expectError(await one.request().get("/v2/me").set("Authorization", auth), 429, "tooManyRequests");
    expectError(await two.request().get("/v2/me").set("Authorization", auth), 429, "tooManyRequests");
  });
});
