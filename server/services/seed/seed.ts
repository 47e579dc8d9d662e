/**
 * Demo data (`npm run seed`, the benchmark and the seed tests): realistic teams, users, aliases,
 * devices and locations, bulk loaded in one transaction (server/db/bulkLoad.ts: COPY on
 * PostgreSQL, prepared multi-row inserts on SQLite, indexes built once at the end).
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { appVersionKey } from "../../../shared/appVersions";
import { bulkLoad, type BulkWriter } from "../../db/bulkLoad";
import { recountTeamCounters } from "../../db/counters";
import { setBulkLoadCache, settleAfterBulkLoad } from "../../db/maintenance";
import type { Database } from "../../db/types";
import { recordAccess } from "../accessLog";
import { buildDevices, buildTeamRow, buildUserRow, Random } from "./generate";

/** What to generate. */
export interface SeedOptions {
  users: number;
  /** Teams to create (default 50, at most one per 20 users, at least 1). */
  teams?: number;
  /** Add to a database that already has users (new teams, tagged usernames). */
  append?: boolean;
  /** PRNG seed (default 20251105, random when appending): the same seed yields the same data. */
  seed?: number;
  /** "Now" for last-seen times (default Date.now()). */
  now?: number;
  /** Called after each chunk with the number of users inserted so far. */
  onProgress?: (done: number, total: number) => void;
}

/** What was inserted, and how long it took. */
export interface SeedResult {
  teams: number;
  users: number;
  aliases: number;
  devices: number;
  locations: number;
  milliseconds: number;
}

/** Thrown when the database already has users and `append` was not asked for. */
export class SeedRefusedError extends Error {
  override name = "SeedRefusedError";
}

/** Users generated and written per batch (the whole load is one transaction). */
const CHUNK = 2000;

