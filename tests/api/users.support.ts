/**
 * Shared set-up of the users API suites: bearer tokens signed the way sign-in signs them (no
 * argon2 round trip per admin), error assertions, and a quick way to insert many users.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Response } from "supertest";
import { expect } from "vitest";
import type { Config } from "../../server/config";
import type { Database, Row } from "../../server/db/types";
import { signSessionToken } from "../../server/services/jwt";

/** The Authorization header value of an admin's bearer token. */
export async function bearerOf(config: Config, admin: Row<"admins">): Promise<string> {
  const { token } = await signSessionToken(
    config.secrets.jwtSecret,
    { role: admin.role, uid: admin.uid, username: admin.username, first_name: admin.firstName, last_name: admin.lastName, timezone: admin.timezone, lang: admin.lang, ver: admin.tokenVersion },
    1,
  );
  return `Bearer ${token}`;
}

/** Asserts an error envelope with the catalogue code and status. */
export function expectError(res: Response, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ code, status });
}

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
