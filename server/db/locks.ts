/**
 * Row and installation locks, the only place that knows each engine's way of taking them.
 * PostgreSQL locks rows as a statement reaches them, so two transactions that lock the same
 * rows in different orders can deadlock: every write that touches several rows of a table
 * locks them first, by ascending id (lockRowsInOrder), and a child row (a device, an alias) is
 * only written after its parent user's row is locked. SQLite has one writer at a time (and this
 * server one connection), so there is nothing to order and these helpers leave queries as they are.
 */
import { sql, type SelectQueryBuilder, type Transaction } from "kysely";
import { dialectOf } from "./dialect";
import type { Database } from "./types";

/**
 * How strongly a row is locked: `update` before a DELETE (or a change of a key column),
 * `noKeyUpdate` before any other UPDATE, which still lets other transactions insert children
 * referencing the row (their foreign-key checks take only a key-share lock).
 */
export type RowLockStrength = "update" | "noKeyUpdate";

/**
 * The query with a row-locking clause on PostgreSQL (`FOR UPDATE` / `FOR NO KEY UPDATE`); add
 * `ORDER BY id` so rows are locked in that order (PostgreSQL locks after sorting).
 */
export function lockRowsInOrder<DB, TB extends keyof DB, O>(
  trx: Transaction<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
  strength: RowLockStrength,
): SelectQueryBuilder<DB, TB, O> {
  if (dialectOf(trx) !== "postgres") return query;
  return strength === "update" ? query.forUpdate() : query.forNoKeyUpdate();
}

/**
 * Installation-wide locks: start-up work that every process of an installation runs but only
 * one may do (the root bootstrap, generating the shared secrets). Distinct from the migrator's
 * own advisory lock.
 */
export const INSTALLATION_LOCKS = { bootstrap: 7_420_131_001n } as const;

/**
 * Serializes the rest of the transaction with every other holder of `lock`, in any process:
 * a PostgreSQL transaction-scoped advisory lock, released at commit or rollback. On SQLite the
 * database is one process's file and this server's transactions already run one at a time.
 */
export async function takeInstallationLock(trx: Transaction<Database>, lock: keyof typeof INSTALLATION_LOCKS): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(${sql.lit(INSTALLATION_LOCKS[lock])})`.execute(trx);
}
