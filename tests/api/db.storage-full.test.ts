/**
 * Issue #32 item 9: a full disk. SQLite rolls a transaction back by itself on SQLITE_FULL; the
 * ROLLBACK sent after it used to throw "cannot rollback - no transaction is active" and hide the
 * cause, so an edit, a create or a bulk action answered 500. Now every write path answers 503
 * `storageFull` (Retry-After 300), changes nothing, and works again once space is freed.
 *
 * The disk is filled on the server's own (and only) connection: `PRAGMA max_page_count` caps the
 * file a few pages above its size, a filler table takes the free pages, then the same write is
 * repeated until one needs a page it cannot get. Each loop is bounded, so a path that never fails
 * fails the test instead of hanging it. PostgreSQL's disk_full (53100) is classified by code.
 */
import express from "express";
import { sql, type Kysely } from "kysely";
import supertest, { type Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStorageFull, explainStartupFailure } from "../../server/db/unavailable";
import { runTransaction } from "../../server/db/transaction";
import type { Database, Row } from "../../server/db/types";
import { apiErrorHandler } from "../../server/http/errors";
import { createLogger } from "../../server/logger";
import { createTestDatabase } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { insertUsers } from "./users.support";

/** SQLite's largest page count: the cap when none is set. */
const NO_CAP = 4294967294;
/** Far more writes than a few free pages can hold: reaching it means the path never hit SQLITE_FULL. */
const MAX_WRITES = 400;

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

/** Caps the database a few pages above its size and takes those pages with filler rows. */
async function fillDisk(db: Kysely<Database>): Promise<void> {
  await sql`create table if not exists disk_filler (b blob)`.execute(db);
  const { pageCount } = (await sql<{ pageCount: number }>`pragma page_count`.execute(db)).rows[0]!;
  await sql.raw(`pragma max_page_count = ${pageCount + 4}`).execute(db);
  for (let i = 0; i < MAX_WRITES; i++) {
    try {
      await sql`insert into disk_filler (b) values (randomblob(1000))`.execute(db);
    } catch (error) {
      expect(codeOf(error)).toBe("SQLITE_FULL");
      return;
    }
  }
  throw new Error("the filler never met SQLITE_FULL");
}

/** Gives the space back: the filler's pages return to the free list and the cap is lifted. */
async function freeDisk(db: Kysely<Database>): Promise<void> {
  await sql`delete from disk_filler`.execute(db);
  await sql.raw(`pragma max_page_count = ${NO_CAP}`).execute(db);
}

/** Sends `write(i)` for i = 0, 1, … until an answer is not `okStatus`; returns the last success index and the failure. */
async function writeUntilRefused(
  write: (i: number) => Promise<Response>,
  okStatus = 200,
): Promise<{ succeeded: number; refused: Response }> {
  for (let i = 0; i < MAX_WRITES; i++) {
    const res = await write(i);
    if (res.status !== okStatus) return { succeeded: i, refused: res };
  }
  throw new Error(`${MAX_WRITES} writes all succeeded on a full disk`);
}

function expectStorageFull(res: Response): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error).toMatchObject({ code: "storageFull", status: 503 });
  expect(res.body.error.message).toMatch(/storage is full/);
  expect(res.headers["retry-after"]).toBe("300");
  expect(JSON.stringify(res.body)).not.toMatch(/SQLITE|rollback|stack/i);
}

