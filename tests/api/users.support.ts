/**
 * Shared set-up of the users API suites: the error assertion, access-log reads and a quick way to
 * insert many users (bearer tokens come from bearerFor in tests/support/factories).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Row } from "../../server/db/types";

/** The shared error assertion, re-exported for the suites that import their helpers from here. */
export { expectError } from "../support/expect";

/** Inserts `count` users into a team in multi-row statements; returns their uids in insertion order. */
export async function insertUsers(db: Kysely<Database>, teamId: number, count: number, prefix: string): Promise<string[]> {
  const now = Date.now();
  const uids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const uid = randomUUID();
      uids.push(uid);
      return { uid, username: `${prefix}-${start + i}@bulk.test`, firstName: "Bulk", lastName: `${prefix} ${start + i}`, teamId, status: "active" as const, createdAt: now, updatedAt: now };
    });
    await db.insertInto("users").values(rows).execute();
  }
  return uids;
}

/** The access-log entries of an action, newest first. */
export async function accessEntries(db: Kysely<Database>, action: string): Promise<Row<"accessLog">[]> {
  return db.selectFrom("accessLog").selectAll().where("action", "=", action).orderBy("id", "desc").execute();
}
