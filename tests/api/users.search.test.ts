import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
import { dialectOf, likeContains, postgresUserSearchText } from "../../server/db/dialect";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { rootSearchPage } from "../../server/services/users/listPage";
import { searchCondition } from "../../server/services/users/search";
import { UserListQuerySchema } from "../../shared/schemas/user";
import { getTestServer, type TestServer } from "../support/server";
import { insertUsers, usersListReader } from "./users.support";

/** A random lowercase tag no other test's data contains (letters only, so trigram-searchable). */
const tagOf = () =>
  `q${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!)}`;
/** Random digits, for names the 1- and 2-letter searches must not find. */
const digitsOf = () => String(randomBytes(4).readUInt32LE(0));

// `GET /v2/users?search=`: the trigram indexes of migration 0005 must give exactly the rows of
// the plain substring test, on both engines, whatever the term's length and however written.
describe.each(testDialects())("GET /v2/users?search= on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  const db = () => server.database.db;
  const send = (method: "post" | "put" | "delete", url: string, body: object) =>
    server.request()[method](url).set("Authorization", root).send(body);
  const { list, all } = usersListReader<{ uid: string; lastName: string }>(
    () => server,
    () => root,
  );
  /** The uids a search finds in a team (sorted), checking that the total agrees. */
  const found = async (team: Row<"teams">, search: string): Promise<string[]> => {
    const page = await list(`team=${team.slug}&search=${encodeURIComponent(search)}&limit=200`);
    expect(page.total, search).toBe(page.items.length);
    return page.items.map((i) => i.uid).sort();
  };
  const uids = (...users: Row<"users">[]) => users.map((u) => u.uid).sort();

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root" }));
  });
  afterAll(async () => {
    await server.close();
  });

  it("finds a term only in an alias, and a user with several matching aliases once", async () => {
    const tag = tagOf();
    const team = await buildTeam(db());
    const aliased = await buildUser(db(), {
      team,
      firstName: "Ines",
      lastName: "Plain",
      aliases: [`x-${tag}-one`, `y-${tag}-two`, `z-${tag}-three`],
    });
    await buildUser(db(), { team, firstName: "Other", lastName: "Person", aliases: ["nothing-here"] });
    expect(await found(team, tag)).toEqual(uids(aliased));
    expect(await found(team, `${tag}-TWO`)).toEqual(uids(aliased));
    expect(await found(team, `-${tag}-`)).toEqual(uids(aliased));
    // Across pages too: one row per user, and the total counts users, not aliases.
    expect(await all(`search=${tag}`, 1)).toMatchObject({ uids: uids(aliased), totals: [1] });
  });

  it("answers 1- and 2-character terms (too short for trigrams) by the plain substring test", async () => {
    const team = await buildTeam(db());
    const zed = await buildUser(db(), { team, firstName: "Zé", lastName: "Qwyx", username: `k-${digitsOf()}` });
    const yo = await buildUser(db(), { team, firstName: "Yo", lastName: "Vqk", username: `m-${digitsOf()}` });
    const alias = await buildUser(db(), {
      team,
      firstName: "Al",
      lastName: "Ias",
      username: `n-${digitsOf()}`,
      aliases: [`wj-${digitsOf()}`],
    });
    expect(await found(team, "Q")).toEqual(uids(zed, yo));
    expect(await found(team, "qw")).toEqual(uids(zed));
    expect(await found(team, "VQ")).toEqual(uids(yo));
    expect(await found(team, "wj")).toEqual(uids(alias)); // alias
    expect(await found(team, "k-")).toEqual(uids(zed)); // username
    expect(await found(team, "é ")).toEqual(uids(zed)); // across "first last"
    expect(await found(team, "j")).toEqual(uids(alias));
    expect(await found(team, "ß")).toEqual([]);
  });

  it("takes %, _ and \\ literally, short or long", async () => {
    const tag = tagOf();
    const team = await buildTeam(db());
    const percent = await buildUser(db(), { team, firstName: "Cent", lastName: `100%${tag}`, username: `p-${tag}` });
    const under = await buildUser(db(), { team, firstName: "Under", lastName: `a_b${tag}`, username: `u-${tag}` });
    const slash = await buildUser(db(), { team, firstName: "Back", lastName: `c\\d${tag}`, username: `s-${tag}` });
    const quote = await buildUser(db(), { team, firstName: "Quo", lastName: `"${tag}"`, username: `q-${tag}` });
    const plain = await buildUser(db(), { team, firstName: "Plain", lastName: `axb${tag}`, username: `x-${tag}` });
    expect(await found(team, "%")).toEqual(uids(percent));
    expect(await found(team, `0%${tag}`)).toEqual(uids(percent));
    expect(await found(team, "_")).toEqual(uids(under));
    expect(await found(team, "a_b")).toEqual(uids(under)); // not "axb"
    expect(await found(team, `a_b${tag}`)).toEqual(uids(under));
    expect(await found(team, "\\")).toEqual(uids(slash));
    expect(await found(team, `c\\d${tag}`)).toEqual(uids(slash));
    expect(await found(team, `"${tag}"`)).toEqual(uids(quote)); // FTS5 string quoting
    expect(await found(team, `${tag}"`)).toEqual(uids(quote));
    expect(await found(team, "%_")).toEqual([]);
    expect(await found(team, `axb${tag}`)).toEqual(uids(plain));
  });

  it("refuses control characters in a term with 400 and the localized message key", async () => {
    for (const term of ["a\u0000b", "silva\tx", "x\ny", "\u007f"]) {
      const res = await server
        .request()
        .get(`/v2/users?search=${encodeURIComponent(term)}`)
        .set("Authorization", root);
      expect(res.status, JSON.stringify(term)).toBe(400);
      expect(JSON.stringify(res.body)).toContain("validation.controlCharacters");
    }
    // Leading and trailing blanks are trimmed, not refused.
    expect(
      (
        await server
          .request()
          .get(`/v2/users?search=${encodeURIComponent("\tsilva\n")}`)
          .set("Authorization", root)
      ).status,
    ).toBe(200);
  });

  it("keeps each engine's case folding: ASCII letters on SQLite, every letter on PostgreSQL", async () => {
    const tag = tagOf();
    const team = await buildTeam(db());
    const upper = await buildUser(db(), { team, firstName: "JOÃO", lastName: `${tag.toUpperCase()}ÇA` });
    const lower = await buildUser(db(), { team, firstName: "joão", lastName: `${tag}ça` });
    expect(await found(team, `${tag}ça`)).toEqual(dialect === "postgres" ? uids(upper, lower) : uids(lower));
    expect(await found(team, "JOÃO")).toEqual(dialect === "postgres" ? uids(upper, lower) : uids(upper));
    expect(await found(team, `${tag.toUpperCase()}`)).toEqual(uids(upper, lower));
  });

  it("gives exactly the rows of the plain substring test, whatever the letters", async () => {
    const tag = tagOf();
    const team = await buildTeam(db());
    const names = [
      ["Kelvin", `\u212Aa${tag}`], // KELVIN SIGN: folds to "k" in Unicode, not in SQLite's LIKE
      ["Long", `\u017Fb${tag}`], // LATIN SMALL LETTER LONG S: folds to "s" in Unicode
      ["Straße", `STRASSE${tag}`],
      ["İlkay", `ılık${tag}`], // dotted capital I, dotless small i
      ["Ǆemal", `ǅ${tag}ǆ`], // title case
      ["Ωmega", `ω${tag}Ω`],
    ];
    for (const [firstName, lastName] of names)
      await buildUser(db(), { team, firstName, lastName, aliases: [`${lastName}-alias`.toLowerCase()] });
    await buildUser(db(), { team, firstName: "Two", lastName: `Lines${tag}`, aliases: [`end${tag}`, `start${tag}`] });
    // PostgreSQL's index joins "first last" and the username with a line feed: nothing may match across it.
    await buildUser(db(), { team, firstName: "Edge", lastName: `Edge${tag}`, username: `zz${tag}@edge.test` });
    /** The team's users that the plain LIKE/ILIKE test finds (the search before migration 0005). */
    const plain = async (text: string): Promise<string[]> => {
      const dialect = dialectOf(db());
      const rows = await db()
        .selectFrom("users")
        .select("uid")
        .where("teamId", "=", team.id)
        .where((eb) =>
          eb.or([
            likeContains(dialect, sql<string>`${sql.ref("users.firstName")} || ' ' || ${sql.ref("users.lastName")}`, text),
            likeContains(dialect, eb.ref("users.username"), text),
            eb(
              "users.id",
              "in",
              eb
                .selectFrom("userAliases")
                .select("userAliases.userId")
                .where(likeContains(dialect, sql<string>`${sql.ref("userAliases.alias")}`, text)),
            ),
          ]),
        )
        .execute();
      return rows.map((r) => r.uid).sort();
    };
    const terms = [
      `ka${tag}`,
      `\u212Aa${tag}`,
      `sb${tag}`,
      `SB${tag}`,
      `\u017Fb${tag}`,
      `strasse${tag}`,
      "straße",
      "STRASSE",
      "ilkay",
      "İlkay",
      `ılık${tag}`,
      `ILIK${tag}`,
      `ǆ${tag}`,
      `Ǆ${tag}`,
      `ǅ${tag}`,
      `Ω${tag}`,
      `ω${tag}`,
      `${tag}ω`,
      `${tag}-alias`,
      `${tag.toUpperCase()}-ALIAS`,
      `edge${tag}`,
      `Edge Edge${tag}`,
      `${tag} zz${tag}`,
      `${tag}zz${tag}`,
      `${tag}@edge`,
    ];
    // (Terms with line feeds, the index's alias separator, or NUL never get here: control
    // characters are refused by the schema, see the test above.)
    for (const term of terms) expect({ term, uids: await found(team, term) }).toEqual({ term, uids: await plain(term) });
    // Sanity: the terms do find people.
    expect((await found(team, `sb${tag}`)).length + (await found(team, `strasse${tag}`)).length).toBeGreaterThan(0);
  });

  // PostgreSQL only (SQLite's search table is migration 0005's): registered only there, never skipped.
  if (dialect === "postgres")
    it("answers a long term from the one trigram index of names and usernames (migration 0008)", async () => {
      const plan = await db()
        .transaction()
        .execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const explained = await sql<{
            "QUERY PLAN": string;
          }>`explain select id from users where ${likeContains("postgres", postgresUserSearchText("users"), "silva")}`.execute(trx);
          return explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
        });
      expect(plan).toContain("users_search_trgm_idx");
    });

  // PostgreSQL only, as above: a seek reads each match once (a BitmapOr of the names' trigram
  // index and the primary key for the alias owners), not once to find it and again by id.
  if (dialect === "postgres")
    it("reads each match of an indexed search once: names and alias owners in one bitmap scan", async () => {
      const plan = await db()
        .transaction()
        .execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const explained = await sql<{
            "QUERY PLAN": string;
          }>`explain select id from users where ${searchCondition("postgres", "silva", "seek")}`.execute(trx);
          return explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
        });
      expect(plan).toContain("BitmapOr");
      expect(plan).toContain("users_search_trgm_idx");
      expect(plan).toContain("users_pkey");
      expect(plan).toContain("user_aliases_alias_trgm_idx");
      expect(plan).not.toMatch(/Semi Join|Hash Join|Nested Loop/);
    });

  // PostgreSQL only (SQLite's seek is pinned by unindexed columns instead): registered only there.
  if (dialect === "postgres")
    it("finds the matches of a term that sit together in the sort order first and sorts them, never walking the sort's index", async () => {
      const tag = tagOf();
      const team = await buildTeam(db());
      // 20,000 users first in name order, then 400 matches at its end (as the surnames in S are).
      await insertUsers(db(), team.id, 20_000, `a${tag}`);
      await insertUsers(db(), team.id, 400, `zz${tag}`);
      await sql`analyze users`.execute(db());
      const page = rootSearchPage(db(), UserListQuerySchema.parse({ search: `zz${tag}`, sort: "name" }), "seek");
      const explained = await db().executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${page.sql}`, [...page.parameters]));
      const plan = explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
      // Through the search's index or a scan, as the statistics say; never the sort's index.
      expect(plan).not.toContain("users_name_idx");
      expect(plan).toMatch(/Sort Key: users_1\.last_name/);
      const listed = await list(`search=zz${tag}&sort=name&limit=10`);
      expect(listed.total).toBe(400);
      expect(listed.items.map((i) => i.lastName)).toEqual([0, 1, 10, 100, 101, 102, 103, 104, 105, 106].map((n) => `zz${tag} ${n}`));
    });

  it("follows creating, editing and deleting users and aliases at once", async () => {
    const tag = tagOf();
    const team = await buildTeam(db());
    await buildPack(db(), { team });
    const created = await send("post", "/v2/user", {
      username: `made-${tag}@x.test`,
      firstName: "Made",
      lastName: `Maker${tag}`,
      team: team.slug,
      aliases: [`first-${tag}`],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const uid = (created.body as { uid: string }).uid;
    expect(await found(team, `made-${tag}`)).toEqual([uid]);
    expect(await found(team, `maker${tag}`)).toEqual([uid]);
    expect(await found(team, `first-${tag}`)).toEqual([uid]);

    // Names and aliases through the API (aliases are replaced as a list).
    const edited = await send("put", "/v2/user", {
      uid,
      firstName: `Renamed${tag}`,
      lastName: "Else",
      aliases: [`second-${tag}`, `third-${tag}`],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await found(team, `maker${tag}`)).toEqual([]);
    expect(await found(team, `first-${tag}`)).toEqual([]);
    expect(await found(team, `renamed${tag} else`)).toEqual([uid]);
    expect(await found(team, `second-${tag}`)).toEqual([uid]);
    expect(await found(team, `-${tag}`)).toEqual([uid]);

    // The username and single aliases, by any write (the index is kept by the database).
    await db()
      .updateTable("users")
      .set({ username: `changed-${tag}` })
      .where("uid", "=", uid)
      .execute();
    expect(await found(team, `made-${tag}`)).toEqual([]);
    expect(await found(team, `changed-${tag}`)).toEqual([uid]);
    const userId = (await db().selectFrom("users").select("id").where("uid", "=", uid).executeTakeFirstOrThrow()).id;
    await db()
      .updateTable("userAliases")
      .set({ alias: `fourth-${tag}` })
      .where("alias", "=", `third-${tag}`)
      .execute();
    await db().deleteFrom("userAliases").where("alias", "=", `second-${tag}`).execute();
    expect(await found(team, `third-${tag}`)).toEqual([]);
    expect(await found(team, `second-${tag}`)).toEqual([]);
    expect(await found(team, `fourth-${tag}`)).toEqual([uid]);
    // An alias moved to another user is found on that user only.
    const other = await buildUser(db(), { team, lastName: "Receiver" });
    await db().updateTable("userAliases").set({ userId: other.id }).where("userId", "=", userId).execute();
    expect(await found(team, `fourth-${tag}`)).toEqual([other.uid]);

    const removed = await send("delete", "/v2/users", { uids: [uid, other.uid] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await found(team, tag)).toEqual([]);
    expect((await list(`search=${tag}`)).total).toBe(0);
  });

  it("pages a common term the same way whichever plan a page takes (walk or seek)", async () => {
    const tag = tagOf();
    const team = await buildTeam(db());
    // 1,200 matches, most of the list: SQLite walks the sort's index rather than sorting them.
    await insertUsers(db(), team.id, 1_200, tag);
    const rare = await buildUser(db(), { team, firstName: "Rare", lastName: `Only${tag}x` });
    for (const sort of ["name", "createdOn", "username"]) {
      const { uids: walked, totals } = await all(`search=${tag}&sort=${sort}`, 200);
      expect(new Set(walked).size).toBe(1_201);
      expect(totals.every((t) => t === 1_201)).toBe(true);
      const columns =
        sort === "name"
          ? (["lastName", "firstName", "id"] as const)
          : sort === "username"
            ? (["username", "id"] as const)
            : (["createdAt", "id"] as const);
      let byKeys = db().selectFrom("users").select("uid").where("teamId", "=", team.id);
      for (const column of columns) byKeys = byKeys.orderBy(column);
      const expected = await byKeys.execute();
      expect(walked).toEqual(expected.map((r) => r.uid));
    }
    // A short term with many matches walks too; the same rows as the team's list.
    const short = await all(`team=${team.slug}&search=bu&sort=name`, 200);
    expect(short.uids).toEqual((await all(`team=${team.slug}&sort=name`, 200)).uids.filter((u) => u !== rare.uid));
    expect(await all(`search=${tag}x`, 10)).toMatchObject({ uids: [rare.uid], totals: [1] });
  });
});
