/** Reading company associations: the list of `GET /v2/associations` and one association by id. */
import type { Kysely } from "kysely";
import type { AssociationStatus } from "../../../shared/domain/statuses";
import type { AssociationListQuery } from "../../../shared/schemas/association";
import type { ListResponse } from "../../../shared/schemas/list";
import { dialectOf, likeContains } from "../../db/dialect";
import type { Database } from "../../db/types";
import { isUid } from "../../../shared/schemas/primitives";
import { AppError } from "../../errors";
import type { ServiceContext } from "../../lib/context";
import { decodeCursor, pageOf } from "../../lib/pagination";
import { requireRoot, type Scope } from "../access";

/** An association row with its member teams (by name, then id): what the services answer. */
export interface Association {
  id: number;
  uid: string;
  name: string;
  status: AssociationStatus;
  closedCommunications: number;
  createdAt: number | string;
  updatedAt: number | string;
  teams: { slug: string; teamName: string }[];
}

type Row = Omit<Association, "teams">;

/** Attaches each association's teams (one query for the page). */
async function withTeams(db: Kysely<Database>, rows: readonly Row[]): Promise<Association[]> {
  if (rows.length === 0) return [];
  const members = await db
    .selectFrom("associationTeams")
    .innerJoin("teams", "teams.id", "associationTeams.teamId")
    .select(["associationTeams.associationId", "teams.slug", "teams.teamName"])
    .where(
      "associationTeams.associationId",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("teams.teamName")
    .orderBy("teams.id")
    .execute();
  const byId = new Map<number, { slug: string; teamName: string }[]>();
  for (const m of members) byId.set(m.associationId, [...(byId.get(m.associationId) ?? []), { slug: m.slug, teamName: m.teamName }]);
  return rows.map((row) => ({ ...row, teams: byId.get(row.id) ?? [] }));
}

const COLUMNS = ["id", "uid", "name", "status", "closedCommunications", "createdAt", "updatedAt"] as const;

/** The associations with these public ids (unknown ones are left out). */
export async function loadAssociations(db: Kysely<Database>, uids: readonly string[]): Promise<Association[]> {
  if (uids.length === 0) return [];
  const rows = await db
    .selectFrom("associations")
    .select(COLUMNS)
    .where("uid", "in", [...uids])
    .execute();
  return withTeams(db, rows);
}

/** `GET /v2/association/:id` (root only: `associationList403`); unknown or malformed → `associationRead404`. */
export async function readAssociation(ctx: ServiceContext, scope: Scope, uid: string): Promise<Association> {
  requireRoot(scope, "associationList403");
  const [association] = isUid(uid) ? await loadAssociations(ctx.db, [uid]) : [];
  if (!association) throw new AppError("associationRead404");
  return association;
}

/** A page of associations, by name then id (keyset); root only (`associationList403`). */
export async function listAssociations(ctx: ServiceContext, scope: Scope, query: AssociationListQuery): Promise<ListResponse<Association>> {
  requireRoot(scope, "associationList403");
  const { db } = ctx;
  const cursor = decodeCursor(query.cursor, ["text"]);
  const dialect = dialectOf(db);
  const term = query.search?.trim() ?? "";
  let base = db.selectFrom("associations");
  if (term) {
    base = base.where((eb) =>
      eb.or([
        likeContains(dialect, eb.ref("associations.name"), term),
        eb.exists(
          eb
            .selectFrom("associationTeams as at")
            .innerJoin("teams as t", "t.id", "at.teamId")
            .select("at.teamId")
            .whereRef("at.associationId", "=", "associations.id")
            .where((inner) =>
              inner.or([likeContains(dialect, inner.ref("t.teamName"), term), likeContains(dialect, inner.ref("t.slug"), term)]),
            ),
        ),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  let page = base
    .select(COLUMNS.map((c) => `associations.${c}` as const))
    .orderBy("associations.name")
    .orderBy("associations.id")
    .limit(query.limit + 1);
  if (cursor) {
    const name = String(cursor.values[0]);
    page = page.where((eb) =>
      eb.or([eb("associations.name", ">", name), eb.and([eb("associations.name", "=", name), eb("associations.id", ">", cursor.id)])]),
    );
  }
  const rows = await page.execute();
  const { items, nextCursor } = pageOf(rows, query.limit, (row) => row.name);
  return { items: await withTeams(db, items), total: Number(total), nextCursor };
}
