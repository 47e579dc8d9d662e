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

/**
 * A stand-in for what `current()` returns, reading it afresh on every property access, so a
 * fixture started in beforeAll can be handed out at describe time (`const server = useTestServer()`).
 */
export function liveView<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => {
      const target = current();
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Starts a fixture in beforeAll and stops it in afterAll of the calling describe block; returns a
 * getter that throws before the start (a test reading it at describe time, said plainly).
 */
export function useFixture<T>(start: () => Promise<T>, stop: (value: T) => Promise<void>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value !== undefined) await stop(value);
  });
  return () => {
    if (value === undefined) throw new Error("this fixture starts in beforeAll: use it inside hooks and tests");
    return value;
  };
}

/** One test server for the describe block (started in beforeAll, closed in afterAll). */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  return liveView(
    useFixture(
      () => getTestServer(options),
      (server) => server.close(),
    ),
  );
}

/**
 * Two app instances of one installation, for races between processes: on PostgreSQL two servers
 * with their own pools on one fresh database (two processes behind a load balancer); on SQLite,
 * which one process serves, the same server twice. Both run with SHARED_SECRETS and `env`.
 */
export function useServerPair(dialect: DatabaseDialect, env: Record<string, string> = {}): { one: TestServer; two: TestServer } {
  const pair = useFixture(
    async () => {
      const options = { env: { ...SHARED_SECRETS, ...env } };
      const one = await getTestServer({ ...options, dialect });
      const two = dialect === "postgres" ? await getTestServer({ ...options, shareDatabaseOf: one }) : one;
      return { one, two };
    },
    async ({ one, two }) => {
      if (two !== one) await two.close();
      await one.close();
    },
  );
  return { one: liveView(() => pair().one), two: liveView(() => pair().two) };
}
