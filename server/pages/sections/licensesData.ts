import type { Kysely } from "kysely";
import { licenseState, NEAR_EXPIRATION_MS, teamSeats, type TeamSeats } from "../../../shared/domain/licenses";
import type { LicenseListQuery, LicensePack } from "../../../shared/schemas/license";
import type { Database } from "../../db/types";
import { isoUtc } from "../../services/isoTime";
import { decodeCursor, pageOf } from "../../services/pagination";
import { scopedTeamIds, type Scope } from "../../services/scope";

type Db = Kysely<Database>;

/**
 * The reads the license pages render: packs of the scope by expiration, companies' licenses and
 * the dashboard's counts. Kept beside the page loaders until the license service offers the same
 * reads (issue 15, server side); each is one indexed query.
 */

/** A page of packs as `GET /v2/licenses` answers it. */
export interface PackPage {
  items: LicensePack[];
  total: number;
  nextCursor: string | null;
}

const PACK_COLUMNS = ["licensePacks.id", "licensePacks.uid", "licensePacks.licenseType", "licensePacks.licenseCount", "licensePacks.status", "licensePacks.expiresAt", "licensePacks.createdAt", "licensePacks.source", "licensePacks.tokenId", "teams.slug"] as const;

/** The packs in scope matching the filters, sorted by expiration (then id), keyset-paged. */
export async function listPacks(db: Db, scope: Scope, query: LicenseListQuery, now = Date.now()): Promise<PackPage> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return { items: [], total: 0, nextCursor: null };
  const soon = now + NEAR_EXPIRATION_MS;
  let base = db.selectFrom("licensePacks").leftJoin("teams", "teams.id", "licensePacks.teamId");
  if (teamIds !== null) base = base.where("licensePacks.teamId", "in", teamIds);
  if (query.team) base = base.where("teams.slug", "=", query.team);
  if (query.licenseType) base = base.where("licensePacks.licenseType", "=", query.licenseType);
  if (query.state === "expired") base = base.where((eb) => eb.or([eb("licensePacks.status", "=", "expired"), eb("licensePacks.expiresAt", "<=", now)]));
  if (query.state === "nearExpiration") base = base.where("licensePacks.status", "=", "active").where("licensePacks.expiresAt", ">", now).where("licensePacks.expiresAt", "<=", soon);
  if (query.state === "valid") base = base.where("licensePacks.status", "=", "active").where("licensePacks.expiresAt", ">", soon);
  const cursor = decodeCursor(query.cursor);
  let page = base.select(PACK_COLUMNS).orderBy("licensePacks.expiresAt").orderBy("licensePacks.id").limit(query.limit + 1);
  if (cursor) {
    const v = Number(cursor.v);
    page = page.where((eb) => eb.or([eb("licensePacks.expiresAt", ">", v), eb.and([eb("licensePacks.expiresAt", "=", v), eb("licensePacks.id", ">", cursor.id)])]));
  }
  const [rows, count] = await Promise.all([page.execute(), base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()]);
  const cut = pageOf(rows, query.limit, (row) => Number(row.expiresAt));
  return {
    items: cut.items.map((row) => {
      const expiresAt = Number(row.expiresAt ?? row.createdAt);
      const state = licenseState({ status: row.status, expiration: expiresAt }, now);
      return {
        id: row.uid ?? String(row.id),
        team: row.slug ?? null,
        licenseType: row.licenseType === "trial" ? "trial" : "subscription",
        licenseCount: Number(row.licenseCount),
        state: state === "unlicensed" ? "expired" : state,
        expiration: isoUtc(expiresAt),
        issuedOn: isoUtc(Number(row.createdAt)),
        source: row.source,
        tokenId: row.tokenId,
      };
    }),
    total: Number(count.n),
    nextCursor: cut.nextCursor,
  };
}

/** Licenses of each given company (by internal id): capacity from unexpired packs, used by its users. */
export async function seatsByTeam(db: Db, teamIds: readonly number[], now = Date.now()): Promise<Map<number, TeamSeats>> {
  const out = new Map<number, TeamSeats>();
  if (teamIds.length === 0) return out;
  const [capacity, users] = await Promise.all([
    db
      .selectFrom("licensePacks")
      .select(["teamId", (eb) => eb.fn.sum<number>("licenseCount").as("n")])
      .where("teamId", "in", [...teamIds])
      .where("status", "=", "active")
      .where("expiresAt", ">", now)
      .groupBy("teamId")
      .execute(),
    db.selectFrom("users").select(["teamId", (eb) => eb.fn.countAll<number>().as("n")]).where("teamId", "in", [...teamIds]).groupBy("teamId").execute(),
  ]);
  const cap = new Map(capacity.map((row) => [row.teamId, Number(row.n)]));
  const used = new Map(users.map((row) => [row.teamId, Number(row.n)]));
  for (const id of teamIds) out.set(id, teamSeats(cap.get(id) ?? 0, used.get(id) ?? 0, 0));
  return out;
}

/** The companies in scope with their internal ids (root: every company), by name. */
export async function scopeTeamRows(db: Db, scope: Scope): Promise<{ id: number; slug: string; teamName: string }[]> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return [];
  let query = db.selectFrom("teams").select(["id", "slug", "teamName"]).orderBy("teamName").orderBy("slug");
  if (teamIds !== null) query = query.where("id", "in", teamIds);
  return query.execute();
}

/** Packs in scope that expire within the window, and that expired within the window looking back. */
export async function expiryCounts(db: Db, scope: Scope, now = Date.now()): Promise<{ nearExpiration: number; expired: number }> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return { nearExpiration: 0, expired: 0 };
  let base = db.selectFrom("licensePacks").where("teamId", "is not", null);
  if (teamIds !== null) base = base.where("teamId", "in", teamIds);
  const count = (q: typeof base) => q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow().then((row) => Number(row.n));
  const [nearExpiration, expired] = await Promise.all([
    count(base.where("status", "=", "active").where("expiresAt", ">", now).where("expiresAt", "<=", now + NEAR_EXPIRATION_MS)),
    count(base.where("expiresAt", ">", now - NEAR_EXPIRATION_MS).where((eb) => eb.or([eb("status", "=", "expired"), eb("expiresAt", "<=", now)]))),
  ]);
  return { nearExpiration, expired };
}
