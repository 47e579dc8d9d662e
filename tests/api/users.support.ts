/**
 * Shared set-up of the users API suites: the error assertion, access-log reads, a quick way to
 * insert many users and a reader of `GET /v2/users` (bearer tokens come from bearerFor in
 * tests/support/factories).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database, Row } from "../../server/db/types";
import type { TestServer } from "../support/server";

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
      return {
        uid,
        username: `${prefix}-${start + i}@bulk.test`,
        firstName: "Bulk",
        lastName: `${prefix} ${start + i}`,
        teamId,
        status: "active" as const,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insertInto("users").values(rows).execute();
  }
  return uids;
}

/** The access-log entries of an action, newest first. */
export async function accessEntries(db: Kysely<Database>, action: string): Promise<Row<"accessLog">[]> {
  return db.selectFrom("accessLog").selectAll().where("action", "=", action).orderBy("id", "desc").execute();
}

/** A page of `GET /v2/users`, with the item fields a suite reads. */
export interface UsersPage<Item extends { uid: string }> {
  items: Item[];
  total: number;
  nextCursor: string | null;
}

/**
 * `GET /v2/users` as the suites call it: `list` reads one page (answered 200), `all` follows
 * nextCursor through every page and checks that each page reports the same total.
 */
export function usersListReader<Item extends { uid: string }>(server: () => TestServer, defaultAuth: () => string) {
  const list = async (query: string, auth = defaultAuth()): Promise<UsersPage<Item>> => {
    const res = await server().request().get(`/v2/users?${query}`).set("Authorization", auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as UsersPage<Item>;
  };
  const all = async (
    query: string,
    limit: number,
    auth = defaultAuth(),
  ): Promise<{ uids: string[]; totals: number[]; pages: UsersPage<Item>[] }> => {
    const pages: UsersPage<Item>[] = [];
    let cursor: string | null = null;
    do {
      const page: UsersPage<Item> = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, auth);
      pages.push(page);
      cursor = page.nextCursor;
      expect(pages.length).toBeLessThan(50);
    } while (cursor);
    for (const page of pages) expect(page.total).toBe(pages[0]!.total);
    return { uids: pages.flatMap((p) => p.items.map((i) => i.uid)), totals: pages.map((p) => p.total), pages };
  };
  return { list, all };
}
