/**
 * Test databases (DESIGN §10): every suite runs on SQLite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set. Each PostgreSQL test database is a fresh `bulwark_test_<random>`
 * database created through that URL's server and dropped afterwards, so parallel test files
 * never share state.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createDatabase } from "../../server/db/connection";
import type { DatabaseHandle } from "../../server/db/connection";
import type { DatabaseDialect } from "../../server/db/dialect";
import { migrateToLatest } from "../../server/db/migrate";

/** A database made for one test file; `destroy` closes it and deletes it. */
export type TestDatabase = DatabaseHandle & {
  /** The createDatabase options that open this database again (e.g. for a server subprocess). */
  options: { databaseUrl?: string; sqlitePath: string };
  destroy(): Promise<void>;
};

/** How to make a test database. */
export interface TestDatabaseOptions {
  /** Apply the migrations first (default true). */
  migrate?: boolean;
  /** SQLite only: a temp file (default; WAL like production) or ":memory:". */
  sqlite?: "file" | "memory";
}

/** The dialects to run database-backed suites on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDialects(): DatabaseDialect[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

/** Runs one statement on the server of a PostgreSQL URL (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function onAdminConnection(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  // A connection lost between statements emits 'error' on the client: without a listener it would end the run.
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Wraps an open database as a TestDatabase whose `destroy` closes it once, then runs `cleanup` (drop it, delete its files). */
function withDestroy(handle: DatabaseHandle, options: TestDatabase["options"], cleanup: () => Promise<void> | void): TestDatabase {
  let destroyed = false;
  return {
    ...handle,
    options,
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await handle.close();
      await cleanup();
    },
  };
}

async function createPostgresTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set; use testDialects() to choose dialects");
  const name = `bulwark_test_${randomBytes(6).toString("hex")}`;
  await onAdminConnection(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const openOptions = { databaseUrl: url.toString(), sqlitePath: ":memory:" };
  const drop = () => onAdminConnection(adminUrl, `drop database if exists "${name}" with (force)`);
  let handle: DatabaseHandle;
  try {
    handle = await createDatabase({ ...openOptions, poolSize: 5 });
  } catch (error) {
    await drop();
    throw error;
  }
  const testDb = withDestroy(handle, openOptions, drop);
  return migrateIfAsked(testDb, options);
}

async function createSqliteTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const dir = options.sqlite === "memory" ? undefined : mkdtempSync(path.join(tmpdir(), "bulwark-test-"));
  const openOptions = { sqlitePath: dir ? path.join(dir, "bulwark.db") : ":memory:" };
  const handle = await createDatabase(openOptions);
  const testDb = withDestroy(handle, openOptions, () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return migrateIfAsked(testDb, options);
}

async function migrateIfAsked(testDb: TestDatabase, options: TestDatabaseOptions): Promise<TestDatabase> {
  if (options.migrate === false) return testDb;
  try {
    await migrateToLatest(testDb.db);
  } catch (error) {
    await testDb.destroy();
    throw error;
  }
  return testDb;
}

/**
 * Opens an existing test database again through connections of its own, as a second server
 * process would; `destroy` closes only those connections and leaves the database to its owner.
 */
export async function reopenTestDatabase(of: TestDatabase): Promise<TestDatabase> {
  if (of.options.sqlitePath === ":memory:" && !of.options.databaseUrl)
    throw new Error("An in-memory SQLite database cannot be opened twice");
  const handle = await createDatabase({ ...of.options, poolSize: 5 });
  return withDestroy(handle, of.options, () => undefined);
}

/** Creates a fresh (by default migrated) database of the given dialect; call `destroy` when done. */
export async function createTestDatabase(dialect: DatabaseDialect, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  return dialect === "postgres" ? createPostgresTestDatabase(options) : createSqliteTestDatabase(options);
}

/**
 * Registers beforeAll/afterAll hooks in the current describe block that create and destroy a
 * test database; returns a getter for it (valid inside tests). Typical use:
 * `describe.each(testDialects())("%s", (dialect) => { const db = withTestDatabase(dialect); … })`.
 */
export function withTestDatabase(dialect: DatabaseDialect, options: TestDatabaseOptions = {}): () => TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(dialect, options);
  });
  afterAll(async () => {
    await current?.destroy();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error("The test database exists only inside tests (beforeAll has not run)");
    return current;
  };
}
