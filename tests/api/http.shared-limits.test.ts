/**
 * The abuse guards' state is shared by every process (DESIGN §2): two app instances over one
 * database, as two processes behind a load balancer, spend one rate-limit budget per address
 * and redeem a captcha solution once between them; expired rows are pruned.
 */
import { createHash } from "node:crypto";
import { solveChallenge } from "altcha-lib/v1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/http/rate-limit";
import { createLogger } from "../../server/logger";
import { CaptchaService } from "../../server/services/identity/captcha";
import { pruneExpired, startHousekeeping } from "../../server/services/housekeeping/schedule";
import { DatabaseRateLimitStore } from "../../server/db/stores/rateLimitStore";
import { testDialects } from "../support/db";
import { nextClientIp, registrationBody, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { expectError } from "../support/expect";

/** What two processes of one deployment share: the secrets (so either checks the other's captcha challenges). */
const ENV = {
  TRUST_PROXY: "loopback",
  CAPTCHA: "altcha",
  JWT_SECRET: "shared-jwt-secret-for-two-instances-0123456789",
  SESSION_SECRET: "shared-session-secret-for-two-instances-012345",
  PASSWORD_PEPPER: "shared-password-pepper-for-two-instances-01234",
};

const nextIp = nextClientIp;
const registration = (captcha: string) => registrationBody({ captcha });

/** A challenge from `server`, solved as the sign-up island does: the base64 payload. */
async function solved(server: TestServer): Promise<string> {
  const res = await server.request().get("/v2/public/captcha");
  expect(res.status).toBe(200);
  const { algorithm, challenge, maxnumber, salt, signature } = res.body as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ algorithm, challenge, number: solution!.number, salt, signature })).toString("base64");
}

const signatureOf = (payload: string): string =>
  (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature: string }).signature;

