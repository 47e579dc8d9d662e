/**
 * The PostgreSQL pool, made to survive a database that dies, restarts or goes silent (issue 13).
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
}

/** A checked-out client that remembers a connection failure and hands it to release(). */
class GuardedClient {
  #failure: unknown;
  constructor(
    private readonly client: pg.PoolClient,
    private readonly failedEarlier: () => unknown,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== "string") {
      // Kysely streams through a cursor only when configured with one; this server is not.
      throw new Error("cursors are not supported by this pool");
    }
    const failure = this.#failure ?? this.failedEarlier();
    if (failure !== undefined) return Promise.reject(new DatabaseUnavailableError("the connection broke", { cause: failure }));
    return this.client.query(sqlOrCursor, parameters === undefined ? [] : [...parameters]).then(
      (result) => result as unknown as PostgresQueryResult<R>,
      (error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        this.#failure = error;
        throw new DatabaseUnavailableError("the query failed", { cause: error });
      },
    );
  }

  release(): void {
    const failure = this.#failure ?? this.failedEarlier();
    // An error makes pg-pool destroy the client rather than keep it idle.
    this.client.release(failure === undefined ? undefined : failure instanceof Error ? failure : true);
  }
}

/** Builds the pool with its timeouts, error listeners and socket registry. */
export function createGuardedPool(options: PoolOptions): GuardedPool {
  const { timeouts } = options;
  const sockets = new Set<net.Socket>();
  const failed = new WeakMap<pg.PoolClient, Error>();
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    application_name: "bulwark",
    types: options.types,
    connectionTimeoutMillis: timeouts.connectMs || undefined,
    statement_timeout: timeouts.statementMs || undefined,
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
    client.on("error", (error) => {
      failed.set(client, error);
      options.onError(error);
    });
  });
  const guarded: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError("no connection", { cause: error });
      }
      return new GuardedClient(client, () => failed.get(client));
    },
    end: () => pool.end(),
  };
  return {
    pool: guarded,
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
