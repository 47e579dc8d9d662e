/** Prepared statements reused by SQL text: same statement back, a fresh one while busy, bounded. */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
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