describe.each(testDialects())("shared limits on %s", (dialect) => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await getTestServer({ dialect, env: ENV });
    b = await getTestServer({ env: ENV, shareDatabaseOf: a });
    await setSettings(a.database.db, "general", { registrationEnabled: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("two instances over one database really share it", () => {
    expect(b.database.db).not.toBe(a.database.db);
    expect(b.database.dialect).toBe(dialect);
  });

  it("spends one budget per address across instances: exactly `limit` of many parallel requests pass", async () => {
    const { limit } = RATE_LIMITS.register;
    const ip = "203.0.113.10";
    const sent = Array.from({ length: limit * 3 }, (_, i) =>
      (i % 2 === 0 ? a : b).request().post("/v2/public/register").set("X-Forwarded-For", ip).send({}),
    );
    const answers = await Promise.all(sent);
    const statuses = answers.map((r) => r.status);
    // Past the limiter every request fails validation (400); the rest are refused by it (429).
    expect(statuses.filter((s) => s === 400)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(limit * 2);
    for (const limited of answers.filter((r) => r.status === 429)) {
      expectError(limited, 429, "tooManyRequests");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.headers.ratelimit).toMatch(/limit=10, remaining=0/);
    }
    // Either instance refuses the address now; another address still has its budget on both.
    expectError(await a.request().post("/v2/public/register").set("X-Forwarded-For", ip).send({}), 429, "tooManyRequests");
    expectError(await b.request().post("/v2/public/register").set("X-Forwarded-For", ip).send({}), 429, "tooManyRequests");
    expect((await b.request().post("/v2/public/register").set("X-Forwarded-For", "203.0.113.11").send({})).status).toBe(400);
    const row = await a.database.db
      .selectFrom("rateLimits")
      .select(["hits", "resetAt"])
      .where("key", "=", `register:${ip}`)
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(limit * 3 + 2);
  });

  it("shares the sign-in budget between the API and the browser sign-in", async () => {
    const ip = "203.0.113.20";
    const body = { username: "nobody@example.test", password: "0".repeat(128), browser: "vitest" };
    for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
      const res =
        i % 2 === 0
          ? await a.request().post("/v2/public/auth").set("X-Forwarded-For", ip).send(body)
          : await b.request().post("/signin/en").set("X-Forwarded-For", ip).send(body);
      expect(res.status).not.toBe(429);
    }
    expectError(await a.request().post("/signin/en").set("X-Forwarded-For", ip).send(body), 429, "tooManyRequests");
    expectError(await b.request().post("/v2/public/auth").set("X-Forwarded-For", ip).send(body), 429, "tooManyRequests");
  });

  it("counts concurrent increments from two connection pools exactly once each", async () => {
    const one = new DatabaseRateLimitStore(a.database.db, "probe");
    const two = new DatabaseRateLimitStore(b.database.db, "probe");
    one.init({ windowMs: 60_000 });
    two.init({ windowMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? one : two).increment("192.0.2.1")));
    expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.resetTime?.getTime())).size).toBe(1);
    expect(await two.get("192.0.2.1")).toEqual({ totalHits: 40, resetTime: results[0]!.resetTime });
  });

  it("starts a new window after the old one, and supports decrement, resetKey and long keys", async () => {
    let now = 1_000_000;
    const store = new DatabaseRateLimitStore(a.database.db, "clock", () => now);
    store.init({ windowMs: 1_000 });
    expect(await store.increment("192.0.2.2")).toEqual({ totalHits: 1, resetTime: new Date(1_001_000) });
    now += 500;
    expect(await store.increment("192.0.2.2")).toEqual({ totalHits: 2, resetTime: new Date(1_001_000) });
    await store.decrement("192.0.2.2");
    expect(await store.get("192.0.2.2")).toEqual({ totalHits: 1, resetTime: new Date(1_001_000) });
    now += 500;
    expect(await store.get("192.0.2.2")).toBeUndefined();
    expect(await store.increment("192.0.2.2")).toEqual({ totalHits: 1, resetTime: new Date(1_002_000) });
    await store.resetKey("192.0.2.2");
    expect(await store.get("192.0.2.2")).toBeUndefined();
    expect(await store.increment("192.0.2.2")).toEqual({ totalHits: 1, resetTime: new Date(1_002_000) });

    const forged = "x".repeat(300);
    expect((await store.increment(forged)).totalHits).toBe(1);
    expect((await store.increment(forged)).totalHits).toBe(2);
    const keys = await a.database.db.selectFrom("rateLimits").select("key").where("key", "like", "clock:%").execute();
    expect(keys.map((k) => k.key).sort()).toEqual(
      ["clock:#" + createHash("sha256").update(forged).digest("hex"), "clock:192.0.2.2"].sort(),
    );
  });

  it("refuses on one instance a captcha solution redeemed on the other", async () => {
    // b accepts a's challenges (shared secret), so a refusal below is the replay, not the signature.
    const first = await solved(a);
    expect((await b.request().post("/v2/public/register").set("X-Forwarded-For", nextIp()).send(registration(first))).status).toBe(200);
    expectError(
      await a.request().post("/v2/public/register").set("X-Forwarded-For", nextIp()).send(registration(first)),
      400,
      "recaptchaError",
    );
    expectError(
      await b.request().post("/v2/public/register").set("X-Forwarded-For", nextIp()).send(registration(first)),
      400,
      "recaptchaError",
    );

    const second = await solved(b);
    expect((await a.request().post("/v2/public/register").set("X-Forwarded-For", nextIp()).send(registration(second))).status).toBe(200);
    expectError(
      await b.request().post("/v2/public/register").set("X-Forwarded-For", nextIp()).send(registration(second)),
      400,
      "recaptchaError",
    );

    // Only a hash of the signature is kept, until after the challenge has expired.
    const row = await a.database.db
      .selectFrom("captchaRedemptions")
      .selectAll()
      .where("signatureHash", "=", createHash("sha256").update(signatureOf(first)).digest("hex"))
      .executeTakeFirstOrThrow();
    expect(row.expiresAt).toBeGreaterThan(Date.now() + 10 * 60_000);
    const stored = JSON.stringify(await a.database.db.selectFrom("captchaRedemptions").selectAll().execute());
    expect(stored).not.toContain(signatureOf(first));
  });

  it("redeems one solution once when two instances receive it at the same time", async () => {
    const one = new CaptchaService(ENV.JWT_SECRET, a.database.db);
    const two = new CaptchaService(ENV.JWT_SECRET, b.database.db);
    for (let round = 0; round < 2; round++) {
      const payload = await solved(round % 2 === 0 ? a : b);
      const verdicts = await Promise.all([one.verify(payload), two.verify(payload), one.verify(payload), two.verify(payload)]);
      expect(verdicts.filter(Boolean)).toHaveLength(1);
    }
  });

  it("prunes expired windows, redemptions and sessions, and keeps the live ones", async () => {
    const db = a.database.db;
    const now = Date.now();
    await db
      .insertInto("rateLimits")
      .values([
        { key: "prune:old", hits: 3, resetAt: now - 1 },
        { key: "prune:live", hits: 3, resetAt: now + 60_000 },
      ])
      .execute();
    await db
      .insertInto("captchaRedemptions")
      .values([
        { signatureHash: "0".repeat(64), expiresAt: now - 1 },
        { signatureHash: "1".repeat(64), expiresAt: now + 60_000 },
      ])
      .execute();
    await db
      .insertInto("sessions")
      .values([
        { sid: "prune-old", sess: "{}", expiresAt: now - 1 },
        { sid: "prune-live", sess: "{}", expiresAt: now + 60_000 },
      ])
      .execute();
    const removed = await pruneExpired(db, now);
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);
    expect(removed.captchaRedemptions).toBeGreaterThanOrEqual(1);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    const keys = (await db.selectFrom("rateLimits").select("key").where("key", "like", "prune:%").execute()).map((r) => r.key);
    expect(keys).toEqual(["prune:live"]);
    const hashes = (
      await db
        .selectFrom("captchaRedemptions")
        .select("signatureHash")
        .where("signatureHash", "in", ["0".repeat(64), "1".repeat(64)])
        .execute()
    ).map((r) => r.signatureHash);
    expect(hashes).toEqual(["1".repeat(64)]);
    const sids = (await db.selectFrom("sessions").select("sid").where("sid", "like", "prune-%").execute()).map((r) => r.sid);
    expect(sids).toEqual(["prune-live"]);
    // Everything left is live: nothing expired survives a pass.
    expect(await db.selectFrom("rateLimits").select("key").where("resetAt", "<=", now).execute()).toEqual([]);
    expect(await db.selectFrom("captchaRedemptions").select("signatureHash").where("expiresAt", "<=", now).execute()).toEqual([]);
  });

  it("prunes on a timer until stopped", async () => {
    const db = b.database.db;
    const housekeeping = startHousekeeping({ db, logger: createLogger("silent"), intervalMs: 20 });
    try {
      await db
        .insertInto("rateLimits")
        .values({ key: "timer:old", hits: 1, resetAt: Date.now() - 1 })
        .execute();
      const deadline = Date.now() + 5_000;
      let left = 1;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        left = (await db.selectFrom("rateLimits").select("key").where("key", "=", "timer:old").execute()).length;
      }
      expect(left).toBe(0);
    } finally {
      await housekeeping.stop();
    }
    await db
      .insertInto("rateLimits")
      .values({ key: "timer:after", hits: 1, resetAt: Date.now() - 1 })
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.selectFrom("rateLimits").select("key").where("key", "=", "timer:after").execute()).toHaveLength(1);
  });
});
