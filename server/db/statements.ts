/**
 * Prepared statements reused by SQL text, and their rows built in JavaScript.
 *
 * Preparing: Kysely's SQLite driver prepares every query anew, and preparing (parsing and
 * planning) cost more than running most of the console's queries (measured: ~8 % of a `/v2/me`
 * call). The console issues a few hundred distinct statements, so a bounded map keyed by SQL text
 * keeps each prepared once; parameters are bound at each run.
 *
 * Rows: better-sqlite3's object mode sets each row's properties one by one through V8's C++ API,
 * which was about half of running the users page's SQL (51 rows × 15 columns: `all()` 235–600 µs
 * in object mode, 130–275 µs in raw mode; min–median of runs on the 2-vCPU VM, 100,000 users). So
 * readers run in raw mode (arrays) and each statement builds its rows with a plain loop over its
 * column names. The rows are object mode's rows (same keys and key order; a repeated column name
 * keeps its first position and its last value), so everything else, Kysely's introspection and
 * `withoutPlugins()` queries included, sees what it saw.
 *
 * camelCase keys: the CamelCasePlugin then copied every row (Object.keys, a reduce, a memo lookup
 * per key: 26–61 µs for the page). Building camelCase rows here instead would be wrong: only a
 * plugin can tell an execution with plugins from one without (a `withoutPlugins()` query must get
 * SQL names; a precompiled query run by `db.executeQuery` goes through no `transformQuery`), and
 * it sees the rows after the driver. So SqliteCamelCaseRowsPlugin converts the rows built here
 * with the statement's camelCase names worked out once, and any other rows as the plugin does. SQLite values are never plain objects or arrays, so the plugin's mapping of nested
 * objects never applied to them.
 *
 * Column names are read once per statement (`columns()` costs ~10 µs, more than running most
 * queries) and again when they may have changed: SQLite re-prepares a statement after a schema
 * change, and a `select *` may then have other columns. They are re-read when a run's rows have
 * another width, and after any statement prepared here that is neither DML nor transaction
 * control (DDL; a rollback, which may undo DDL). Not seen: a column renamed by another connection
 * under a cached `select *`, keeping its width (its rows keep the old key until evicted).
 */
import type { Database as BetterSqlite, Statement } from "better-sqlite3";
import { CamelCasePlugin } from "kysely";
import type { PluginTransformResultArgs, QueryResult, SqliteDatabase, SqliteStatement, UnknownRow } from "kysely";
import { camelCase } from "./naming";
import { speedTricks } from "../lib/speedTricks";

/** At most this many statements stay prepared (least recently used ones are finalized by GC). */
export const STATEMENT_CACHE_SIZE = 500;

type RawRow = readonly unknown[];
type RowBuilder<T> = (values: T) => UnknownRow;

/** Statements that cannot change the schema: DML and transaction control other than rollback. */
const SCHEMA_KEPT = /^\s*(?:insert|update|delete|replace|with|begin|commit|end|savepoint|release)\b/i;

/**
 * Object mode's own steps (`row[name] = value` per column, in order): a repeated name keeps its
 * first position and its last value, and a `__proto__` column is what object mode makes of it.
 */
function assignments(names: readonly string[]): RowBuilder<RawRow> {
  return (values) => {
    const row: UnknownRow = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  };
}

/** One statement's columns: builds its rows from raw arrays, and converts them to camelCase keys. */
class RowShape {
  readonly names: readonly string[];
  readonly build: RowBuilder<RawRow>;
  #camelCase: RowBuilder<UnknownRow> | undefined;

  constructor(names: readonly string[]) {
    this.names = names;
    this.build = assignments(names);
  }

  /** What the CamelCasePlugin makes of rows of this shape: the same keys, order and values. */
  camelCased(rows: readonly UnknownRow[]): UnknownRow[] {
    const convert = (this.#camelCase ??= this.#converter());
    return rows.map((row) => convert(row));
  }

  /**
   * The plugin assigns `row[key]` to `camelCase(key)` for each key of Object.keys(row): that
   * order is read off a row of column indices (which also leaves out what object mode leaves
   * out, a `__proto__` column). Two keys with one camelCase name: the last one's value wins.
   */
  #converter(): RowBuilder<UnknownRow> {
    const keys = Object.keys(this.build(this.names.map((_, i) => i)));
    const names = keys.map((key) => camelCase(key));
    return (row) => {
      const out: UnknownRow = {};
      for (let i = 0; i < keys.length; i++) out[names[i]!] = row[keys[i]!];
      return out;
    };
  }
}

/** Rows built by this module, with their shape, until SqliteCamelCaseRowsPlugin converts them. */
const builtRows = new WeakMap<readonly UnknownRow[], RowShape>();

