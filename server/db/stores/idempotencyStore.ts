import type { Kysely } from "kysely";
import type { Database } from "../types";

/** How long an answer is kept and replayed (DESIGN §4: 24 hours per principal and key). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a running request holds its key. A row still running after it belongs to a process
 * that died (or a request far beyond any handler's time): the next repeat takes it over.
 */
export const IDEMPOTENCY_LEASE_MS = 5 * 60_000;

/** A stored answer, replayed for a repeat of the same request. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  /** The JSON text of the answer's body. */
  body: string;
}

/** What a request with a key may do: run (it holds the key until it stores or releases it), or not. */
export type Claim =
  { kind: "run"; claimedAt: number } | { kind: "replay"; answer: StoredAnswer } | { kind: "mismatch" } | { kind: "inFlight" };

/** Attempts at a claim when the row vanishes or is taken over between two statements. */
const CLAIM_ATTEMPTS = 5;

/**
 * The answers of writes sent with an `Idempotency-Key` (migration 0017). The row's primary key
 * (principal, key) is the lock: an INSERT … ON CONFLICT DO NOTHING either creates it (this request
 * runs) or finds the earlier one, on whichever process it was made, on SQLite and PostgreSQL alike.
 * Each request's own claim time (`created_at`) marks its ownership, so a request that outlived its
 * lease cannot store over or release the request that took the key over.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** The clock; tests move it past the lease or the 24 hours. */
    private readonly now: () => number = Date.now,
  ) {}

  /** Claims (principal, key) for a request with `fingerprint`, or says why it may not run. */
  async claim(principal: string, key: string, fingerprint: string): Promise<Claim> {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const now = this.now();
      const inserted = await this.db
        .insertInto("idempotencyKeys")
        .values({
          principal,
          key,
          fingerprint,
          status: null,
          headers: null,
          body: null,
          createdAt: now,
          expiresAt: now + IDEMPOTENCY_LEASE_MS,
        })
        .onConflict((oc) => oc.columns(["principal", "key"]).doNothing())
        .returning("createdAt")
        .executeTakeFirst();
      if (inserted) return { kind: "run", claimedAt: now };

      const row = await this.db
        .selectFrom("idempotencyKeys")
        .select(["fingerprint", "status", "headers", "body", "createdAt", "expiresAt"])
        .where("principal", "=", principal)
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) continue; // released in between: try to insert again
      if (row.expiresAt <= now) {
        // An answer past its 24 hours, or a running request past its lease: take the key over,
        // unless another repeat did so first (then look again).
        const taken = await this.db
          .updateTable("idempotencyKeys")
          .set({ fingerprint, status: null, headers: null, body: null, createdAt: now, expiresAt: now + IDEMPOTENCY_LEASE_MS })
          .where("principal", "=", principal)
          .where("key", "=", key)
          .where("createdAt", "=", row.createdAt)
          .where("expiresAt", "=", row.expiresAt)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return { kind: "run", claimedAt: now };
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (row.status === null || row.body === null) return { kind: "inFlight" };
      const headers = row.headers === null ? {} : (JSON.parse(row.headers) as Record<string, string>);
      return { kind: "replay", answer: { status: row.status, headers, body: row.body } };
    }
    // The key changed hands every time we looked: as good as a request in flight.
    return { kind: "inFlight" };
  }

  /** Stores the answer of the request that claimed the key at `claimedAt`, kept for 24 hours. */
  async store(principal: string, key: string, claimedAt: number, answer: StoredAnswer): Promise<void> {
    await this.db
      .updateTable("idempotencyKeys")
      .set({
        status: answer.status,
        headers: Object.keys(answer.headers).length === 0 ? null : JSON.stringify(answer.headers),
        body: answer.body,
        expiresAt: this.now() + IDEMPOTENCY_TTL_MS,
      })
      .where("principal", "=", principal)
      .where("key", "=", key)
      .where("createdAt", "=", claimedAt)
      .where("status", "is", null)
      .execute();
  }

  /** Gives the key back (a 5xx, a 429, an answer that is not JSON): the next repeat runs again. */
  async release(principal: string, key: string, claimedAt: number): Promise<void> {
    await this.db
      .deleteFrom("idempotencyKeys")
      .where("principal", "=", principal)
      .where("key", "=", key)
      .where("createdAt", "=", claimedAt)
      .where("status", "is", null)
      .execute();
  }
}

/**
 * Deletes the answers past their 24 hours and the running rows past their lease (a repeat would
 * take them over anyway), so the table holds one day of keys; housekeeping calls it.
 */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("idempotencyKeys").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
