import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { dialectOf, escapeLike, inValues, likeContains, likePrefix } from "../../server/db/dialect";
import { constraintViolation } from "../../server/db/errors";
import { fromFlag, toFlag } from "../../server/db/flags";
import { databaseWarnings } from "../../server/db/maintenance";
import { migrateToLatest } from "../../server/db/migrate";
import { migrations } from "../../server/db/migrations";
import { createTestDatabase, testDialects, withTestDatabase } from "../support/db";

const NOW = 1_760_000_000_000;

describe("flags and LIKE escaping", () => {
  it("round-trips booleans through 0/1", () => {
    expect(toFlag(true)).toBe(1);
    expect(toFlag(false)).toBe(0);
    expect(fromFlag(1)).toBe(true);
    expect(fromFlag(0)).toBe(false);
    expect(fromFlag(null)).toBe(false);
  });

  it("escapes LIKE wildcards and the escape character", () => {
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
  });

  it("rejects a non-PostgreSQL database URL with a clear message", async () => {
    await expect(createDatabase({ databaseUrl: "mysql://x/y", sqlitePath: ":memory:" })).rejects.toThrow(
      /postgres:\/\/ or postgresql:\/\//,
    );
  });

  it("reports an unreachable PostgreSQL server without leaking the password", async () => {
    const attempt = createDatabase({ databaseUrl: "postgres://u:secret@127.0.0.1:1/none", sqlitePath: ":memory:" });
    await expect(attempt).rejects.toThrow(/Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/none/);
    await expect(attempt).rejects.not.toThrow(/secret/);
  });
});

describe.each(testDialects())("dialect helpers on %s", (dialect) => {
  const testDb = withTestDatabase(dialect);

  it("tells the dialect of a Kysely instance and of a transaction", async () => {
    expect(dialectOf(testDb().db)).toBe(dialect);
    await testDb()
      .db.transaction()
      .execute(async (trx) => {
        expect(dialectOf(trx)).toBe(dialect);
      });
  });

  it("warns at start exactly when PostgreSQL's autovacuum is off (SQLite: never)", async () => {
    const { db } = testDb();
    const warnings = await databaseWarnings(db);
    if (dialect === "sqlite") return expect(warnings).toEqual([]);
    const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(db);
    expect(warnings).toEqual(rows[0]!.autovacuum === "off" ? [expect.stringMatching(/^PostgreSQL's autovacuum is off: /)] : []);
  });

  it("matches a column against any number of values with one parameter (inValues)", async () => {
    const { db } = testDb();
    const team = await db
      .insertInto("teams")
      .values({ slug: "in-values", teamName: "In values", createdAt: NOW, updatedAt: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    const uids = ["iv-1", "iv-'2\"", "iv-ç3"];
    const rows = await db
      .insertInto("users")
      .values(
        uids.map((uid, i) => ({
          uid,
          username: `in-values-${i}@example.com`,
          teamId: team.id,
          status: "active" as const,
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .returning(["id", "uid"])
      .execute();
    const byUid = (values: string[]) =>
      db
        .selectFrom("users")
        .select("uid")
        .where(inValues(dialect, sql.ref("uid"), values))
        .orderBy("uid")
        .execute();
    expect(await byUid([uids[2]!, "nobody", uids[1]!])).toEqual([{ uid: uids[1] }, { uid: uids[2] }]);
    expect(await byUid([])).toEqual([]);
    const many = Array.from({ length: 40_000 }, (_, i) => -i).concat(rows[0]!.id);
    expect(
      await db
        .selectFrom("users")
        .select("uid")
        .where(inValues(dialect, sql.ref("id"), many))
        .execute(),
    ).toEqual([{ uid: uids[0] }]);
  });

  it("searches by prefix and substring, case-insensitively, with wildcards taken literally", async () => {
    const { db } = testDb();
    const team = await db
      .insertInto("teams")
      .values({ slug: "search", teamName: "Search", createdAt: NOW, updatedAt: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    const people = [
      ["u1", "alice@example.com", "Smith"],
      ["u2", "alicia@example.com", "SMITHSON"],
      ["u3", "al_x@example.com", "Jones"],
      ["u4", "bob@example.com", "50% Smith"],
    ] as const;
    await db
      .insertInto("users")
      .values(
        people.map(([uid, username, lastName]) => ({
          uid,
          username,
          lastName,
          teamId: team.id,
          status: "active" as const,
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .execute();
    const find = async (column: "username" | "lastName", mode: "prefix" | "contains", text: string) => {
      const rows = await db
        .selectFrom("users")
        .select("uid")
        .where((eb) => (mode === "prefix" ? likePrefix(eb.ref(column), text) : likeContains(dialect, eb.ref(column), text)))
        .orderBy("uid")
        .execute();
      return rows.map((r) => r.uid);
    };
    expect(await find("username", "prefix", "ALI")).toEqual(["u1", "u2"]);
    expect(await find("username", "prefix", "al_")).toEqual(["u3"]);
    expect(await find("lastName", "contains", "smith")).toEqual(["u1", "u2", "u4"]);
    expect(await find("lastName", "contains", "50%")).toEqual(["u4"]);
  });

  it("classifies not-null violations", async () => {
    const error = await testDb()
      .db.insertInto("teams")
      // @ts-expect-error: teamName is required; the NOT NULL is the database's backstop.
      .values({ slug: "no-name", teamName: null, createdAt: NOW, updatedAt: NOW })
      .execute()
      .catch((e: unknown) => e);
    expect(constraintViolation(error)).toEqual({ kind: "not_null", columns: [] });
    expect(constraintViolation(new Error("other"))).toBeNull();
  });

  it("lets several server processes migrate the same database at once", async () => {
    const fresh = await createTestDatabase(dialect, { migrate: false });
    // A SQLite file belongs to one embedded process; PostgreSQL serves N processes (DESIGN §2).
    const count = dialect === "postgres" ? 3 : 1;
    const handles = await Promise.all(Array.from({ length: count }, () => createDatabase(fresh.options)));
    try {
      const applied = await Promise.all(handles.map((h) => migrateToLatest(h.db)));
      expect(applied.flat()).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(fresh.db)).toEqual([]);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await fresh.destroy();
    }
  });
});
