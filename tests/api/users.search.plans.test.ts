/**
 * A search page is the same whichever plan takes it (issue 28): `among` (the ids the count found,
 * each user tested again), `seek` (the search's index first) and `walk` (the sort's index,
 * testing each row), on both engines; below a thousand matches the plan is `among`, and a user
 * who stopped matching after the count is left out of its page.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { dialectOf, likeContains } from "../../server/db/dialect";
import type { Row } from "../../server/db/types";
import { searchPlanOf } from "../../server/services/users/list";
import { rootSearchPage } from "../../server/services/users/listPage";
import type { SearchPlan } from "../../server/services/users/search";
import { UserListQuerySchema, type UserListQuery } from "../../shared/schemas/user";
import { testDialects } from "../support/db";
import { buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { insertUsers } from "./users.support";

/** A random tag of letters only (trigram-searchable, found in no other row). */
const tagOf = () =>
  `q${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!)}`;

const ROOT = { teamIds: null, teamId: null, minimums: [], seen: null };
const PLANS: SearchPlan[] = ["among", "seek", "walk"];

describe.each(testDialects())("a users search page by each plan on %s", (dialect) => {
  let server: TestServer;
  let team: Row<"teams">;
  const tag = tagOf();
  const db = () => server.database.db;

  /** The ids of every user the plain substring test finds (the search's definition). */
  const plainIds = async (text: string): Promise<number[]> => {
    const rows = await db()
      .selectFrom("users")
      .select("id")
      .where((eb) =>
        eb.or([
          likeContains(dialectOf(db()), sql<string>`${sql.ref("users.firstName")} || ' ' || ${sql.ref("users.lastName")}`, text),
          likeContains(dialectOf(db()), eb.ref("users.username"), text),
          eb(
            "users.id",
            "in",
            eb
              .selectFrom("userAliases")
              .select("userId")
              .where(likeContains(dialectOf(db()), sql<string>`${sql.ref("alias")}`, text)),
          ),
        ]),
      )
      .execute();
    return rows.map((row) => row.id);
  };
  /** The uids of a root's first page of `query` by `plan`. */
  const pageBy = async (query: UserListQuery, plan: SearchPlan, among: readonly number[]): Promise<string[]> => {
    const { rows } = await db().executeQuery<{ uid: string }>(rootSearchPage(db(), query, plan, among));
    return rows.map((row) => row.uid);
  };

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    team = await buildTeam(db());
    await insertUsers(db(), team.id, 140, tag);
    await buildUser(db(), { team, firstName: "Alias", lastName: "Owner", aliases: [`${tag}-alias`] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("gives the same first page by every plan, for every sort and order", async () => {
    for (const search of [tag, `${tag} 1`, `${tag}-alias`, `${tag}-13`]) {
      const among = await plainIds(search);
      expect(among.length, search).toBeGreaterThan(0);
      for (const sort of ["name", "username", "createdOn", "lastSeen", "team"] as const)
        for (const order of ["asc", "desc"] as const) {
          const query = UserListQuerySchema.parse({ search, sort, order, limit: 20 });
          const [first, ...others] = await Promise.all(PLANS.map((plan) => pageBy(query, plan, among)));
          expect(first!.length, `${search} ${sort} ${order}`).toBe(Math.min(among.length, 21));
          for (const other of others) expect(other, `${search} ${sort} ${order}`).toEqual(first);
        }
    }
  });

  it("plans `among` below a thousand matches, from the ids its count found", async () => {
    expect(await searchPlanOf(db(), ROOT, UserListQuerySchema.parse({ search: tag }))).toBe("among");
    expect(await searchPlanOf(db(), ROOT, UserListQuerySchema.parse({ search: `${tag}-alias`, sort: "createdOn" }))).toBe("among");
    // No match at all: an empty list of ids (PostgreSQL aggregates no row into NULL).
    expect(await searchPlanOf(db(), ROOT, UserListQuerySchema.parse({ search: `${tag}-none` }))).toBe("among");
  });

  it("leaves out of an `among` page a user who no longer matches, and anyone not among the ids", async () => {
    const search = `${tag}-2`;
    const among = await plainIds(search);
    const outsider = await buildUser(db(), { team, lastName: `${tag}-2 outsider` });
    const [renamed] = await db().selectFrom("users").select(["id", "uid"]).where("id", "in", among).orderBy("id").execute();
    await db()
      .updateTable("users")
      .set({ lastName: "Renamed", username: `renamed-${tag}@bulk.test` })
      .where("id", "=", renamed!.id)
      .execute();
    const query = UserListQuerySchema.parse({ search, sort: "name", limit: 200 });
    const page = await pageBy(query, "among", among);
    expect(page).not.toContain(renamed!.uid);
    expect(page).not.toContain(outsider.uid);
    expect(page.length).toBe(among.length - 1);
    // The other plans read the index afresh: the outsider is found, the renamed user is not.
    expect(await pageBy(query, "seek", [])).toEqual(expect.arrayContaining([outsider.uid]));
    expect(await pageBy(query, "seek", [])).not.toContain(renamed!.uid);
  });
});
