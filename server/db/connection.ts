/**
 * Opens the database: SQLite (embedded default) or PostgreSQL (scale-out), DESIGN §2.
 * Both are wrapped in Kysely with camelCase names in TypeScript and snake_case in SQL (Kysely's
 * CamelCasePlugin); SQLite's prepared statements are reused by SQL text (statements.ts).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { WriteGenerationPlugin } from "./writes";
import { CachedStatementDatabase } from "./statements";
import { CamelCasePlugin, Kysely, PostgresDialect, sql, SqliteAdapter, SqliteDialect, SqliteDriver } from "kysely";
import type { DatabaseConnection, DialectAdapter, Driver, LogConfig, SqliteDialectConfig } from "kysely";
import pg from "pg";
import type { DatabaseDialect } from "./dialect";
import type { Database } from "./types";
import { registerPostgresUrl } from "./bulkLoad";
import { createGuardedPool, DEFAULT_TIMEOUTS, type DatabaseTimeouts, type PoolStats } from "./pool";
import { dbQueryDuration } from "../lib/metrics";
import { DatabaseUnavailableError } from "./unavailable";

export type { DatabaseTimeouts, PoolStats } from "./pool";

/** Where to find the database: PostgreSQL when `databaseUrl` is given, else SQLite at `sqlitePath`. */
export interface DatabaseOptions {
  /** A postgres:// or postgresql:// URL; when absent, SQLite is used. */
  databaseUrl?: string | undefined;
  /** The SQLite file (its directory is created), or ":memory:". */
  sqlitePath: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** Called with errors of PostgreSQL connections nobody was waiting on (default: ignored; the next query reports them). */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL connect/statement/idle-in-transaction limits (default: DEFAULT_TIMEOUTS in pool.ts). */
  timeouts?: DatabaseTimeouts;
}

/** An open database: the Kysely instance plus what the server needs around it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Resolves when the database answers a trivial query within `timeoutMs` (if given); used by /readyz. */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes every connection, within `deadlineMs` (default 5 s) whatever the database does; the handle is unusable afterwards. */
  close(deadlineMs?: number): Promise<void>;
  /** PostgreSQL: the pool's connections and waiters now (SQLite has one connection and no pool). */
  poolStats?: () => PoolStats;
}

/** Kysely's query log, used only to time every statement into bulwark_db_query_duration_seconds. */
const timeQueries: LogConfig = (event) => {
  dbQueryDuration.observe({ outcome: event.level === "query" ? "ok" : "error" }, event.queryDurationMillis / 1000);
};

const DEFAULT_CLOSE_DEADLINE_MS = 5000;

/** Runs `check`, failing with DatabaseUnavailableError when it takes longer than `timeoutMs`. */
async function within(check: Promise<void>, timeoutMs: number | undefined): Promise<void> {
  if (!timeoutMs) return check;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * SQLite supports transactional DDL, but Kysely's adapter says it does not, so its migrator
 * would run a migration outside a transaction and a failure would leave it half applied.
 * Note for future migrations: `PRAGMA foreign_keys` cannot change inside a transaction; a
 * table rebuild must use `PRAGMA defer_foreign_keys = ON` instead.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * On some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM, an interrupt) SQLite rolls the whole
 * transaction back itself; Kysely then sends ROLLBACK anyway, which throws "cannot rollback - no
 * transaction is active" and replaces the error that said what happened (issue #32: a full disk
 * answered 500). This driver rolls back only a transaction that is still open, so the first
 * error reaches the error handler. The server has one connection, so the database's own
 * `inTransaction` is that connection's state.
 */
class SelfRollbackAwareSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly database: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.database.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly database: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }

  override createDriver(): Driver {
    return new SelfRollbackAwareSqliteDriver(this.config, this.database);
  }
}

