/**
 * What the Idempotency-Key middleware keeps, on both dialects, over a small app whose handlers
 * answer what a test needs: 2xx and 4xx answers are final (replayed with Location), a 5xx or a
 * 429 releases the key so the retry runs again, an answer that is not JSON releases it when it
 * ends, a running request past its lease is taken over, and an answer is gone after 24 hours.
 */
import express, { type ErrorRequestHandler } from "express";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, IdempotencyStore } from "../../server/db/stores/idempotencyStore";
import { AppError } from "../../server/errors";
import { idempotency, keepBodyHash } from "../../server/http/idempotency";
import { testDialects, withTestDatabase } from "../support/db";

describe.each(testDialects())("idempotency semantics on %s", (dialect) => {
  const database = withTestDatabase(dialect);
  let clock = 1_800_000_000_000;
  const runs: Record<string, number> = {};
  const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);

  /** An app with one principal per `X-Who` header, behind the middleware on a settable clock. */
  function app() {
    const a = express();
    a.use(express.json({ verify: keepBodyHash }));
    a.use((req, res, next) => {
      res.locals.auth = { admin: { id: Number(req.get("x-who") ?? 1) }, via: "token" };
      next();
    });
    a.use(idempotency(database().db, () => clock));
    a.post("/created", (_req, res) => {
      count("created");
      res.status(201).set("Location", "/things/7").json({ id: 7, run: runs.created });
    });
    a.post("/flaky", (_req, res) => {
      const n = count("flaky");
      if (n === 1) res.status(503).json({ error: "down" });
      else if (n === 2) res.status(429).json({ error: "slow down" });
      else res.json({ run: n });
    });
    a.post("/missing", (_req, res) => {
      count("missing");
      res.status(404).json({ error: "no such thing" });
    });
    a.post("/crash", () => {
      count("crash");
      throw new Error("boom");
    });
    a.post("/text", (_req, res) => {
      res.type("text/plain").send(`run ${count("text")}`);
    });
    a.post("/slow", (_req, res) => {
      res.json({ run: count("slow") });
    });
    const errors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
      const status = error instanceof AppError ? error.status : 500;
      res.status(status).json({ code: error instanceof AppError ? error.code : "internal" });
    };
    a.use(errors);
    return supertest(a);
  }
  const post = (path: string, key: string, body: object = { a: 1 }, who = "1") =>
    app().post(path).set("Idempotency-Key", key).set("X-Who", who).send(body);

  it("replays a 2xx with its status and Location, and a 4xx, without running the handler again", async () => {
    const first = await post("/created", "c1");
    const again = await post("/created", "c1");
    expect([first.status, again.status, again.headers.location, again.headers["idempotent-replayed"]]).toEqual([
      201,
      201,
      "/things/7",
      "true",
    ]);
    expect(again.body).toEqual(first.body);
    expect(runs.created).toBe(1);
    expect((await post("/missing", "m1")).status).toBe(404);
    const replay = await post("/missing", "m1");
    expect([replay.status, replay.headers["idempotent-replayed"], runs.missing]).toEqual([404, "true", 1]);
  });

  it("releases the key on a 5xx, a 429 and a crash, so the retry runs again", async () => {
    expect((await post("/flaky", "f1")).status).toBe(503);
    expect((await post("/flaky", "f1")).status).toBe(429);
    const ok = await post("/flaky", "f1");
    expect([ok.status, ok.body, ok.headers["idempotent-replayed"]]).toEqual([200, { run: 3 }, undefined]);
    expect((await post("/flaky", "f1")).headers["idempotent-replayed"]).toBe("true");
    expect((await post("/crash", "x1")).status).toBe(500);
    expect((await post("/crash", "x1")).status).toBe(500);
    expect(runs.crash).toBe(2);
  });

  it("does not keep an answer that is not JSON: the key is released when it ends", async () => {
    expect((await post("/text", "t1")).text).toBe("run 1");
    // The release follows the end of the answer: wait for it rather than race it.
    const held = () => database().db.selectFrom("idempotencyKeys").select("key").where("key", "=", "t1").executeTakeFirst();
    for (let i = 0; i < 100 && (await held()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await held()).toBeUndefined();
    expect((await post("/text", "t1")).text).toBe("run 2");
  });

  it("refuses the key with another body or path (422), and keeps principals apart", async () => {
    await post("/slow", "s1", { a: 1 });
    expect((await post("/slow", "s1", { a: 2 })).body).toEqual({ code: "idempotencyKeyReused" });
    expect((await post("/created", "s1", { a: 1 })).body).toEqual({ code: "idempotencyKeyReused" });
    // Same bytes, other principal: runs on its own.
    const other = await post("/slow", "s1", { a: 1 }, "2");
    expect([other.status, other.headers["idempotent-replayed"]]).toEqual([200, undefined]);
  });

  it("lets a repeat take over a running request past its lease, and runs again after 24 hours", async () => {
    const store = new IdempotencyStore(database().db, () => clock);
    const fingerprintOf = async () => {
      const row = await database()
        .db.selectFrom("idempotencyKeys")
        .select("fingerprint")
        .where("key", "=", "s1")
        .where("principal", "=", "admin:1")
        .executeTakeFirstOrThrow();
      return row.fingerprint;
    };
    const fp = await fingerprintOf();
    // A running row for /slow with the body {a:1}: the repeat waits (409) until the lease is over.
    await database()
      .db.insertInto("idempotencyKeys")
      .values({
        principal: "admin:1",
        key: "held",
        fingerprint: fp,
        status: null,
        headers: null,
        body: null,
        createdAt: clock,
        expiresAt: clock + IDEMPOTENCY_LEASE_MS,
      })
      .execute();
    const busy = await post("/slow", "held");
    expect([busy.status, busy.body, busy.headers["retry-after"]]).toEqual([409, { code: "idempotencyKeyInFlight" }, "1"]);
    clock += IDEMPOTENCY_LEASE_MS;
    const taken = await post("/slow", "held");
    expect([taken.status, taken.headers["idempotent-replayed"]]).toEqual([200, undefined]);
    // The process that held the lease cannot store over the new holder's answer.
    await store.store("admin:1", "held", clock - IDEMPOTENCY_LEASE_MS, { status: 500, headers: {}, body: "{}" });
    const kept = await post("/slow", "held");
    expect([kept.body, kept.headers["idempotent-replayed"]]).toEqual([taken.body, "true"]);
    clock += IDEMPOTENCY_TTL_MS;
    const fresh = await post("/slow", "held");
    expect([fresh.status, fresh.headers["idempotent-replayed"]]).toEqual([200, undefined]);
    expect(fresh.body).not.toEqual(taken.body);
  });

  it("answers 400 for a malformed key and ignores the key without a principal", async () => {
    expect((await post("/slow", "x".repeat(256))).body).toEqual({ code: "idempotencyKeyInvalid" });
    const anonymous = express();
    anonymous.use(
      express.json({ verify: keepBodyHash }),
      idempotency(database().db, () => clock),
    );
    anonymous.post("/open", (_req, res) => {
      res.json({ run: count("open") });
    });
    const call = () => supertest(anonymous).post("/open").set("Idempotency-Key", "o1").send({});
    expect([(await call()).body, (await call()).body]).toEqual([{ run: 1 }, { run: 2 }]);
  });
});