describe("a full disk on SQLite", () => {
  let server: TestServer;
  let auth: string;
  let team: Row<"teams">;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await getTestServer({ dialect: "sqlite" });
    auth = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
    team = await buildTeam(db());
    await buildPack(db(), { team, licenseCount: 5_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers an edit 503 storageFull, keeps the last saved edit, and edits again once space is freed", { timeout: 60_000 }, async () => {
    const user = await buildUser(db(), { team });
    await fillDisk(db());
    const { succeeded, refused } = await writeUntilRefused((i) =>
      server
        .request()
        .put("/v2/user")
        .set("Authorization", auth)
        .send({ uid: user.uid, firstName: `Edit ${i}`, lastName: "Full".repeat(10) }),
    );
    expectStorageFull(refused);
    const saved = await db().selectFrom("users").select("firstName").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(saved.firstName).toBe(succeeded === 0 ? user.firstName : `Edit ${succeeded - 1}`);
    await freeDisk(db());
    const again = await server.request().put("/v2/user").set("Authorization", auth).send({ uid: user.uid, firstName: "After" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("answers a create 503 storageFull and creates nothing", { timeout: 60_000 }, async () => {
    await fillDisk(db());
    const username = (i: number) => `full-${i}@disk.test`;
    const { refused, succeeded } = await writeUntilRefused((i) =>
      server
        .request()
        .post("/v2/user")
        .set("Authorization", auth)
        .send({ username: username(i), firstName: "Full", lastName: String(i), team: team.slug }),
    );
    expectStorageFull(refused);
    expect(await db().selectFrom("users").select("id").where("username", "=", username(succeeded)).execute()).toEqual([]);
    await freeDisk(db());
    const again = await server
      .request()
      .post("/v2/user")
      .set("Authorization", auth)
      .send({ username: username(succeeded), firstName: "Full", lastName: "again", team: team.slug });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it(
    "answers a create with an Idempotency-Key 503 storageFull and runs it again, once, when space is back",
    { timeout: 60_000 },
    async () => {
      await fillDisk(db());
      const send = (i: number) =>
        server
          .request()
          .post("/v2/user")
          .set("Authorization", auth)
          .set("Idempotency-Key", `full-key-${i}`)
          .send({ username: `keyed-${i}@disk.test`, firstName: "Keyed", lastName: String(i), team: team.slug });
      const { refused, succeeded } = await writeUntilRefused(send);
      expectStorageFull(refused);
      await freeDisk(db());
      // The refusal was not kept as the key's answer: the same request runs now, and a repeat replays it.
      const again = await send(succeeded);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const repeat = await send(succeeded);
      expect(repeat.headers["idempotent-replayed"]).toBe("true");
      expect(await db().selectFrom("users").select("id").where("username", "=", `keyed-${succeeded}@disk.test`).execute()).toHaveLength(1);
    },
  );

  it("answers a bulk action 503 storageFull and leaves every user as it was", { timeout: 60_000 }, async () => {
    const uids = await insertUsers(db(), team.id, 300, "fullbulk");
    await fillDisk(db());
    const action = (i: number) => (i % 2 === 0 ? "block" : "activate");
    const { refused, succeeded } = await writeUntilRefused((i) =>
      server
        .request()
        .put(`/v2/users/${action(i)}`)
        .set("Authorization", auth)
        .send({ uids }),
    );
    expectStorageFull(refused);
    // The refused call changed nobody: all are as the last successful call left them.
    const expected = succeeded === 0 ? "active" : action(succeeded - 1) === "block" ? "blocked" : "active";
    const statuses = await db().selectFrom("users").select("status").distinct().where("uid", "in", uids).execute();
    expect(statuses).toEqual([{ status: expected }]);
    await freeDisk(db());
    const again = await server
      .request()
      .put(`/v2/users/${action(succeeded)}`)
      .set("Authorization", auth)
      .send({ uids });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe("SQLITE_FULL inside a transaction", () => {
  it("reaches the caller as SQLITE_FULL, not as the failed ROLLBACK after SQLite's own rollback", { timeout: 60_000 }, async () => {
    const handle = await createTestDatabase("sqlite");
    try {
      const db = handle.db;
      await fillDisk(db);
      const attempt = runTransaction(db, async (trx) => {
        for (let i = 0; i < MAX_WRITES; i++) await sql`insert into disk_filler (b) values (randomblob(1000))`.execute(trx);
      });
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(codeOf(error)).toBe("SQLITE_FULL");
      expect(isStorageFull(error)).toBe(true);
      // The connection is usable afterwards: no transaction left open, none waiting.
      await freeDisk(db);
      await runTransaction(db, async (trx) => {
        await sql`insert into disk_filler (b) values (randomblob(10))`.execute(trx);
      });
      expect((await sql<{ n: number }>`select count(*) as n from disk_filler`.execute(db)).rows[0]!.n).toBe(1);
    } finally {
      await handle.destroy();
    }
  });

  it("names the database file and the cause when a start-up write meets a full disk", { timeout: 60_000 }, async () => {
    const handle = await createTestDatabase("sqlite", { migrate: false });
    try {
      await sql.raw("pragma max_page_count = 3").execute(handle.db);
      const { migrateToLatest } = await import("../../server/db/migrate");
      const failure = await migrateToLatest(handle.db).then(
        () => null,
        (e: unknown) => e,
      );
      const explained = explainStartupFailure(failure, handle.options) as Error;
      expect(explained.message).toContain(handle.options.sqlitePath);
      expect(explained.message).toMatch(/disk that holds it is full \(SQLITE_FULL\)/);
      expect(explained.message).toMatch(/Free space/);
      // Any other failure is left as it was.
      const other = new Error("something else");
      expect(explainStartupFailure(other, handle.options)).toBe(other);
    } finally {
      await handle.destroy();
    }
  });
});

describe("a full disk on PostgreSQL (53100 disk_full)", () => {
  it("answers 503 storageFull by the SQLSTATE, whether thrown or as a cause", async () => {
    const diskFull = Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" });
    const app = express();
    app.get("/raw", () => {
      throw diskFull;
    });
    app.get("/wrapped", () => {
      throw new Error("wrapped", { cause: diskFull });
    });
    app.use(apiErrorHandler(createLogger("silent")));
    for (const path of ["/raw", "/wrapped"]) expectStorageFull(await supertest(app).get(path));
    const message = (
      explainStartupFailure(diskFull, { databaseUrl: "postgres://u:secret@db.example:5433/bulwark", sqlitePath: "" }) as Error
    ).message;
    expect(message).toContain("PostgreSQL at db.example:5433/bulwark");
    expect(message).toContain("(53100)");
    expect(message).not.toContain("secret");
  });
});
