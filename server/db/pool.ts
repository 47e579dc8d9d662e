/**
 * The PostgreSQL pool, made to survive a database that dies, restarts or goes silent.
 *
 * - Every pg client has an 'error' listener for its whole life: pg.Pool listens only while a
 *   client is idle, and Kysely checks clients out, so a backend terminated mid-query used to
 *   emit an unhandled 'error' and end the process.
 * - Connect, statement (server side), query (client side: a silent server never sends the
 *   cancel) and idle-in-transaction timeouts bound every wait.
 * - A client whose connection failed or timed out is released with an error, so the pool
 *   destroys it instead of lending a socket out of step with its server to the next request.
 * - Closing has a deadline: past it, the sockets are destroyed (a silent server never answers
 *   the goodbye that pool.end() waits for).
 */
import net from "node:net";
import pg from "pg";
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./unavailable";

/** How long the database may take; 0 turns a limit off. */
export interface DatabaseTimeouts {
  /** Opening a connection, including waiting for a free pool slot. */
  connectMs: number;
  /** One statement: PostgreSQL's statement_timeout; pg gives up itself a little later. */
  statementMs: number;
  /** A transaction left idle (a frozen process): PostgreSQL ends the session. */
  idleInTransactionMs: number;
}

/** Used when the caller gives none: a connect limit always, no statement limit (CLI, seeding). */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 0, idleInTransactionMs: 0 };

/**
 * How much later than statement_timeout pg abandons a query itself: long enough for the
 * server's own cancel (which keeps the connection usable) to arrive first when it can.
 */
function clientQueryTimeout(statementMs: number): number | undefined {
  return statementMs ? statementMs + Math.min(2000, Math.ceil(statementMs / 2)) : undefined;
}

/**
 * PostgreSQL's lock_timeout: shorter than statement_timeout (by a fifth, at most 3 s), so a
 * statement stuck behind another transaction's row lock ends with 55P03 lock_not_available, which
 * the API answers 503 `contention` with Retry-After 1, before the statement limit ends it with
 * 57014, which reads as a database that cannot serve (503 `unavailable`; issue #32 item 10).
 */
export function lockTimeoutFor(statementMs: number): number | undefined {
  return statementMs ? Math.max(1, statementMs - Math.min(3000, Math.ceil(statementMs / 5))) : undefined;
}

/** What the pool is built from. */
export interface PoolOptions {
  url: string;
  max: number;
  types: pg.CustomTypesConfig;
  timeouts: DatabaseTimeouts;
  /** Errors of connections nobody was waiting on (idle or broken mid-query); for the log. */
  onError: (error: Error) => void;
}

/** A pool Kysely can use, plus a close that always finishes. */
export interface GuardedPool {
  pool: PostgresPool;
  /** Runs `end` (Kysely's destroy, which ends this pool); past `deadlineMs` destroys every socket. */
  closeWithin(deadlineMs: number, end: () => Promise<void>): Promise<void>;
  /** Connections lent out and idle, and checkouts waiting for one (the metrics' pool gauges). */
  stats(): PoolStats;
}

/** A snapshot of the pool, for /metrics. */
export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * Connection failures seen by one pool. A failure that says the server or the path died (not a
 * statement cancelled by a live server) makes every connection opened before it suspect: they
 * are discarded at their next checkout instead of each failing one more request (after a hang,
 * every idle socket is dead, and each would take a full query timeout to find out).
 */
class FailureLog {
  #generation = 0;
  readonly #bornIn = new WeakMap<pg.PoolClient, number>();
  readonly #failed = new WeakMap<pg.PoolClient, unknown>();

  born(client: pg.PoolClient): void {
    this.#bornIn.set(client, this.#generation);
  }

  /** Records that `client` failed with `error`. */
  record(client: pg.PoolClient, error: unknown): void {
    this.#failed.set(client, error);
    if (!SERVER_ALIVE_CODES.has((error as { code?: unknown } | null)?.code as string)) this.#generation++;
  }

