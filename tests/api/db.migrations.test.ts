import { sql } from "kysely";
import type { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { appVersionKey } from "../../shared/appVersions";
import { constraintViolation, isForeignKeyViolation, isUniqueViolation } from "../../server/db/errors";
import { fromFlag, toFlag } from "../../server/db/flags";
import { migrateDown, migrateToLatest } from "../../server/db/migrate";
import { migrations } from "../../server/db/migrations";
import type { DatabaseDialect } from "../../server/db/dialect";
import type { Database } from "../../server/db/types";
import { createTestDatabase, testDialects, withTestDatabase } from "../support/db";
import type { TestDatabase } from "../support/db";

const APP_TABLES = [
  "access_log",
  "access_tokens",
  "admin_passkeys",
  "admin_password_history",
  "admin_recovery_codes",
  "admin_teams",
  "admin_totp",
  "admins",
  "app_settings",
  "association_teams",
  "associations",
  "captcha_redemptions",
  "devices",
  "idempotency_keys",
  "installation_secrets",
  "invites",
  "last_seen_summary",
  "last_seen_summary_state",
  "license_orders",
  "license_packs",
  "license_reminders",
  "locations",
  "mail_outbox",
  "mfa_challenges",
  "mfa_grace",
  "one_time_tokens",
  "rate_limits",
  "service_tokens",
  "sessions",
  "system_settings",
  "team_counters",
  "team_domains",
  "teams",
  "user_aliases",
  "user_import_rows",
  "user_imports",
  "user_password_history",
  "user_tokens",
  "users",
];
/** SQLite only: the users search's FTS5 table (migration 0005) and the tables FTS5 keeps it in. */
const SQLITE_SEARCH_TABLES = [
  "user_search",
  "user_search_config",
  "user_search_content",
  "user_search_data",
  "user_search_docsize",
  "user_search_idx",
];
/** The application's tables on an engine. */
const appTables = (dialect: DatabaseDialect): string[] =>
  dialect === "sqlite" ? [...APP_TABLES, ...SQLITE_SEARCH_TABLES].sort() : APP_TABLES;
const NOW = 1_760_000_000_000;

/** The error a promise rejects with; fails the test if it resolves. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((n) => !n.startsWith("kysely_"))
    .sort();
}

async function insertTeam(db: Kysely<Database>, slug: string): Promise<number> {
  const row = await db
    .insertInto("teams")
    .values({ slug, teamName: `Team ${slug}`, createdAt: NOW, updatedAt: NOW })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertUser(db: Kysely<Database>, teamId: number, uid: string): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({ uid, username: `${uid}@example.com`, teamId, status: "active", createdAt: NOW, updatedAt: NOW })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testDialects())("database on %s", (dialect) => {
  const testDb = withTestDatabase(dialect);
  const db = (): Kysely<Database> => testDb().db;

  it("creates every table, and a second migrateToLatest is a no-op", async () => {
    expect(testDb().dialect).toBe(dialect);
    expect(await tableNames(db())).toEqual(appTables(dialect));
    expect(await migrateToLatest(db())).toEqual([]);
    expect(await tableNames(db())).toEqual(appTables(dialect));
    await testDb().ping();
  });

  it("enforces foreign keys: missing parent, RESTRICT on users, CASCADE on domains", async () => {
    const missing = await failure(
      db().insertInto("teamDomains").values({ teamId: 999_999, domain: "nowhere.example", createdAt: NOW }).execute(),
    );
    expect(isForeignKeyViolation(missing)).toBe(true);

    const teamId = await insertTeam(db(), "fk-team");
    await db().insertInto("teamDomains").values({ teamId, domain: "fk.example", createdAt: NOW }).execute();
    await insertUser(db(), teamId, "fk-user-1");
    const restricted = await failure(db().deleteFrom("teams").where("id", "=", teamId).execute());
    expect(isForeignKeyViolation(restricted)).toBe(true);

    await db().deleteFrom("users").where("teamId", "=", teamId).execute();
    await db().deleteFrom("teams").where("id", "=", teamId).execute();
    const domains = await db().selectFrom("teamDomains").where("teamId", "=", teamId).selectAll().execute();
    expect(domains).toEqual([]);
  });

  it("enforces unique slug, admin username and user uid", async () => {
    const teamId = await insertTeam(db(), "uniq-team");
    expect(isUniqueViolation(await failure(insertTeam(db(), "uniq-team")), "slug")).toBe(true);

    const admin = {
      username: "root@example.com",
      firstName: "R",
      lastName: "Oot",
      role: "root" as const,
      status: "active" as const,
      createdAt: NOW,
      updatedAt: NOW,
    };
    await db()
      .insertInto("admins")
      .values({ ...admin, uid: "a-1" })
      .execute();
    const dupAdmin = await failure(
      db()
        .insertInto("admins")
        .values({ ...admin, uid: "a-2" })
        .execute(),
    );
    expect(isUniqueViolation(dupAdmin, "username")).toBe(true);

    await insertUser(db(), teamId, "u-dup");
    const dupUser = await failure(
      db()
        .insertInto("users")
        .values({ uid: "u-dup", username: "other@example.com", teamId, status: "active", createdAt: NOW, updatedAt: NOW })
        .execute(),
    );
    expect(isUniqueViolation(dupUser, "uid")).toBe(true);
    expect(isUniqueViolation(dupUser, "username")).toBe(false);
  });

  it("rejects values outside an enumeration or a flag", async () => {
    const teamId = await insertTeam(db(), "check-team");
    const badStatus = await failure(
      db()
        .insertInto("users")
        // @ts-expect-error: the type forbids it too; the CHECK is the database's backstop.
        .values({ uid: "c-1", username: "c1@example.com", teamId, status: "deleted", createdAt: NOW, updatedAt: NOW })
        .execute(),
    );
    expect(constraintViolation(badStatus)?.kind).toBe("check");
    const badFlag = await failure(
      db()
        .updateTable("teams")
        .set({ authAzureAdSync: 2 as 0 | 1 })
        .where("id", "=", teamId)
        .execute(),
    );
    expect(constraintViolation(badFlag)?.kind).toBe("check");
  });

  it("enforces varchar limits on PostgreSQL only (SQLite ignores them by design)", async () => {
    const insert = db()
      .insertInto("teams")
      .values({ slug: "long-name", teamName: "x".repeat(321), createdAt: NOW, updatedAt: NOW })
      .execute();
    if (dialect === "postgres") {
      expect(constraintViolation(await failure(insert))?.kind).toBe("too_long");
    } else {
      await expect(insert).resolves.toBeDefined();
    }
    await db()
      .insertInto("teams")
      .values({ slug: "max-name", teamName: "x".repeat(320), createdAt: NOW, updatedAt: NOW })
      .execute();
  });

  it("maps camelCase properties to snake_case columns and applies defaults", async () => {
    await db()
      .insertInto("teams")
      .values({
        slug: "camel",
        teamName: "Camel",
        contactEmailFinance: "fin@example.com",
        authOauthClientId: "client-1",
        authAzureAdSync: toFlag(true),
        createdAt: NOW,
        updatedAt: NOW + 1,
      })
      .execute();
    const team = await db().selectFrom("teams").selectAll().where("slug", "=", "camel").executeTakeFirstOrThrow();
    expect(team).toMatchObject({
      teamName: "Camel",
      contactEmailFinance: "fin@example.com",
      authOauthClientId: "client-1",
      language: "en",
      customSettings: "{}",
      authCertRevocation: "ocsp",
      createdAt: NOW,
      updatedAt: NOW + 1,
    });
    expect(fromFlag(team.authAzureAdSync)).toBe(true);
    const raw = await sql<{ contact_email_finance: string }>`select contact_email_finance from teams where slug = 'camel'`.execute(
      db().withoutPlugins(),
    );
    expect(raw.rows[0]?.contact_email_finance).toBe("fin@example.com");
  });

  it("returns bigint columns, counts and sums as JS numbers", async () => {
    const big = 9_999_999_999;
    await db()
      .insertInto("licensePacks")
      .values([
        { licenseType: "standard", licenseCount: big, status: "active", createdAt: NOW, updatedAt: NOW },
        { licenseType: "standard", licenseCount: 1, status: "active", expiresAt: NOW, createdAt: NOW, updatedAt: NOW },
      ])
      .execute();
    const row = await db()
      .selectFrom("licensePacks")
      .select((eb) => [
        eb.fn.countAll<number>().as("packs"),
        eb.fn.sum<number>("licenseCount").as("total"),
        eb.fn.max("licenseCount").as("largest"),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ packs: 2, total: big + 1, largest: big });
    const pack = await db()
      .selectFrom("licensePacks")
      .select(["expiresAt", "createdAt"])
      .where("expiresAt", "is not", null)
      .executeTakeFirstOrThrow();
    expect(pack).toEqual({ expiresAt: NOW, createdAt: NOW });
  });

  it("sets the engine options", async () => {
    if (dialect === "sqlite") {
      const pragma = async (name: string): Promise<unknown> => {
        const result = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(db());
        return Object.values(result.rows[0] ?? {})[0];
      };
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBe(5000);
      expect(await pragma("synchronous")).toBe(1); // NORMAL
    } else {
      const result = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(db());
      expect(result.rows[0]?.name).toBe("bulwark");
    }
  });

  it("fails a broken migration with a clear message and leaves nothing half applied", async () => {
    const fresh = await createTestDatabase(dialect, { migrate: false });
    try {
      await sql`create table admins (id integer)`.execute(fresh.db);
      await expect(migrateToLatest(fresh.db)).rejects.toThrow(/migration failed in migration 0001_initial/);
      expect(await tableNames(fresh.db)).toEqual(["admins"]);
      await sql`drop table admins`.execute(fresh.db);
      expect(await migrateToLatest(fresh.db)).toEqual(Object.keys(migrations));
    } finally {
      await fresh.destroy();
    }
  });

  it("keeps users.device_count equal to the user's devices: insert, delete, change of owner, cascade, and a migration over existing devices", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const f = fresh.db;
      const teamId = await insertTeam(f, "count");
      const [a, b] = [await insertUser(f, teamId, "count-a"), await insertUser(f, teamId, "count-b")];
      const counts = async () =>
        Object.fromEntries(
          (await f.selectFrom("users").select(["id", "deviceCount"]).where("id", "in", [a, b]).execute()).map((r) => [r.id, r.deviceCount]),
        );
      const truth = async () => {
        const rows = await f
          .selectFrom("devices")
          .select((eb) => ["userId", eb.fn.countAll<number>().as("n")])
          .groupBy("userId")
          .execute();
        const byUser = Object.fromEntries(rows.map((r) => [r.userId, Number(r.n)]));
        return { [a]: byUser[a] ?? 0, [b]: byUser[b] ?? 0 };
      };
      const device = (userId: number, uid: string) => ({ uid, userId, platform: 1 as const, createdAt: NOW, lastSeenAt: NOW });
      await f
        .insertInto("devices")
        .values([device(a, "d1"), device(a, "d2"), device(b, "d3")])
        .execute();
      expect(await counts()).toEqual({ [a]: 2, [b]: 1 });
      await f.updateTable("devices").set({ userId: b }).where("uid", "=", "d1").execute();
      await f.updateTable("devices").set({ userId: b, appVersion: "2" }).where("uid", "=", "d3").execute(); // same owner
      expect(await counts()).toEqual({ [a]: 1, [b]: 2 });
      await f.deleteFrom("devices").where("uid", "=", "d2").execute();
      expect(await counts()).toEqual({ [a]: 0, [b]: 2 });
      expect(await counts()).toEqual(await truth());
      await f.deleteFrom("users").where("id", "=", b).execute(); // its devices go by cascade
      expect(await f.selectFrom("devices").select("uid").execute()).toEqual([]);

      // A database with devices from before migration 0007 gets them counted.
      await f
        .insertInto("devices")
        .values([device(a, "d4"), device(a, "d5")])
        .execute();
      const since0007 = Object.keys(migrations).filter((name) => name >= "0007");
      expect(await migrateDown(f, "0006_shared_limits")).toEqual([...since0007].reverse());
      await f.insertInto("devices").values(device(a, "d6")).execute(); // no trigger now
      expect(await migrateToLatest(f)).toEqual(since0007);
      expect(await counts()).toEqual({ [a]: 3 });
    } finally {
      await fresh.destroy();
    }
  });

  it("migration 0010 gives existing license packs a uid, a source and an expiration, and one token id activates once", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const f = fresh.db;
      const teamId = await insertTeam(f, "packs");
      const since0010 = Object.keys(migrations).filter((name) => name >= "0010");
      expect(await migrateDown(f, "0009_installation_secrets")).toEqual([...since0010].reverse());
      await sql`insert into license_packs (team_id, license_type, license_count, status, expires_at, created_at, updated_at) values (${teamId}, 'standard', 5, 'active', null, ${NOW}, ${NOW}), (${teamId}, 'standard', 7, 'active', ${NOW + 1000}, ${NOW}, ${NOW})`.execute(
        f,
      );
      expect(await migrateToLatest(f)).toEqual(since0010);
      const packs = await f.selectFrom("licensePacks").select(["uid", "source", "expiresAt", "licenseCount"]).orderBy("id").execute();
      expect(packs.map((p) => [p.source, Number(p.expiresAt), Number(p.licenseCount)])).toEqual([
        ["purchase", NOW, 5],
        ["purchase", NOW + 1000, 7],
      ]);
      expect(packs.every((p) => /^[0-9a-f-]{36}$/.test(p.uid ?? ""))).toBe(true);
      expect(new Set(packs.map((p) => p.uid)).size).toBe(2);
      const pack = (uid: string) => ({
        uid,
        teamId,
        licenseType: "subscription",
        licenseCount: 1,
        status: "active" as const,
        expiresAt: NOW,
        tokenId: "token-1",
        createdAt: NOW,
        updatedAt: NOW,
      });
      await f.insertInto("licensePacks").values(pack("00000000-0000-4000-8000-000000000001")).execute();
      expect(
        isUniqueViolation(await failure(f.insertInto("licensePacks").values(pack("00000000-0000-4000-8000-000000000002")).execute())),
      ).toBe(true);
    } finally {
      await fresh.destroy();
    }
  });

  it("migration 0014 gives existing devices their version key, and its triggers keep it", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const f = fresh.db;
      const userId = await insertUser(f, await insertTeam(f, "versions"), "versions-a");
      const since0014 = Object.keys(migrations).filter((name) => name >= "0014");
      const before0014 = Object.keys(migrations)
        .filter((name) => name < "0014")
        .at(-1)!;
      expect(await migrateDown(f, before0014)).toEqual([...since0014].reverse());
      const versions = ["5.10.0", "5.9.0-beta", "beta", null];
      for (const [i, appVersion] of versions.entries()) {
        await sql`insert into devices (uid, user_id, platform, app_version, created_at, last_seen_at) values (${`v${i}`}, ${userId}, 1, ${appVersion}, ${NOW}, ${NOW})`.execute(
          f,
        );
      }
      expect(await migrateToLatest(f)).toEqual(since0014);
      const keys = async () =>
        (await f.selectFrom("devices").select(["appVersion", "versionKey"]).where("userId", "=", userId).orderBy("uid").execute()).map(
          (r) => r.versionKey,
        );
      expect(await keys()).toEqual(versions.map((v) => appVersionKey(v)));
      await f.updateTable("devices").set({ appVersion: "6.0.1" }).where("uid", "=", "v2").execute();
      expect((await keys())[2]).toBe("000006000000000001");
    } finally {
      await fresh.destroy();
    }
  });

  it("migration 0015 adds the access log's request id, null for the entries before it", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const f = fresh.db;
      const since0015 = Object.keys(migrations).filter((name) => name >= "0015");
      const before0015 = Object.keys(migrations)
        .filter((name) => name < "0015")
        .at(-1)!;
      expect(await migrateDown(f, before0015)).toEqual([...since0015].reverse());
      await sql`insert into access_log (created_at, action, outcome) values (${NOW}, 'team.update', 'success')`.execute(f);
      expect(await migrateToLatest(f)).toEqual(since0015);
      await f
        .insertInto("accessLog")
        .values({ createdAt: NOW, action: "team.create", outcome: "success", requestId: "req-0015" })
        .execute();
      const rows = await f.selectFrom("accessLog").select(["action", "requestId"]).orderBy("id").execute();
      expect(rows).toEqual([
        { action: "team.update", requestId: null },
        { action: "team.create", requestId: "req-0015" },
      ]);
    } finally {
      await fresh.destroy();
    }
  });

  it("migration 0011 gives existing associations a unique uid", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const f = fresh.db;
      const since0011 = Object.keys(migrations).filter((name) => name >= "0011");
      expect(await migrateDown(f, "0010_license_packs")).toEqual([...since0011].reverse());
      await sql`insert into associations (name, status, closed_communications, created_at, updated_at) values ('one', 'open', 0, ${NOW}, ${NOW}), ('two', 'closed', 1, ${NOW}, ${NOW})`.execute(
        f,
      );
      expect(await migrateToLatest(f)).toEqual(since0011);
      const rows = await f.selectFrom("associations").select("uid").execute();
      expect(rows.every((r) => /^[0-9a-f-]{36}$/.test(r.uid))).toBe(true);
      expect(new Set(rows.map((r) => r.uid)).size).toBe(2);
      const now = Date.now();
      const insert = () =>
        f.insertInto("associations").values({ uid: rows[0]!.uid, name: "dup", status: "open", createdAt: now, updatedAt: now }).execute();
      expect(isUniqueViolation(await failure(insert()))).toBe(true);
    } finally {
      await fresh.destroy();
    }
  });

  it("migration 0013 records each row of an import once", async () => {
    const admin = await db()
      .insertInto("admins")
      .values({
        uid: "00000000-0000-4000-8000-00000000a013",
        username: "imports@example.com",
        firstName: "Imp",
        lastName: "Orter",
        role: "admin",
        status: "active",
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const imp = await db()
      .insertInto("userImports")
      .values({
        uid: "00000000-0000-4000-8000-000000000013",
        adminId: admin.id,
        fileSha256: "f".repeat(64),
        allOrNothing: 0,
        status: "running",
        totalRows: 2,
        leaseToken: "t",
        leaseUntil: NOW,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = { importId: imp.id, rowNumber: 1, username: "a", team: "t", outcome: "created" as const };
    await db().insertInto("userImportRows").values(row).execute();
    expect(
      isUniqueViolation(
        await failure(
          db()
            .insertInto("userImportRows")
            .values({ ...row, outcome: "failed" })
            .execute(),
        ),
      ),
    ).toBe(true);
    expect(
      constraintViolation(
        await failure(
          db()
            .insertInto("userImportRows")
            .values({ ...row, rowNumber: 2, outcome: "bogus" as "created" })
            .execute(),
        ),
      )?.kind,
    ).toBe("check");
  });

  it("migrateDown removes every table, and the schema can be rebuilt", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      expect(await migrateDown(fresh.db)).toEqual(Object.keys(migrations).reverse());
      expect(await tableNames(fresh.db)).toEqual([]);
      expect(await migrateToLatest(fresh.db)).toEqual(Object.keys(migrations));
      expect(await tableNames(fresh.db)).toEqual(appTables(dialect));
    } finally {
      await fresh.destroy();
    }
  });
});

describe("SQLite in memory", () => {
  let memory: TestDatabase | undefined;
  afterAll(async () => {
    await memory?.destroy();
  });

  it("works with :memory: and enforces foreign keys there too", async () => {
    memory = await createTestDatabase("sqlite", { sqlite: "memory" });
    expect(await tableNames(memory.db)).toEqual(appTables("sqlite"));
    const error = await failure(memory.db.insertInto("teamDomains").values({ teamId: 1, domain: "x.example", createdAt: NOW }).execute());
    expect(isForeignKeyViolation(error)).toBe(true);
  });
});
