/**
 * Prepared statements reused by SQL text: same statement back, a fresh one while busy, bounded.
 * Readers' rows built from raw arrays: object mode's rows, and the CamelCasePlugin's after it.
 */
import Database from "better-sqlite3";
import { CamelCasePlugin, CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { CachedStatementDatabase, SqliteCamelCaseRowsPlugin, STATEMENT_CACHE_SIZE } from "../../server/db/statements";

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

/** Aliases no identifier rule would allow, quoted for SQLite ("" inside quotes is one "). */
const ODD_ALIASES = [
  "a b",
  "é",
  "1",
  "0",
  "10",
  "-1",
  "constructor",
  "toString",
  "hasOwnProperty",
  'x"y',
  "back\\slash",
  "line\nbreak",
  "\u2028",
  "",
  "a_b",
  "aB",
  "_lead",
  "trail_",
  "a__b",
  "${x}",
  "}; throw 1; //",
  "'",
  "emoji_😀_x",
];
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Statements whose rows must come out as object mode's, then as the CamelCasePlugin's. */
const ROW_CASES: Record<string, [sql: string, parameters: unknown[]]> = {
  "every column of a table": ["select * from t order by id", []],
  "values of every storage class": [
    "select null as n, x'00ff10' as b, zeroblob(0) as e, 1.5 as f, -0.0 as z, 9007199254740991 as big, 'text' as s, ? as p",
    [null],
  ],
  "repeated names (the last value wins)": ["select 1 as a, 2 as b, 3 as a, 4 as b_c, 5 as bC, 6 as b_c", []],
  "odd aliases": [`select ${ODD_ALIASES.map((name, i) => `${i} as ${quote(name)}`).join(", ")}`, []],
  // Object mode assigns it: a number is ignored, NULL makes the row's prototype null.
  "a __proto__ column": [`select 1 as "__proto__", 2 as x, null as "__proto__", null as y_z`, []],
  "a table's columns with aliases and NULLs": [
    'select id, v as "the_v", null as last_seen_at, id * 2 as team_id from t where id >= ? order by id',
    [2],
  ],
  "no rows": ["select id, v as the_v from t where id < 0", []],
};

/** better-sqlite3's own object mode: what the rows must equal. */
function objectModeRows(raw: Database.Database, sql: string, parameters: unknown[]): Record<string, unknown>[] {
  return raw.prepare(sql).all(parameters) as Record<string, unknown>[];
}

async function camelCased(plugin: CamelCasePlugin, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  return (await plugin.transformResult({ queryId: { queryId: "q" }, result: { rows } })).rows;
}

describe("rows built from raw arrays", () => {
  for (const [name, [sql, parameters]] of Object.entries(ROW_CASES)) {
    it(`equal object mode's rows, then the CamelCasePlugin's: ${name}`, async () => {
      const { raw, cached } = open();
      const expected = objectModeRows(raw, sql, parameters);
      const rows = cached.prepare(sql).all(parameters) as Record<string, unknown>[];
      expect(rows).toStrictEqual(expected);
      expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
      expect(rows.map((row) => Object.getPrototypeOf(row) === Object.prototype)).toEqual(
        expected.map((row) => Object.getPrototypeOf(row) === Object.prototype),
      );
      // Twice: the second run reuses the statement's builders (and its converter).
      for (let run = 0; run < 2; run++) {
        const again = cached.prepare(sql).all(parameters) as Record<string, unknown>[];
        const ours = await camelCased(new SqliteCamelCaseRowsPlugin(), again);
        const plugin = await camelCased(new CamelCasePlugin(), objectModeRows(raw, sql, parameters));
        expect(ours).toStrictEqual(plugin);
        expect(ours.map((row) => Object.keys(row))).toEqual(plugin.map((row) => Object.keys(row)));
      }
    });
  }

  it("iterates object mode's rows; closing an iteration frees the statement", () => {
    const { raw, cached } = open();
    const sql = "select id, v as the_v, x'ff' as b from t order by id";
    const statement = cached.prepare(sql);
    expect([...statement.iterate([])]).toStrictEqual(objectModeRows(raw, sql, []));
    for (const row of cached.prepare(sql).iterate([])) {
      expect(row).toStrictEqual({ id: 1, the_v: "a", b: Buffer.from([0xff]) });
      break;
    }
    expect(cached.prepare(sql)).toBe(statement);
  });

  it("runs writers as better-sqlite3 does, and readers (RETURNING) too", () => {
    const { raw, cached } = open();
    const insert = cached.prepare("insert into t (v) values (?)");
    expect(insert.reader).toBe(false);
    expect(Object.getPrototypeOf(insert)).toBe(Object.getPrototypeOf(raw.prepare("select 1")));
    expect(insert.run(["d"])).toEqual({ changes: 1, lastInsertRowid: 4 });
    const returning = cached.prepare("insert into t (v) values (?) returning id, v as the_v");
    expect(returning.reader).toBe(true);
    expect(returning.run(["e"])).toEqual({ changes: 1, lastInsertRowid: 5 });
    expect(returning.all(["f"])).toStrictEqual([{ id: 6, the_v: "f" }]);
    expect(cached.prepare("update t set v = upper(v) where id > ?").run([4])).toEqual({ changes: 2, lastInsertRowid: 6 });
  });

  it("reads the column names again after a schema change through it, even at the same width", () => {
    const { cached } = open();
    const sql = "select * from t where id = ?";
    expect(cached.prepare(sql).all([1])).toStrictEqual([{ id: 1, v: "a" }]);
    cached.prepare("alter table t rename column v to w").run([]);
    expect(cached.prepare(sql).all([1])).toStrictEqual([{ id: 1, w: "a" }]);
    cached.prepare("begin").run([]);
    cached.prepare("alter table t rename column w to v").run([]);
    expect(cached.prepare(sql).all([1])).toStrictEqual([{ id: 1, v: "a" }]);
    cached.prepare("rollback").run([]);
    expect(cached.prepare(sql).all([1])).toStrictEqual([{ id: 1, w: "a" }]);
    expect([...cached.prepare(sql).iterate([1])]).toStrictEqual([{ id: 1, w: "a" }]);
  });

  it("converts other rows as the CamelCasePlugin does (nested objects included)", async () => {
    const rows = [{ last_seen_at: 1, custom_settings: { auth_mode: "x" }, list_of: [{ a_b: 1 }, 2] }];
    expect(await camelCased(new SqliteCamelCaseRowsPlugin(), rows)).toStrictEqual(await camelCased(new CamelCasePlugin(), rows));
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
