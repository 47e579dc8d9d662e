/**
 * The one way services open a write transaction: Kysely's transaction, run again from the start
 * when the engine aborts it for contention (a deadlock, a serialization failure, SQLITE_BUSY;
 * see isTransientConflict) a bounded number of times with a short jittered back-off. When the
 * attempts run out it throws DatabaseBusyError (503 `contention` with Retry-After), so
 * contention never surfaces as a 500. `work` must touch nothing but the transaction: it may run
 * more than once, and only the last run commits. When `work` fails and the ROLLBACK after it fails
 * too (the engine had already rolled back, the connection broke), the work's error is the one
 * thrown: it says what happened (issue #32: a full disk), the rollback's only that it came after.
 */
import type { Kysely, Transaction } from "kysely";
import { DatabaseBusyError, isTransientConflict } from "./errors";
import type { Database } from "./types";
import { dbTransactionRetries } from "../lib/metrics";

/** How often a transaction runs at most, and the first back-off before the second run. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
}

/** Five runs, waits of about 10, 20, 40 and 80 ms between them (each ±50 %). */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 10 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A plain SQLITE_BUSY comes after busy_timeout (5 s) already waited for the other writer, and
 * better-sqlite3 waits synchronously, blocking every request: running it again would only freeze
 * the process for another 5 s each time. PostgreSQL's 55P03 comes after lock_timeout (pool.ts,
 * most of the statement limit) waited for a row: a rerun would likely wait as long again, past
 * what the client is willing to wait, so the caller is told at once (503 `contention`, Retry-After 1).
 * SQLITE_BUSY_SNAPSHOT (a read snapshot outdated by another writer) skips that wait and is worth
 * retrying, as are PostgreSQL's deadlocks and serialization failures.
 */
function waitedForLock(error: unknown): boolean {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_TIMEOUT" || code === "55P03";
}

/**
 * Runs `work` in a transaction, retried on transient conflicts (see the module comment). A write's
 * answer is read inside `work`, on the transaction's connection: read with the root handle after
 * the commit it waits for a pool connection again, and a full pool's 503 then reports as not done
 * a write that was committed (a client's retry gets 409 or makes a duplicate).
 */
export async function runTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let workFailed = false;
    let workError: unknown;
    try {
      return await db.transaction().execute(async (trx) => {
        try {
          return await work(trx);
        } catch (error) {
          workFailed = true;
          workError = error;
          throw error;
        }
      });
    } catch (thrown) {
      const error = workFailed ? workError : thrown;
      if (!isTransientConflict(error)) throw error;
      if (attempt >= policy.attempts || waitedForLock(error)) throw new DatabaseBusyError(attempt, { cause: error });
      dbTransactionRetries.inc();
      // Jitter keeps two losers of the same deadlock from colliding again in lockstep.
      await sleep(policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}
