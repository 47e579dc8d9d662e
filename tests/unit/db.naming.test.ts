/**
 * The snake_case compilers (server/db/naming.ts) must write exactly the SQL that Kysely's
 * CamelCasePlugin produces, for every kind of statement the console uses, on both dialects.
 */
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { Compilable, Dialect, QueryCompiler } from "kysely";
import { describe, expect, it } from "vitest";
import { camelCase, CamelCaseRowsPlugin, SnakeCasePostgresCompiler, SnakeCaseSqliteCompiler, snakeCase } from "../../server/db/naming";
import type { Database } from "../../server/db/types";

function dialect(kind: "sqlite" | "postgres", compiler: () => QueryCompiler): Dialect {
  return {
    createAdapter: () => (kind === "sqlite" ? new SqliteAdapter() : new PostgresAdapter()),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => (kind === "sqlite" ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
    createQueryCompiler: compiler,
  };
}

type Build = (db: Kysely<Database>) => Compilable;

const STATEMENTS: Record<string, Build> = {
  "select with joins, aliases, a derived table and a correlated subquery": (db) =>
    db
      .selectFrom(
        db
          .selectFrom("users")
          .select(["users.id", sql<number>`coalesce(${sql.ref("users.lastSeenAt")}, 0)`.as("lastSeenAt")])
          .where("users.isEcs", "=", 1)
          .orderBy("users.createdAt")
          .limit(51)
          .as("p"),
      )
      .innerJoin("users", "users.id", "p.id")
      .innerJoin("teams as t", "t.id", "users.teamId")
      .select(["users.firstName", "t.teamName as companyName", "p.lastSeenAt"])
      .select((eb) =>
        eb
          .selectFrom("devices")
          .select((d) => d.fn.countAll().as("deviceCount"))
          .whereRef("devices.userId", "=", "users.id")
          .as("deviceCount"),
      )
      .where((eb) =>
        eb.or([eb("users.lastName", "like", "%a%"), eb("users.id", "in", eb.selectFrom("userAliases").select("userAliases.userId"))]),
      )
      .orderBy(sql.ref("p.lastSeenAt"), "desc"),
  "group by, having, count and a CTE": (db) =>
    db
      .with("teamCounts", (q) =>
        q
          .selectFrom("users")
          .select((eb) => ["users.teamId", eb.fn.countAll<number>().as("userCount")])
          .groupBy("users.teamId"),
      )
      .selectFrom("teamCounts")
      .innerJoin("teams", "teams.id", "teamCounts.teamId")
      .selectAll("teamCounts")
      .having((eb) => eb.fn.countAll(), ">", 1)
      .groupBy(["teamCounts.teamId", "teamCounts.userCount"]),
  "insert with on conflict and returning": (db) =>
    db
      .insertInto("sessions")
      .values({ sid: "s", sess: "{}", expiresAt: 1 })
      .onConflict((oc) => oc.column("sid").doUpdateSet((eb) => ({ sess: eb.ref("excluded.sess") })))
      .returning(["sid", "expiresAt"]),
  "update with a reference and a subquery": (db) =>
    db
      .updateTable("users")
      .set((eb) => ({ lastSeenAt: eb.ref("users.createdAt"), firstName: eb.ref("users.lastName") }))
      .where("users.teamId", "in", (eb) => eb.selectFrom("adminTeams").select("adminTeams.teamId").where("adminTeams.adminId", "=", 3)),
  "delete with a join condition": (db) =>
    db.deleteFrom("userAliases").where("userAliases.userId", "in", [1, 2, 3]).where("userAliases.alias", "=", "x"),
  "raw SQL with identifiers": (db) => ({
    compile: () =>
      sql`select ${sql.ref("users.firstName")}, ${sql.id("userAliases")} from ${sql.table("users")} where ${sql.ref("isCellcrypt")} = ${1}`.compile(
        db,
      ),
  }),
  "create table, index and alter table": (db) =>
    db.schema
      .createTable("licensePacks")
      .ifNotExists()
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("teamId", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
      .addColumn("expiresAt", "bigint")
      .addUniqueConstraint("licensePacksTeamExpiresUnique", ["teamId", "expiresAt"]),
  "create index on expressions": (db) =>
    db.schema.createIndex("usersLastSeenIdx").on("users").columns(["teamId", "lastSeenAt desc"]).where(sql.ref("isSip"), "=", 1),
  "alter table": (db) => db.schema.alterTable("teams").addColumn("emailTheme", "text").renameColumn("teamName", "companyName"),
};

describe.each(["sqlite", "postgres"] as const)("snake_case compiler on %s", (kind) => {
  const reference = new Kysely<Database>({
    dialect: dialect(kind, () => (kind === "sqlite" ? new SqliteQueryCompiler() : new PostgresQueryCompiler())),
    plugins: [new CamelCasePlugin()],
  });
  const ours = new Kysely<Database>({
    dialect: dialect(kind, () => (kind === "sqlite" ? new SnakeCaseSqliteCompiler() : new SnakeCasePostgresCompiler())),
    plugins: [new CamelCaseRowsPlugin()],
  });

  for (const [name, build] of Object.entries(STATEMENTS)) {
    it(`writes the CamelCasePlugin's SQL for: ${name}`, () => {
      const expected = build(reference).compile();
      const actual = build(ours).compile();
      expect(actual.sql).toBe(expected.sql);
      expect(actual.parameters).toEqual(expected.parameters);
      expect(actual.sql).not.toMatch(/"[a-z]+[A-Z]/); // no camelCase identifier left
    });
  }

  it("maps row keys back to camelCase, nested objects included", async () => {
    const rows = await new CamelCaseRowsPlugin().transformResult({
      queryId: { queryId: "q" },
      result: { rows: [{ last_seen_at: 1, custom_settings: { auth_mode: "x" } }] },
    });
    expect(rows.rows).toEqual([{ lastSeenAt: 1, customSettings: { authMode: "x" } }]);
  });
});

describe("snakeCase", () => {
  it("maps names as the CamelCasePlugin does", () => {
    expect(snakeCase("lastSeenAt")).toBe("last_seen_at");
    expect(snakeCase("authOauthClientId")).toBe("auth_oauth_client_id");
    expect(snakeCase("users")).toBe("users");
  });
});

describe("camelCase", () => {
  it("maps row keys as the CamelCasePlugin does", async () => {
    const keys = ["last_seen_at", "team_slug", "id", "a__b", "_lead", "trail_", "ALL_CAPS", "aB", "1_x", "", "é_ß"];
    const { rows } = await new CamelCasePlugin().transformResult({
      queryId: { queryId: "q" },
      result: { rows: [Object.fromEntries(keys.map((key, i) => [key, i]))] },
    });
    expect(Object.fromEntries(keys.map((key, i) => [camelCase(key), i]))).toEqual(rows[0]);
    expect(camelCase("last_seen_at")).toBe("lastSeenAt");
  });
});
