/**
 * `PUT /v2/license` (root only, SPEC §6 'creating or expiring license packs'): extend a pack by
 * N days from today (SPEC §2), expire it now (its team may then exceed capacity: existing users
 * stay, SPEC §4), or distribute N of its seats to another team (the source keeps count − N; a new
 * pack with the same type and expiration goes to the target). A distribution locks both teams'
 * seat counters (ascending id) and the pack, then checks that the source team keeps at least
 * the seats it uses, so it cannot race a user creation in that team.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { extendedExpiration, packAcceptsInvites } from "../../../shared/domain/licenses";
import type { LicenseUpdateReq } from "../../../shared/schemas/license";
import { lockRowsInOrder } from "../../db/locks";
import type { Database } from "../../db/types";
import { runTransaction } from "../../db/transaction";
import { AppError, badParameters } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, requireRoot, teamInScope, type Scope } from "../access";
import { findPack, packQuery, withState, type Pack, type PackRow } from "./packs";
import { lockSeatCounters, seatsOf } from "./seats";

/** A changed pack as it now stands and, after a distribution, the pack it created. */
export interface PackUpdate {
  pack: Pack;
  created?: Pack;
}

/** Extends, expires or distributes a pack (see the module comment); 403 `licenseEdit403` for a non-root caller, decided first. */
export async function updatePack(ctx: ServiceContext, scope: Scope, input: LicenseUpdateReq, origin: RequestOrigin): Promise<PackUpdate> {
  requireRoot(scope, "licenseEdit403");
  const pack = await findPack(ctx.db, scope, input.id, "licenseEdit404");
  const now = Date.now();
  const access = { actor: actorOf(scope), ...origin };
  const target = { type: "licensePack", id: input.id };
  if (input.action === "extend") {
    const expiresAt = extendedExpiration(now, input.days).getTime();
    // Each change reads its answer inside its transaction (see runTransaction).
    return runTransaction(ctx.db, async (trx) => {
      await trx.updateTable("licensePacks").set({ expiresAt, status: "active", updatedAt: now }).where("id", "=", pack.id).execute();
      await recordAccess(trx, access, {
        action: "license.extend",
        target,
        teamId: pack.teamId,
        details: { days: input.days, from: Number(pack.expiresAt), to: expiresAt },
      });
      return { pack: await reread(trx, pack.id, now) };
    });
  }
  if (input.action === "expire") {
    const expiresAt = Math.min(Number(pack.expiresAt ?? now), now);
    return runTransaction(ctx.db, async (trx) => {
      await trx.updateTable("licensePacks").set({ expiresAt, status: "expired", updatedAt: now }).where("id", "=", pack.id).execute();
      await recordAccess(trx, access, {
        action: "license.expire",
        target,
        teamId: pack.teamId,
        details: { from: Number(pack.expiresAt), to: expiresAt },
      });
      return { pack: await reread(trx, pack.id, now) };
    });
  }
  return distribute(ctx, scope, pack, input.team, input.licenseCount, now, access);
}

async function reread(db: Kysely<Database>, id: number, now: number): Promise<Pack> {
  return withState(await packQuery(db).where("licensePacks.id", "=", id).executeTakeFirstOrThrow(), now);
}

async function distribute(
  ctx: ServiceContext,
  scope: Scope,
  pack: PackRow,
  slug: string,
  count: number,
  now: number,
  access: { actor: { id: number; username: string }; ip: string | null; userAgent: string | null },
): Promise<PackUpdate> {
  const team = await ctx.db.selectFrom("teams").select(["id", "slug"]).where("slug", "=", slug).executeTakeFirst();
  if (!team || !teamInScope(scope, team.id)) throw new AppError("licenseEdit404", 404);
  if (team.id === pack.teamId) throw new AppError("licenseEdit400", 400);
  const uid = randomUUID();
  return runTransaction(ctx.db, async (trx) => {
    await lockSeatCounters(trx, pack.teamId === null ? [team.id] : [pack.teamId, team.id]);
    const current = await lockRowsInOrder(
      trx,
      trx.selectFrom("licensePacks").selectAll().where("id", "=", pack.id),
      "noKeyUpdate",
    ).executeTakeFirst();
    if (!current || current.teamId !== pack.teamId) throw new AppError("licenseEdit404", 404);
    const expiresAt = Number(current.expiresAt ?? now);
    if (!packAcceptsInvites({ status: current.status, expiration: expiresAt }, now)) throw new AppError("licenseEdit422", 422);
    const held = Number(current.licenseCount);
    if (count >= held) throw badParameters([{ path: ["licenseCount"], message: "validation.tooBig" }]);
    if (current.teamId !== null) {
      const seats = await seatsOf(trx, current.teamId, now);
      if (seats.capacity - count < seats.users + seats.invites) throw new AppError("licenseEdit409", 409);
    }
    await trx
      .updateTable("licensePacks")
      .set({ licenseCount: held - count, updatedAt: now })
      .where("id", "=", current.id)
      .execute();
    const created = await trx
      .insertInto("licensePacks")
      .values({
        uid,
        teamId: team.id,
        parentId: current.id,
        licenseType: current.licenseType,
        licenseCount: count,
        status: "active",
        expiresAt,
        source: "distribution",
        createdBy: scope.adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAccess(trx, access, {
      action: "license.distribute",
      target: { type: "licensePack", id: pack.uid ?? "" },
      teamId: current.teamId,
      details: { to: team.slug, licenseCount: count, kept: held - count, created: uid },
    });
    const answer = await reread(trx, created.id, now);
    return { pack: await reread(trx, pack.id, now), created: answer };
  });
}