/** Opens the database named by the options; PostgreSQL is contacted once so a bad URL fails here. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const url = options.databaseUrl?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//i.test(url)) {
      throw new Error("DATABASE_URL must be a postgres:// or postgresql:// URL");
    }
    return openPostgres(url, options);
  }
  return openSqlite(options.sqlitePath);
}

/**
 * How much of the database file SQLite reads through a memory map rather than a read(2) and a
 * copy per page: a page already in the operating system's cache then costs a memory access (a
 * common-name search at 1,000,000 users: ~50 → ~35 ms). The mapped pages are the kernel's file
 * cache, which read(2) fills all the same; RSS now counts those touched (docs/DECISIONS.md, "#28 —
 * SQLite reads through a memory map"). SQLite's own ceiling (SQLITE_MAX_MMAP_SIZE), which it
 * would cap a larger value to; writes still go through write(2).
 */
const SQLITE_MMAP_BYTES = 2_147_418_112;

/** The database file and its WAL companions. */
const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/**
 * Makes the database owner-only (0600) whatever directory it lives in (an existing `/data`
 * volume, a umask of 022): the file is created 0600 before SQLite opens it, SQLite gives its
 * `-wal` and `-shm` the main file's mode, and files left by an older version are narrowed. A
 * file this process does not own (EPERM) is left as the operator made it.
 */
export function restrictSqliteFiles(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, "a", 0o600));
  for (const name of sqliteFiles(file)) {
    try {
      chmodSync(name, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "EPERM") throw error;
    }
  }
}

function openSqlite(sqlitePath: string): DatabaseHandle {
  const inMemory = sqlitePath === ":memory:" || sqlitePath === "";
  const file = path.resolve(sqlitePath);
  if (!inMemory) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    restrictSqliteFiles(file);
  }
  const database = new SqliteDatabase(inMemory ? ":memory:" : sqlitePath);
  try {
    // WAL lets readers proceed during a write; NORMAL is durable across application crashes
    // in WAL mode (a power loss may drop the last commits, never corrupt the file).
    database.pragma("journal_mode = WAL");
    if (!inMemory) restrictSqliteFiles(file);
    database.pragma("synchronous = NORMAL");
    database.pragma("foreign_keys = ON");
    database.pragma("busy_timeout = 5000");
    if (!inMemory) database.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  } catch (error) {
    database.close();
    throw error;
  }
  const db = new Kysely<Database>({
    dialect: new TransactionalSqliteDialect({ database: new CachedStatementDatabase(database) }, database),
    plugins: [new WriteGenerationPlugin(), new CamelCasePlugin()],
    log: timeQueries,
  });
  return {
    db,
    dialect: "sqlite",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** Parses int8 and numeric as JS numbers: counts, sums and epoch-ms times stay numbers, as on SQLite. */
function numberTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, (value: string) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds Number.MAX_SAFE_INTEGER`);
    return n;
  });
  types.setTypeParser(NUMERIC_OID, (value: string) => Number(value));
  return types;
}

/** The URL without its password, for error messages. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(unparsable URL)";
  }
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const guarded = createGuardedPool({
    url,
    max: options.poolSize ?? 10,
    types: numberTypes(),
    timeouts,
    onError: (error) => options.onPoolError?.(error),
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: guarded.pool }),
    plugins: [new WriteGenerationPlugin(), new CamelCasePlugin()],
    log: timeQueries,
  });
  registerPostgresUrl(db, url);
  const ping = (timeoutMs?: number): Promise<void> =>
    within(
      sql`select 1`.execute(db).then(() => undefined),
      timeoutMs,
    );
  const close = (deadlineMs = DEFAULT_CLOSE_DEADLINE_MS) => guarded.closeWithin(deadlineMs, () => db.destroy());
  try {
    // Bounded even without a statement limit (migrations): a silent server fails the start.
    await ping(timeouts.connectMs || undefined);
  } catch (error) {
    await close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot connect to PostgreSQL at ${describeUrl(url)}: ${reason}`, { cause: error });
  }
  return { db, dialect: "postgres", ping, close, poolStats: () => guarded.stats() };
}
