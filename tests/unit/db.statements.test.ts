/**
 * Prepared statements reused by SQL text: same statement back, a fresh one while busy, bounded;
 * the SQLite Kysely instance's camelCase rows.
 */
import Database from "better-sqlite3";
import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { CachedStatementDatabase, STATEMENT_CACHE_SIZE } from "../../server/db/statements";

function open() {
  const raw = new Database(":memory:");
  raw.exec("create table t (id integer primary key, v text); insert into t (v) values ('a'), ('b'), ('c')");
  return { raw, cached: new CachedStatementDatabase(raw) };
}

describe("CachedStatementDatabase", () => {
  it("prepares a statement once per SQL text and binds new parameters at each run", () => {
    const { cached } = open();
    const first = cached.prepare("select v from t where id = ?");
    expect(cached.prepare("select v from t where id = ?")).toBe(first);
    expect(first.all([1])).toEqual([{ v: "a" }]);
    expect(cached.prepare("select v from t where id = ?").all([3])).toEqual([{ v: "c" }]);
    expect(cached.prepare("select v from t where id = ? ")).not.toBe(first);
  });

  it("gives a fresh statement while the cached one is still iterating (a streamed query)", () => {
    const { cached } = open();
    const sql = "select v from t order by id";
    const streaming = cached.prepare(sql).iterate([]);
    expect(streaming.next().value).toEqual({ v: "a" });
    const other = cached.prepare(sql);
    expect(other.all([])).toHaveLength(3);
    expect([...streaming]).toEqual([{ v: "b" }, { v: "c" }]);
    expect(cached.prepare(sql).all([])).toHaveLength(3);
  });

  it("keeps at most STATEMENT_CACHE_SIZE statements, dropping the least recently used", () => {
    const { cached } = open();
    const kept = cached.prepare("select 0 as n");
    for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++) {
      cached.prepare(`select ${i} as n`);
      if (i % 100 === 0) expect(cached.prepare("select 0 as n")).toBe(kept); // used: stays
    }
    const evicted = cached.prepare("select 1 as n");
    cached.prepare("select 1 as n");
    for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++) cached.prepare(`select ${i + 10_000} as n`);
    expect(cached.prepare("select 1 as n")).not.toBe(evicted);
  });

  it("sees schema changes made after a statement was cached", () => {
    const { raw, cached } = open();
    expect(cached.prepare("select * from t where id = ?").all([1])).toEqual([{ id: 1, v: "a" }]);
    raw.exec("alter table t add column w text default 'x'");
    expect(cached.prepare("select * from t where id = ?").all([1])).toEqual([{ id: 1, v: "a", w: "x" }]);
  });
});

describe("the SQLite Kysely instance", () => {
  it("gives camelCase keys with its plugins and SQL names without them, compiled queries included", async () => {
    const handle = await createDatabase({ sqlitePath: ":memory:" });
    try {
      const db = handle.db;
      const query = sql<Record<string, unknown>>`select 1 as "a_b", 'x' as "team_slug", null as "c"`;
      expect((await query.execute(db)).rows).toStrictEqual([{ aB: 1, teamSlug: "x", c: null }]);
      expect((await query.execute(db.withoutPlugins())).rows).toStrictEqual([{ a_b: 1, team_slug: "x", c: null }]);
      const compiled = CompiledQuery.raw(`select ? as "last_seen_at"`, [5]);
      expect((await db.executeQuery(compiled)).rows).toStrictEqual([{ lastSeenAt: 5 }]);
      expect((await db.withoutPlugins().executeQuery(compiled)).rows).toStrictEqual([{ last_seen_at: 5 }]);
      await sql`create table "things" ("thing_id" integer primary key, "thing_name" text default 'n')`.execute(db);
      await db
        .insertInto("things" as never)
        .values({ thingName: "one" })
        .execute();
      const streamed: unknown[] = [];
      for await (const row of db
        .selectFrom("things" as never)
        .selectAll()
        .stream())
        streamed.push(row);
      expect(streamed).toStrictEqual([{ thingId: 1, thingName: "one" }]);
      const [table] = await db.introspection.getTables();
      expect(table?.columns.map((c) => [c.name, c.hasDefaultValue])).toEqual([
        ["thing_id", false],
        ["thing_name", true],
      ]);
    } finally {
      await handle.close();
    }
  });
});
