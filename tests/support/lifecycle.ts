/**
 * Test servers started in beforeAll and closed in afterAll of the calling describe block, the
 * lifecycle most API suites wrote out by hand. What these return are live views: their fields
 * read the running server, so they may be taken at describe time and used inside hooks and tests.
 * (Kept apart from server.ts, which bench/run.ts imports outside Vitest.)
 */
import { afterAll, beforeAll } from "vitest";
import type { DatabaseDialect } from "../../server/db/dialect";
import { getTestServer, type TestServer, type TestServerOptions } from "./server";

/** Secrets every instance of one installation shares, so a token or session from one passes on another. */
export const SHARED_SECRETS = { JWT_SECRET: "j".repeat(40), SESSION_SECRET: "s".repeat(40), PASSWORD_PEPPER: "p".repeat(40) };

/** A TestServer whose every field reads `current()` when used. */
function liveServer(current: () => TestServer): TestServer {
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get database() {
      return current().database;
    },
    get mail() {
      return current().mail;
    },
    get logs() {
      return current().logs;
    },
    request: () => current().request(),
    listen: () => current().listen(),
    close: () => current().close(),
  };
}

/** Holds what beforeAll started; reading it before then is a mistake in the test, said plainly. */
function slot<T>(): { set(value: T): void; get(): T; peek(): T | undefined } {
  let value: T | undefined;
  return {
    set: (next) => void (value = next),
    get: () => {
      if (value === undefined) throw new Error("the test server starts in beforeAll: use it inside hooks and tests");
      return value;
    },
    peek: () => value,
  };
}

/** One test server for the describe block (started in beforeAll, closed in afterAll). */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  const server = slot<TestServer>();
  beforeAll(async () => {
    server.set(await getTestServer(options));
  });
  afterAll(async () => {
    await server.peek()?.close();
  });
  return liveServer(server.get);
}

/**
 * Two app instances of one installation, for races between processes: on PostgreSQL two servers
 * with their own pools on one fresh database (two processes behind a load balancer); on SQLite,
 * which one process serves, the same server twice. Both run with SHARED_SECRETS and `env`.
 */
export function useServerPair(dialect: DatabaseDialect, env: Record<string, string> = {}): { one: TestServer; two: TestServer } {
  const one = slot<TestServer>();
  const two = slot<TestServer>();
  beforeAll(async () => {
    const options = { env: { ...SHARED_SECRETS, ...env } };
    one.set(await getTestServer({ ...options, dialect }));
    two.set(dialect === "postgres" ? await getTestServer({ ...options, shareDatabaseOf: one.get() }) : one.get());
  });
  afterAll(async () => {
    if (two.peek() !== one.peek()) await two.peek()?.close();
    await one.peek()?.close();
  });
  return { one: liveServer(one.get), two: liveServer(two.get) };
}