  failureOf(client: pg.PoolClient): unknown {
    return this.#failed.get(client);
  }

  /** Opened before the latest failure of the server or the path. */
  isSuspect(client: pg.PoolClient): boolean {
    return (this.#bornIn.get(client) ?? this.#generation) < this.#generation;
  }
}

/** Failures a live server reports about one statement or session: no reason to doubt the other connections. */
const SERVER_ALIVE_CODES: ReadonlySet<string> = new Set(["57014", "25P03"]);

/** Releases a client so pg-pool destroys it, and its socket at once (a silent server never answers the goodbye). */
function discard(client: pg.PoolClient, reason: unknown): void {
  client.release(reason instanceof Error ? reason : true);
  if (client instanceof pg.Client) client.connection.stream.destroy();
}

/** A checked-out client that remembers a connection failure and hands it to release(). */
class GuardedClient {
  #failure: unknown;
  constructor(
    private readonly client: pg.PoolClient,
    private readonly failures: FailureLog,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== "string") {
      // Kysely streams through a cursor only when configured with one; this server is not.
      throw new Error("cursors are not supported by this pool");
    }
    const failure = this.#failure ?? this.failures.failureOf(this.client);
    if (failure !== undefined) return Promise.reject(new DatabaseUnavailableError("the connection broke", { cause: failure }));
    return this.client.query(sqlOrCursor, parameters === undefined ? [] : [...parameters]).then(
      // pg types `command` as any string; Kysely's type lists only the commands it counts rows of.
      (result) => result as unknown as PostgresQueryResult<R>,
      (error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        this.#failure = error;
        this.failures.record(this.client, error);
        throw new DatabaseUnavailableError("the query failed", { cause: error });
      },
    );
  }

  release(): void {
    const failure = this.#failure ?? this.failures.failureOf(this.client);
    if (failure === undefined) this.client.release();
    else discard(this.client, failure);
  }
}

/** Builds the pool with its timeouts, error listeners and socket registry. */
export function createGuardedPool(options: PoolOptions): GuardedPool {
  const { timeouts } = options;
  const sockets = new Set<net.Socket>();
  const failures = new FailureLog();
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    application_name: "bulwark",
    types: options.types,
    connectionTimeoutMillis: timeouts.connectMs || undefined,
    statement_timeout: timeouts.statementMs || undefined,
    lock_timeout: lockTimeoutFor(timeouts.statementMs),
    query_timeout: clientQueryTimeout(timeouts.statementMs),
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs || undefined,
    // A dropped path (no RST) is found by TCP keepalive rather than never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    stream: () => {
      const socket = new net.Socket();
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
      return socket;
    },
  });
  // pg.Pool re-emits an idle client's error here; the client's own listener below has logged it.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    failures.born(client);
    client.on("error", (error) => {
      failures.record(client, error);
      options.onError(error);
    });
  });
  const guarded: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      // Bounded: each turn discards one suspect client, and there are at most `max` of them.
      for (let turn = 0; ; turn++) {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          // Not recorded as a failure of the other connections: the wait may only have been for a free slot.
          throw new DatabaseUnavailableError("no connection", { cause: error });
        }
        if (turn < options.max && failures.isSuspect(client)) {
          discard(client, new Error("opened before a connection failure"));
          continue;
        }
        return new GuardedClient(client, failures);
      }
    },
    end: () => pool.end(),
  };
  return {
    pool: guarded,
    stats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async closeWithin(deadlineMs, end) {
      const ended = end().catch((error: unknown) => options.onError(error instanceof Error ? error : new Error(String(error))));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), deadlineMs)));
      const outcome = await Promise.race([ended.then(() => "ended" as const), late]);
      clearTimeout(timer);
      if (outcome === "ended") return;
      for (const socket of sockets) socket.destroy();
      // Destroyed sockets end their clients at once; wait for that, but never again unbounded.
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    },
  };
}
