/** Queries compiled once per shape: the SQL is reused, values are bound in order, a missing one fails. */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";
import { describe, expect, it } from "vitest";
import { SHAPE_CACHE_SIZE, ShapeCache, slot } from "../../server/db/prepared";

interface Tables {
  users: { id: number; status: string; teamId: number; lastSeenAt: number | null };
}

const dialects = {
  sqlite: new Kysely<Tables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/** A query with values in a WHERE, an IN list, a raw fragment and the LIMIT. */
function build(db: Kysely<Tables>, status: string, teams: number[], seenAfter: number, limit: number) {
  return db
    .selectFrom("users")
    .select(["id", "status"])
    .where("status", "=", status)
    .where("teamId", "in", teams)
    .where(sql<boolean>`coalesce(${sql.ref("lastSeenAt")}, 0) > ${seenAfter}`)
    .orderBy("id")
    .limit(limit);
}

describe.each(Object.entries(dialects))("ShapeCache on %s", (_name, db) => {
  it("compiles a shape once and binds each run's values where the direct compilation puts them", () => {
    const cache = new ShapeCache<{ id: number; status: string }>();
    let builds = 0;
    const bound = (status: string, teams: number[], seenAfter: number, limit: number) =>
      cache.bind(
        `teams:${teams.length}`,
        () => {
          builds++;
          return build(
            db,
            slot("status"),
            teams.map((_, i) => slot<number>(`team${i}`)),
            slot("seenAfter"),
            slot("limit"),
          );
        },
        { status, seenAfter, limit, ...Object.fromEntries(teams.map((id, i) => [`team${i}`, id])) },
      );
    for (const [status, teams, seenAfter, limit] of [
      ["active", [1, 2], 5, 51],
      ["blocked", [7, 3], 0, 11],
      ["pending", [4], 9, 2],
    ] as const) {
      const direct = build(db, status, [...teams], seenAfter, limit).compile();
      const cached = bound(status, [...teams], seenAfter, limit);
      expect(cached.sql).toBe(direct.sql);
      expect(cached.parameters).toEqual(direct.parameters);
    }
    expect(builds).toBe(2); // two shapes: two teams, one team
  });

  it("refuses to run a shape whose placeholder has no value", () => {
    const cache = new ShapeCache<{ id: number; status: string }>();
    expect(() => cache.bind("s", () => build(db, slot("status"), [1], 0, 1), {})).toThrow(/no value for the placeholder 'status'/);
  });

  it("keeps at most SHAPE_CACHE_SIZE shapes, dropping the least recently used", () => {
    const cache = new ShapeCache<{ id: number; status: string }>();
    const builds = new Map<string, number>();
    const run = (shape: string) =>
      cache.bind(
        shape,
        () => {
          builds.set(shape, (builds.get(shape) ?? 0) + 1);
          return build(db, "active", [1], 0, 1);
        },
        {},
      );
    run("kept");
    run("dropped");
    for (let i = 0; i < SHAPE_CACHE_SIZE - 1; i++) {
      run(`filler${i}`);
      if (i % 50 === 0) run("kept");
    }
    run("kept");
    run("dropped");
    expect(builds.get("kept")).toBe(1);
    expect(builds.get("dropped")).toBe(2);
  });
});
