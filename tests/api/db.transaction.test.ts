/**
 * runTransaction (server/db/transaction.ts): a transaction aborted for contention runs again,
 * a real PostgreSQL deadlock included; when the attempts run out the API answers 503
 * `contention` with Retry-After, never 500.
 */
import express from "express";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { DatabaseBusyError, isTransientConflict } from "../../server/db/errors";
import { runTransaction } from "../../server/db/transaction";
import { apiErrorHandler } from "../../server/http/errors";
import { createLogger } from "../../server/logger";
import { testDialects, withTestDatabase } from "../support/db";
import { buildTeam } from "../support/factories";

const FAST = { attempts: 3, baseDelayMs: 1 };
const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });

describe("contention errors", () => {
  it("recognizes PostgreSQL deadlocks, serialization failures and lock timeouts, and SQLite busy/locked", () => {
    for (const code of ["40P01", "40001", "55P03", "SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED"])
      expect(isTransientConflict(conflict(code)), code).toBe(true);
    for (const code of ["23505", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_BUSYNESS", "57014"])
      expect(isTransientConflict(conflict(code)), code).toBe(false);
    expect(isTransientConflict(new Error("deadlock detected"))).toBe(false);
  });

  it("answers 503 contention with Retry-After, not 500, when the retries ran out or a conflict escaped", async () => {
    const app = express();
    app.get("/busy", () => {
      throw new DatabaseBusyError(5, { cause: conflict("40P01") });
    });
    app.get("/raw", () => {
      throw conflict("SQLITE_BUSY");
    });
    app.use(apiErrorHandler(createLogger("silent")));
    for (const path of ["/busy", "/raw"]) {
      const res = await supertest(app).get(path);
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.body.error).toMatchObject({ code: "contention", status: 503 });
      expect(JSON.stringify(res.body)).not.toMatch(/40P01|SQLITE|stack/);
    }
  });
});

describe.each(testDialects())("runTransaction on %s", (dialect) => {
  const testDb = withTestDatabase(dialect);

  it("runs the work again after a contention error and commits only the last run", async () => {
    const { db } = testDb();
    const team = await buildTeam(db);
    let runs = 0;
    const result = await runTransaction(
      db,
      async (trx) => {
        runs++;
        await trx
          .updateTable("teams")
          .set({ teamName: `run ${runs}` })
          .where("id", "=", team.id)
          .execute();
        if (runs < 3) throw conflict(dialect === "postgres" ? "40P01" : "SQLITE_BUSY_SNAPSHOT");
        return runs;
      },
      FAST,
    );
    expect(result).toBe(3);
    expect((await db.selectFrom("teams").select("teamName").where("id", "=", team.id).executeTakeFirstOrThrow()).teamName).toBe("run 3");
  });

  it("does not run again after a plain SQLITE_BUSY: busy_timeout already waited, synchronously", async () => {
    const { db } = testDb();
    let runs = 0;
    const busy = runTransaction(
      db,
      async () => {
        runs++;
        throw conflict("SQLITE_BUSY");
      },
      FAST,
    );
    await expect(busy).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(runs).toBe(1);
  });

  it("gives up after the attempts with DatabaseBusyError, and never retries other errors", async () => {
    const { db } = testDb();
    let runs = 0;
    const busy = runTransaction(
      db,
      async () => {
        runs++;
        throw conflict("40001");
      },
      FAST,
    );
    await expect(busy).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(runs).toBe(3);
    runs = 0;
    const other = runTransaction(
      db,
      async () => {
        runs++;
        throw conflict("23505");
      },
      FAST,
    );
    await expect(other).rejects.toMatchObject({ code: "23505" });
    expect(runs).toBe(1);
  });
});

describe.each(testDialects().filter((d) => d === "postgres"))("a real deadlock on %s", (dialect) => {
  const testDb = withTestDatabase(dialect);

  it("is broken by PostgreSQL and the losing transaction succeeds on its next run", async () => {
    const { db } = testDb();
    const [a, b] = [await buildTeam(db), await buildTeam(db)];
    let firstLocks = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    // Each takes one row, waits until the other holds its own (first run only), then wants the other's.
    const crossing = (first: number, second: number) =>
      runTransaction(db, async (trx) => {
        runs++;
        await trx.updateTable("teams").set({ updatedAt: Date.now() }).where("id", "=", first).execute();
        if (++firstLocks === 2) release();
        await bothLocked;
        await trx.updateTable("teams").set({ updatedAt: Date.now() }).where("id", "=", second).execute();
      });
    await Promise.all([crossing(a.id, b.id), crossing(b.id, a.id)]);
    expect(runs).toBe(3);
  });
});