/** The tables the load writes; their secondary indexes and triggers are set aside meanwhile. */
const LOADED_TABLES = ["users", "user_aliases", "devices", "locations"] as const;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Generated rows as SQL columns (the first row's keys, snake_cased) and value lists. */
function columnsOf<T extends object>(rows: readonly T[]): { columns: string[]; values: unknown[][] } {
  const keys = rows.length > 0 ? (Object.keys(rows[0] as object) as (keyof T)[]) : [];
  return { columns: keys.map((k) => snake(String(k))), values: rows.map((row) => keys.map((k) => row[k] ?? null)) };
}

async function write<T extends object>(writer: BulkWriter, table: string, rows: readonly T[]): Promise<void> {
  const { columns, values } = columnsOf(rows);
  await writer.insert(table, columns, values);
}

async function highestId(db: Kysely<Database>, table: "users" | "devices"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Picks a team for a user: a few large teams and a long tail of small ones. */
function teamIndex(rng: Random, teams: number): number {
  return Math.min(teams - 1, Math.floor(teams * Math.pow(rng.next(), 1.6)));
}

/**
 * Fills the database with demo data. Refuses (SeedRefusedError) when users exist already,
 * unless `append`. Migrations must have run. Returns the counts and the time taken.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const now = options.now ?? Date.now();
  // Appended runs draw a fresh seed (else they would repeat the first run's uids and names).
  const rng = new Random(options.seed ?? (options.append ? randomBytes(4).readUInt32LE(0) : 20_251_105));
  const total = Math.max(0, Math.floor(options.users));
  const teamCount = Math.max(1, Math.min(options.teams ?? 50, Math.ceil(total / 20) || 1));
  const existing = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0 && !options.append) {
    throw new SeedRefusedError(`The database already has ${Number(existing.n)} users; use --append to add more.`);
  }
  // Appended runs tag their slugs and usernames so they never collide with earlier runs.
  const tag = options.append ? randomBytes(3).toString("hex") : "";

  await setBulkLoadCache(db, true);
  let result: SeedResult;
  try {
    const teams = await db.transaction().execute(async (trx) => {
      const built = Array.from({ length: teamCount }, (_, i) => buildTeamRow(rng, i, tag, now));
      const rows = await trx
        .insertInto("teams")
        .values(built.map((t) => t.row))
        .returning(["id", "slug"])
        .execute();
      const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
      const out = built.map((t) => ({ id: bySlug.get(t.row.slug) ?? 0, domain: t.domain }));
      await trx
        .insertInto("teamDomains")
        .values(out.map((t) => ({ teamId: t.id, domain: t.domain, createdAt: now })))
        .execute();
      return out;
    });

    result = { teams: teams.length, users: 0, aliases: 0, devices: 0, locations: 0, milliseconds: 0 };
    const perTeam = new Map<number, number>();
    // Ids are given here (users' and devices' rows refer to them), after those already present.
    const firstUserId = await highestId(db, "users");
    let nextUserId = firstUserId;
    let nextDeviceId = await highestId(db, "devices");
    // One transaction, indexes built once at the end, triggers set aside: what they would have
    // written is written here (device_count, version_key, the search table) or recounted below.
    await bulkLoad(db, LOADED_TABLES, async (writer) => {
      for (let start = 0; start < total; start += CHUNK) {
        const users = Array.from({ length: Math.min(CHUNK, total - start) }, (_, i) => {
          const team = teams[teamIndex(rng, teams.length)] ?? teams[0]!;
          perTeam.set(team.id, (perTeam.get(team.id) ?? 0) + 1);
          return buildUserRow(rng, start + i + 1, tag, team, now);
        });
        const ids = users.map(() => ++nextUserId);
        const aliases = users.flatMap((u, i) => (u.alias === null ? [] : [{ userId: ids[i], alias: u.alias }]));
        const devices = users.flatMap((u, i) => {
          const built = buildDevices(rng, ids[i] ?? 0, u, now);
          u.row.deviceCount = built.length;
          return built.map((d) => ({ ...d, id: ++nextDeviceId }));
        });
        await write(
          writer,
          "users",
          users.map((u, i) => ({ id: ids[i], ...u.row })),
        );
        await write(writer, "user_aliases", aliases);
        await write(
          writer,
          "devices",
          devices.map((d) => ({ id: d.id, ...d.row, versionKey: appVersionKey(d.row.appVersion) })),
        );
        const locations = devices.flatMap((d) => d.locations.map((l) => ({ ...l, deviceId: d.id })));
        await write(writer, "locations", locations);
        result.aliases += aliases.length;
        result.devices += devices.length;
        result.locations += locations.length;
        result.users += users.length;
        options.onProgress?.(result.users, total);
      }
      await writer.fillUserSearch(firstUserId);
    });
    // Seats for the seeded users: one subscription pack per team, with room for 10 % more.
    // With --append a team's pack counts only the users added by this run (earlier ones had theirs).
    const packs = teams.map((team) => ({
      uid: rng.uuid(),
      teamId: team.id,
      licenseType: "subscription",
      licenseCount: Math.max(10, Math.ceil(((perTeam.get(team.id) ?? 0) * 1.1) / 10) * 10),
      status: "active" as const,
      expiresAt: now + 365 * 86_400_000,
      source: "purchase" as const,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < packs.length; i += 500)
      await db
        .insertInto("licensePacks")
        .values(packs.slice(i, i + 500))
        .execute();
  } finally {
    await setBulkLoadCache(db, false);
  }
  // The counter triggers were set aside during the load: every team's counters from a recount.
  await recountTeamCounters(db);
  await settleAfterBulkLoad(db, ["teams", "teamDomains", "users", "userAliases", "devices", "locations", "teamCounters"]);
  const { users, teams: teamsCreated, devices } = result;
  await recordAccess(
    db,
    { actor: null, ip: null, userAgent: "bulwark seed" },
    { action: "seed.run", details: { users, teams: teamsCreated, devices, append: Boolean(options.append) } },
  );
  result.milliseconds = Math.round(performance.now() - started);
  return result;
}
