/**
 * Company associations (SPEC §7 `POST/PUT/DELETE v2/association`): root only, decided
 * before any lookup. An association names at least two teams (fewer or duplicates are
 * `associationCreate400` / `associationEdit400`, checked in the router), is open or closed, and
 * may forbid its members to talk outside it (closedCommunications); policy.ts reads what that
 * means. Every change writes the access log in its transaction.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AssociationCreateReq, AssociationDeleteReq, AssociationUpdateReq } from "../../../shared/schemas/association";
import { toFlag } from "../../db/flags";
import { runTransaction } from "../../db/transaction";
import type { Database, RowUpdate } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, requireRoot, type Scope } from "../access";
import { loadAssociations, type Association } from "./query";

/**
 * Team ids for slugs, in the order given; any unknown slug is `unknown` with the unknown ones as
 * details. An edit answers 400 (its list of companies is invalid): its 404 means the association
 * itself is gone, and an admin must be able to tell the two apart.
 */
async function teamIdsFor(
  trx: Transaction<Database>,
  slugs: readonly string[],
  unknown: "associationCreate404" | "associationEdit400",
): Promise<number[]> {
  const rows = await trx
    .selectFrom("teams")
    .select(["id", "slug"])
    .where("slug", "in", [...slugs])
    .execute();
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  const missing = slugs.filter((slug) => !bySlug.has(slug));
  if (missing.length > 0) throw new AppError(unknown, undefined, { teams: missing });
  return slugs.map((slug) => bySlug.get(slug)!);
}

/**
 * The association as the database now holds it (what a change answers), read inside the change's
 * transaction (see runTransaction).
 */
async function readBack(db: Kysely<Database>, uid: string): Promise<Association> {
  const [association] = await loadAssociations(db, [uid]);
  if (!association) throw new AppError("associationEdit404");
  return association;
}

/** Creates an association (403 not root; 404 a team does not exist) and answers it with its `id`. */
export async function createAssociation(
  ctx: ServiceContext,
  scope: Scope,
  input: AssociationCreateReq,
  origin: RequestOrigin,
): Promise<Association> {
  requireRoot(scope, "associationCreate403");
  const uid = randomUUID();
  return runTransaction(ctx.db, async (trx) => {
    const teamIds = await teamIdsFor(trx, input.teams, "associationCreate404");
    const now = Date.now();
    const row = await trx
      .insertInto("associations")
      .values({
        uid,
        name: input.name,
        status: input.status,
        closedCommunications: toFlag(input.closedCommunications),
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("associationTeams")
      .values(teamIds.map((teamId) => ({ associationId: row.id, teamId })))
      .execute();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "association.create",
        target: { type: "association", id: uid },
        details: { name: input.name, status: input.status, closedCommunications: input.closedCommunications, teams: input.teams },
      },
    );
    return readBack(trx, uid);
  });
}

/** Edits an association (403 not root; 404 unknown association or team); absent fields stay; `teams` replaces the set. */
export async function updateAssociation(
  ctx: ServiceContext,
  scope: Scope,
  input: AssociationUpdateReq,
  origin: RequestOrigin,
): Promise<Association> {
  requireRoot(scope, "associationEdit403");
  return runTransaction(ctx.db, async (trx) => {
    const current = await trx.selectFrom("associations").select(["id"]).where("uid", "=", input.id).executeTakeFirst();
    if (!current) throw new AppError("associationEdit404");
    const changes: RowUpdate<"associations"> = { updatedAt: Date.now() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.status !== undefined) changes.status = input.status;
    if (input.closedCommunications !== undefined) changes.closedCommunications = toFlag(input.closedCommunications);
    await trx.updateTable("associations").set(changes).where("id", "=", current.id).execute();
    if (input.teams !== undefined) {
      const teamIds = await teamIdsFor(trx, input.teams, "associationEdit400");
      await trx.deleteFrom("associationTeams").where("associationId", "=", current.id).execute();
      await trx
        .insertInto("associationTeams")
        .values(teamIds.map((teamId) => ({ associationId: current.id, teamId })))
        .execute();
    }
    const { id: _id, ...fields } = input;
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "association.update",
        target: { type: "association", id: input.id },
        details: { fields: Object.keys(fields).sort(), ...(input.teams ? { teams: input.teams } : {}) },
      },
    );
    return readBack(trx, input.id);
  });
}

/** Deletes an association (403 not root; 404 unknown); its team memberships go with it. */
export async function deleteAssociation(
  ctx: ServiceContext,
  scope: Scope,
  input: AssociationDeleteReq,
  origin: RequestOrigin,
): Promise<void> {
  requireRoot(scope, "associationDelete403");
  await runTransaction(ctx.db, async (trx) => {
    const current = await trx.selectFrom("associations").select(["id", "name"]).where("uid", "=", input.id).executeTakeFirst();
    if (!current) throw new AppError("associationDelete404");
    await trx.deleteFrom("associationTeams").where("associationId", "=", current.id).execute();
    await trx.deleteFrom("associations").where("id", "=", current.id).execute();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "association.delete",
        target: { type: "association", id: input.id },
        details: { name: current.name },
      },
    );
  });
}
