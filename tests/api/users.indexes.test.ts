/**
 * Migration 0024 (issue #32 item 10): on PostgreSQL, `users` has no index that only makes a bulk
 * status change dearer (every index of `users` gets an entry per changed row), and the list's
 * status and team filters are still answered from an index without them. SQLite keeps them. And a
 * bulk block or activate writes only the users whose status changes.
 */
import { CompiledQuery, sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/types";
import { DROPPED_USER_INDEXES, usersFewerIndexesMigration } from "../../server/db/migrations/0024_users_fewer_indexes";
import { pageQuery, SORTS } from "../../server/services/users/listPage";
import { UserListQuerySchema } from "../../shared/schemas/user";
import { testDialects, withTestDatabase } from "../support/db";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { insertUsers } from "./users.support";

const DROPPED = Object.keys(DROPPED_USER_INDEXES);

/** The names of the indexes on `users`. */
async function userIndexes(db: Kysely<Database>, dialect: string): Promise<string[]> {
  const rows =
    dialect === "postgres"
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'users'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'users'`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** PostgreSQL's plan of a query with sequential scans priced out, as text. */
async function planOf(db: Kysely<Database>, query: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const explained = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

describe.each(testDialects())("the indexes of users on %s", (dialect) => {
  const testDb = withTestDatabase(dialect);
  const db = () => testDb().db;

  it(
    dialect === "postgres" ? "has none of the three that migration 0024 drops" : "keeps the three that 0024 drops on PostgreSQL",
    async () => {
      const names = await userIndexes(db(), dialect);
      // Sanity: the wider indexes that answer their conditions are there on both engines.
      expect(names).toEqual(expect.arrayContaining(["users_status_created_idx", "users_team_status_created_idx", "users_status_name_idx"]));
      if (dialect === "postgres") expect(names.filter((name) => DROPPED.includes(name))).toEqual([]);
      else expect(names).toEqual(expect.arrayContaining(DROPPED));
    },
  );

  if (dialect === "postgres") {
    it("answers the status and team filters of the list, its count and every sort from an index", async () => {
      const team = await buildTeam(db());
      const other = await buildTeam(db());
      await insertUsers(db(), team.id, 3_000, "idx-a");
      await insertUsers(db(), other.id, 3_000, "idx-b");
      await db().updateTable("users").set({ status: "blocked" }).where("lastName", "like", "idx-% 1%").execute();
      await sql`analyze users`.execute(db());
      const checked: Array<[string, CompiledQuery]> = [];
      for (const sort of Object.keys(SORTS) as Array<keyof typeof SORTS>) {
        const query = UserListQuerySchema.parse({ status: "blocked", sort });
        for (const teamId of [null, team.id]) {
          const narrowing = { teamIds: null, teamId, minimums: [], seen: null };
          checked.push([`${sort} ${teamId ?? "all"}`, pageQuery(db(), SORTS[sort], narrowing, query, null, "walk", 51).compile()]);
        }
      }
      const counts = [
        db()
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("status", "=", "blocked"),
        db()
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("teamId", "=", team.id)
          .where("status", "=", "blocked"),
      ];
      counts.forEach((count, i) => checked.push([`count ${i}`, count.compile()]));
      for (const [label, query] of checked) {
        const plan = await planOf(db(), query);
        expect({ label, seqScan: /Seq Scan on users/.test(plan) }, plan).toEqual({ label, seqScan: false });
      }
    });

    it("puts the indexes back when the migration is undone, and drops them again", async () => {
      await usersFewerIndexesMigration.down(db() as unknown as Kysely<unknown>);
      expect(await userIndexes(db(), dialect)).toEqual(expect.arrayContaining(DROPPED));
      await usersFewerIndexesMigration.up(db() as unknown as Kysely<unknown>);
      expect((await userIndexes(db(), dialect)).filter((name) => DROPPED.includes(name))).toEqual([]);
    });
  }
});

// The other half of item 10: a block or activate writes only the users whose status changes, so a
// second call on the same users (two admins, a retry) costs no row versions and no index entries.
describe.each(testDialects())("a repeated bulk status change on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  afterAll(async () => server?.close());

  it("answers every user ok and leaves those already in the target status unwritten", async () => {
    server = await getTestServer({ dialect });
    const db = server.database.db;
    root = await bearerFor(server.config, await buildAdmin(db, { role: "root" }));
    const team = await buildTeam(db);
    const uids = await insertUsers(db, team.id, 20, "again");
    const put = (action: string, list: string[]) =>
      server.request().put(`/v2/users/${action}`).set("Authorization", root).send({ uids: list });
    const stamps = async () =>
      new Map(
        (await db.selectFrom("users").select(["uid", "updatedAt", "status"]).where("uid", "in", uids).execute()).map((row) => [
          row.uid,
          `${row.status} ${row.updatedAt}`,
        ]),
      );
    expect((await put("block", uids.slice(0, 10))).status).toBe(200);
    const first = await stamps();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await put("block", uids);
    expect(again.status).toBe(200);
    expect(again.body.ok).toHaveLength(20);
    const second = await stamps();
    // The ten blocked before are untouched; the other ten changed now.
    for (const uid of uids.slice(0, 10)) expect(second.get(uid)).toBe(first.get(uid));
    for (const uid of uids.slice(10)) {
      expect(second.get(uid)).toMatch(/^blocked /);
      expect(second.get(uid)).not.toBe(first.get(uid));
    }
  });
});
