/**
 * Reading license packs: the scoped list of `GET /v2/licenses` (filters by team, state and type,
 * sorted by expiration, keyset paging on (expires_at, id)) and one pack by id. A pack's state
 * is never stored: the shared rule computes it at answer time, and the state filter is the same
 * rule as SQL ranges on expires_at.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import { licenseState, NEAR_EXPIRATION_MS, type PackState } from "../../../shared/domain/licenses";
import type { ListResponse } from "../../../shared/schemas/list";
import type { LicenseListQuery } from "../../../shared/schemas/license";
import type { CatalogueCode } from "../../../shared/errors";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { z } from "zod";
import { uid as uidRule } from "../../../shared/schemas/primitives";
import { pageOf } from "../../lib/pagination";
import type { ServiceContext } from "../../lib/context";
import { scopedTeamIds, teamInScope, type Scope } from "../access";

/** The columns a pack answer needs, with its team's slug. */
export interface PackRow {
  id: number;
  uid: string | null;
  teamId: number | null;
  team: string | null;
  licenseType: string;
  licenseCount: number | string;
  status: "active" | "expired";
  expiresAt: number | string | null;
  createdAt: number | string;
  source: "purchase" | "activation" | "distribution";
  tokenId: string | null;
}

/** The pack query with its team's slug. */
export function packQuery(db: Kysely<Database>) {
  return db
    .selectFrom("licensePacks")
    .leftJoin("teams", "teams.id", "licensePacks.teamId")
    .select([
      "licensePacks.id",
      "licensePacks.uid",
      "licensePacks.teamId",
      "teams.slug as team",
      "licensePacks.licenseType",
      "licensePacks.licenseCount",
      "licensePacks.status",
      "licensePacks.expiresAt",
      "licensePacks.createdAt",
      "licensePacks.source",
      "licensePacks.tokenId",
    ]);
}

/** A pack with its state at the moment it was read: the state is never stored, the shared rule decides it. */
export type Pack = PackRow & { state: PackState };

/** A pack row with its state at `now`. */
export function withState(row: PackRow, now: number): Pack {
  return { ...row, state: licenseState({ status: row.status, expiration: Number(row.expiresAt ?? row.createdAt) }, now) as PackState };
}

/** A list cursor: the last row's expires_at (epoch ms) and id, exactly; anything else is a 400, never a SQL error. */
const PackCursorSchema = z.strictObject({
  v: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  id: z.int().min(1).max(2_147_483_647),
});

/** Decodes a client's cursor of the pack list (see {@link PackCursorSchema}). */
export function decodePackCursor(value: string | undefined): { v: number; id: number } | null {
  if (!value) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    json = null;
  }
  const parsed = PackCursorSchema.safeParse(json);
  if (!parsed.success) throw new AppError("badParameters", 400, [{ path: ["cursor"], message: "validation.cursor" }]);
  return parsed.data;
}

type PackSelect = SelectQueryBuilder<Database & { teams: Database["teams"] }, "licensePacks" | "teams", PackRow>;

/** The state filter as ranges of expires_at (the shared rule, in SQL). */
function whereState(query: PackSelect, state: PackState, now: number): PackSelect {
  if (state === "expired")
    return query.where((eb) => eb.or([eb("licensePacks.status", "=", "expired"), eb("licensePacks.expiresAt", "<=", now)]));
  const active = query.where("licensePacks.status", "=", "active");
  return state === "nearExpiration"
    ? active.where("licensePacks.expiresAt", ">", now).where("licensePacks.expiresAt", "<=", now + NEAR_EXPIRATION_MS)
    : active.where("licensePacks.expiresAt", ">", now + NEAR_EXPIRATION_MS);
}

/** `GET /v2/licenses`: the packs of the caller's teams (root: all, teamless ones too), soonest expiration first. */
export async function listPacks(ctx: ServiceContext, scope: Scope, query: LicenseListQuery, now = Date.now()): Promise<ListResponse<Pack>> {
  let base = packQuery(ctx.db) as PackSelect;
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null) {
    if (teamIds.length === 0) return { items: [], total: 0, nextCursor: null };
    base = base.where("licensePacks.teamId", "in", teamIds);
  }
  if (query.team !== undefined) base = base.where("teams.slug", "=", query.team);
  if (query.licenseType !== undefined) base = base.where("licensePacks.licenseType", "=", query.licenseType);
  if (query.state !== undefined) base = whereState(base, query.state, now);
  const cursor = decodePackCursor(query.cursor);
  let page = base;
  if (cursor) {
    const { v } = cursor;
    page = page.where((eb) =>
      eb.or([eb("licensePacks.expiresAt", ">", v), eb.and([eb("licensePacks.expiresAt", "=", v), eb("licensePacks.id", ">", cursor.id)])]),
    );
  }
  const [rows, total] = await Promise.all([
    page
      .orderBy("licensePacks.expiresAt")
      .orderBy("licensePacks.id")
      .limit(query.limit + 1)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const { items, nextCursor } = pageOf(rows, query.limit, (row) => Number(row.expiresAt));
  return { items: items.map((row) => withState(row, now)), total: Number(total.n), nextCursor };
}

/** One pack by its public id within the scope; unknown or out of scope alike answer `code` (404). */
export async function findPack(db: Kysely<Database>, scope: Scope, id: string, code: CatalogueCode = "licenseRead404"): Promise<PackRow> {
  // Not a UUID (a path may hold anything, NUL included): no such pack, without asking the database.
  if (!uidRule.safeParse(id).success) throw new AppError(code, 404);
  const row = await packQuery(db).where("licensePacks.uid", "=", id).executeTakeFirst();
  if (!row || !teamInScope(scope, row.teamId)) throw new AppError(code, 404);
  return row;
}

/** `GET /v2/license/:id`. */
export async function readPack(ctx: ServiceContext, scope: Scope, id: string, now = Date.now()): Promise<Pack> {
  return withState(await findPack(ctx.db, scope, id), now);
}

/**
 * The pack a new invitation of a team draws on when none is named: the team's active pack that
 * expires last (ties by id). Invitation create, a move of pending users and a resend whose pack
 * is no longer the team's all point their invitations at it, so they agree on one rule.
 */
export async function invitePackOf(
  db: Kysely<Database>,
  teamId: number,
  now: number,
): Promise<{ id: number; status: "active" | "expired"; expiresAt: number | string | null } | null> {
  const best = await db
    .selectFrom("licensePacks")
    .select(["id", "status", "expiresAt"])
    .where("teamId", "=", teamId)
    .where("status", "=", "active")
    .where("expiresAt", ">", now)
    .orderBy("expiresAt", "desc")
    .orderBy("id")
    .executeTakeFirst();
  return best ?? null;
}
