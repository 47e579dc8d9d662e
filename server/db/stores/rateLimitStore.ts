import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import { dialectOf } from "../dialect";
import type { Database } from "../types";

/** The width of rate_limits.key (migration 0006). */
const MAX_KEY_LENGTH = 128;

/**
 * express-rate-limit's Store over the application database (DESIGN §2), so every process
 * behind a load balancer counts against the same fixed-window budget per client address.
 * An increment is one UPSERT … RETURNING: the row is locked (PostgreSQL) or the database
 * written by one statement at a time (SQLite), so two concurrent hits never read the same
 * count and at most `limit` requests pass per window, whichever process they reach.
 */
export class DatabaseRateLimitStore implements Store {
  /** The counters are shared: the same key on another process counts against the same budget. */
  readonly localKeys = false;
  /** Keys are "<limiter>:<client>", so limiters of different names never share a budget. */
  readonly prefix: string;
  private windowMs = 60_000;
  private readonly postgres: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    name: string,
    /** The clock; tests move it to cross a window. */
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = `${name}:`;
    this.postgres = dialectOf(db) === "postgres";
  }

  /** Takes the window length from the limiter's options (called once by express-rate-limit). */
  init(options: Pick<Options, "windowMs">): void {
    this.windowMs = options.windowMs;
  }

  /** The stored key: the client part is hashed when it would not fit the column (a forged, long address). */
  private keyOf(client: string): string {
    const key = `${this.prefix}${client}`;
    if (key.length <= MAX_KEY_LENGTH) return key;
    return `${this.prefix}#${createHash("sha256").update(client).digest("hex")}`;
  }

  /** The client's hits and window end, or undefined when it has none in the current window. */
  async get(client: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db.selectFrom("rateLimits").select(["hits", "resetAt"]).where("key", "=", this.keyOf(client)).executeTakeFirst();
    if (!row || row.resetAt <= this.now()) return undefined;
    return { totalHits: row.hits, resetTime: new Date(row.resetAt) };
  }

  /** Counts one hit atomically: a new or expired window starts at 1, a current one adds 1. */
  async increment(client: string): Promise<IncrementResponse> {
    const now = this.now();
    const resetAt = now + this.windowMs;
    if (this.postgres) return this.incrementAsyncCommit(this.keyOf(client), now, resetAt);
    const row = await this.db
      .insertInto("rateLimits")
      .values({ key: this.keyOf(client), hits: 1, resetAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => {
          // Both refer to the stored row's values before this update (SQL evaluates every SET from the old row).
          const expired = sql<boolean>`${eb.ref("rateLimits.resetAt")} <= ${now}`;
          return {
            hits: sql<number>`case when ${expired} then 1 else ${eb.ref("rateLimits.hits")} + 1 end`,
            resetAt: sql<number>`case when ${expired} then ${resetAt} else ${eb.ref("rateLimits.resetAt")} end`,
          };
        }),
      )
      .returning(["hits", "resetAt"])
      .executeTakeFirstOrThrow();
    return { totalHits: row.hits, resetTime: new Date(row.resetAt) };
  }

  /**
   * PostgreSQL: the same UPSERT, committed without waiting for the WAL flush
   * (`synchronous_commit = off` for this statement's transaction only, set in the statement
   * itself, so it stays one round trip). A counter is the one write whose last few milliseconds
   * may be lost in a database crash (a client gets a few more calls); waiting for the flush made
   * the per-principal limit cost ~6 ms of a ~26 ms users page (docs/DECISIONS.md).
   */
  private async incrementAsyncCommit(key: string, now: number, resetAt: number): Promise<IncrementResponse> {
    const { rows } = await sql<{ hits: number; resetAt: number }>`
      insert into rate_limits (key, hits, reset_at)
      select ${key}, 1, ${resetAt} from (select set_config('synchronous_commit', 'off', true)) as async_commit
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
        reset_at = case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end
      returning hits, reset_at`.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error("rate limit upsert returned no row");
    return { totalHits: row.hits, resetTime: new Date(row.resetAt) };
  }

  /** Takes back one hit of the current window (express-rate-limit's skip options). */
  async decrement(client: string): Promise<void> {
    await this.db
      .updateTable("rateLimits")
      .set((eb) => ({ hits: eb("hits", "-", 1) }))
      .where("key", "=", this.keyOf(client))
      .where("hits", ">", 0)
      .where("resetAt", ">", this.now())
      .execute();
  }

  /** Forgets the client's hits. */
  async resetKey(client: string): Promise<void> {
    await this.db.deleteFrom("rateLimits").where("key", "=", this.keyOf(client)).execute();
  }
}

/**
 * Deletes the counters whose window has ended (their next hit would start over anyway), so the
 * table holds at most the clients seen within the longest window; housekeeping calls it.
 */
export async function pruneRateLimits(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("rateLimits").where("resetAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
