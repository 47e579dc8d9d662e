/**
 * Demo data (`npm run seed`, the benchmark and the seed tests): realistic teams, users, aliases,
 * devices and locations, inserted in multi-row batches, one transaction per chunk of users.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { recountTeamCounters, setUserCounterTriggers } from "../../db/counters";
import { setBulkLoadCache, settleAfterBulkLoad } from "../../db/maintenance";
import type { Database, NewRow } from "../../db/types";
import { recordAccess } from "../accessLog";
import { buildDevices, buildTeamRow, buildUserRow, Random, type SeedDevice, type SeedUser } from "./generate";

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

/** Users per transaction; rows per INSERT stay under SQLite's 32,766 bound variables. */
const CHUNK = 2000;
const ROWS_PER_INSERT = 1000;

function slices<T>(rows: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function insertUsers(trx: Transaction<Database>, users: SeedUser[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of slices(users)) {
    const rows = await trx
      .insertInto("users")
      .values(part.map((u) => u.row))
      .returning(["id", "uid"])
      .execute();
    for (const r of rows) ids.set(r.uid, r.id);
  }
  return ids;
}

async function insertDevices(trx: Transaction<Database>, devices: SeedDevice[]): Promise<number> {
  const ids = new Map<string, number>();
  for (const part of slices(devices)) {
    const rows = await trx
      .insertInto("devices")
      .values(part.map((d) => d.row))
      .returning(["id", "uid"])
      .execute();
    for (const r of rows) ids.set(r.uid, r.id);
  }
  const locations: NewRow<"locations">[] = devices.flatMap((d) => d.locations.map((l) => ({ ...l, deviceId: ids.get(d.row.uid) ?? 0 })));
  for (const part of slices(locations)) await trx.insertInto("locations").values(part).execute();
  return locations.length;
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
  // The team counters are counted once at the end (migration 0019's triggers would update them per statement).
  await setUserCounterTriggers(db, false);
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
    for (let start = 0; start < total; start += CHUNK) {
      const users = Array.from({ length: Math.min(CHUNK, total - start) }, (_, i) => {
        const team = teams[teamIndex(rng, teams.length)] ?? teams[0]!;
        perTeam.set(team.id, (perTeam.get(team.id) ?? 0) + 1);
        return buildUserRow(rng, start + i + 1, tag, team, now);
      });
      await db.transaction().execute(async (trx) => {
        const ids = await insertUsers(trx, users);
        const aliases = users.filter((u) => u.alias !== null).map((u) => ({ userId: ids.get(u.row.uid) ?? 0, alias: u.alias ?? "" }));
        for (const part of slices(aliases)) await trx.insertInto("userAliases").values(part).execute();
        const devices = users.flatMap((u) => buildDevices(rng, ids.get(u.row.uid) ?? 0, u, now));
        result.locations += await insertDevices(trx, devices);
        result.aliases += aliases.length;
        result.devices += devices.length;
      });
      result.users += users.length;
      options.onProgress?.(result.users, total);
    }
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
    for (const part of slices(packs)) await db.insertInto("licensePacks").values(part).execute();
    await setBulkLoadCache(db, false);
  } finally {
    await setUserCounterTriggers(db, true);
  }
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
