import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
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

  constructor(
    private readonly db: Kysely<Database>,
    name: string,
    /** The clock; tests move it to cross a window. */
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = `${name}:`;
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