/** Counts statements that may have changed the schema (shared by one database's statements). */
interface SchemaEpoch {
  value: number;
}

/** Maps an iterator of raw rows to row objects; closing it closes the statement's iterator. */
class RowIterator implements IterableIterator<UnknownRow> {
  readonly #values: Iterator<RawRow>;
  readonly #build: RowBuilder<RawRow>;

  constructor(values: Iterator<RawRow>, build: RowBuilder<RawRow>) {
    this.#values = values;
    this.#build = build;
  }

  next(): IteratorResult<UnknownRow, undefined> {
    const next = this.#values.next();
    return next.done ? { done: true, value: undefined } : { done: false, value: this.#build(next.value) };
  }

  return(): IteratorResult<UnknownRow, undefined> {
    this.#values.return?.();
    return { done: true, value: undefined };
  }

  [Symbol.iterator](): this {
    return this;
  }
}

/** A reader run in raw mode; its rows are built by its RowShape (object mode's rows). */
class RowStatement implements SqliteStatement {
  readonly reader = true;
  readonly #statement: Statement;
  readonly #epoch: SchemaEpoch;
  #shape: RowShape | undefined;
  #seenEpoch = -1;

  constructor(statement: Statement, epoch: SchemaEpoch) {
    this.#statement = statement.raw(true);
    this.#epoch = epoch;
  }

  /** Whether an iteration is in progress (the cache then prepares a fresh statement). */
  get busy(): boolean {
    return this.#statement.busy;
  }

  all(parameters: ReadonlyArray<unknown>): UnknownRow[] {
    const values = this.#statement.all(parameters) as RawRow[];
    const shape = this.#shapeOf(values[0]);
    const rows = values.map(shape.build);
    builtRows.set(rows, shape);
    return rows;
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<UnknownRow> {
    const values = this.#statement.iterate(parameters) as IterableIterator<RawRow>;
    return new RowIterator(values, (row) => this.#shapeOf(row).build(row));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(parameters);
  }

  /** The shape for a run's rows: column names re-read after a possible schema change. */
  #shapeOf(row: RawRow | undefined): RowShape {
    const shape = this.#shape;
    if (shape && this.#seenEpoch === this.#epoch.value && (row === undefined || row.length === shape.names.length)) return shape;
    const names = this.#statement.columns().map((column) => column.name);
    this.#seenEpoch = this.#epoch.value;
    if (shape && names.length === shape.names.length && names.every((name, i) => name === shape.names[i])) return shape;
    return (this.#shape = new RowShape(names));
  }
}

/**
 * Wraps a better-sqlite3 database for Kysely's SqliteDialect, caching its prepared statements.
 * A cached statement still iterating (a streamed query) is busy: that caller gets a fresh one.
 * Readers are wrapped (RowStatement: raw mode, rows built in JS); other statements are
 * better-sqlite3's own.
 */
export class CachedStatementDatabase implements SqliteDatabase {
  readonly #database: BetterSqlite;
  readonly #statements = new Map<string, Statement | RowStatement>();
  readonly #epoch: SchemaEpoch = { value: 0 };

  constructor(database: BetterSqlite) {
    this.#database = database;
  }

  prepare(sql: string): SqliteStatement {
    const statement = this.#statement(sql);
    if (!statement.reader && !SCHEMA_KEPT.test(sql)) this.#epoch.value++;
    return statement;
  }

  #statement(sql: string): Statement | RowStatement {
    if (!speedTricks.statementCache) {
      const fresh = this.#database.prepare(sql);
      return fresh.reader && speedTricks.rawRows ? new RowStatement(fresh, this.#epoch) : fresh;
    }
    const cached = this.#statements.get(sql);
    if (cached && !cached.busy && cached instanceof RowStatement === (cached.reader && speedTricks.rawRows)) {
      // Map order is insertion order: move the hit to the end (most recently used).
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const prepared = this.#database.prepare(sql);
    const statement = prepared.reader && speedTricks.rawRows ? new RowStatement(prepared, this.#epoch) : prepared;
    if (cached) return statement;
    this.#statements.set(sql, statement);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}

/**
 * The CamelCasePlugin for a CachedStatementDatabase: queries as the plugin writes them; rows its
 * readers built are converted by their statement's converter, any other rows as the plugin does.
 */
export class SqliteCamelCaseRowsPlugin extends CamelCasePlugin {
  override transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const shape = builtRows.get(args.result.rows);
    if (!shape) return super.transformResult(args);
    return Promise.resolve({ ...args.result, rows: shape.camelCased(args.result.rows) });
  }
}
