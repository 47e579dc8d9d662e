/**
 * The communications policy (README "Company associations"), asked by the
 * communications service through `GET /v2/service/policy`:
 * - members of one team may always communicate;
 * - two teams that share an open association may communicate (it names the association);
 * - a team in an open association whose closedCommunications toggle is on may communicate only
 *   with the teams it shares an open association with;
 * - otherwise (no such restriction on either side) they may communicate;
 * - a closed association neither grants nor restricts anything.
 * Three indexed lookups whatever the number of teams and associations (association_teams is
 * indexed by team then association).
 */
import type { Kysely } from "kysely";
import type { PolicyQuery } from "../../../shared/schemas/association";
import { isUid } from "../../../shared/schemas/primitives";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import type { ServiceContext } from "../../lib/context";

/** The answer: whether the two may communicate and, when an association allows it, which. */
export interface PolicyAnswer {
  allowed: boolean;
  association?: { id: string; name: string };
}

/** The team of a party: a user's uid (tried first: a uid is also a well-formed slug) or a team slug; 404 when neither. */
async function teamOf(db: Kysely<Database>, party: string): Promise<number> {
  if (isUid(party)) {
    const user = await db.selectFrom("users").select("teamId").where("uid", "=", party).executeTakeFirst();
    if (user) return user.teamId;
  }
  const team = await db.selectFrom("teams").select("id").where("slug", "=", party).executeTakeFirst();
  if (!team) throw new AppError("notFound", 404);
  return team.id;
}

/** Whether a team is a member of an open association that closes communications. */
async function restricted(db: Kysely<Database>, teamId: number): Promise<boolean> {
  const row = await db
    .selectFrom("associationTeams as m")
    .innerJoin("associations as a", "a.id", "m.associationId")
    .select("a.id")
    .where("m.teamId", "=", teamId)
    .where("a.status", "=", "open")
    .where("a.closedCommunications", "=", 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Decides whether `from` and `to` may communicate (see the module comment for the rule). */
export async function decidePolicy(ctx: ServiceContext, query: PolicyQuery): Promise<PolicyAnswer> {
  const { db } = ctx;
  const [from, to] = await Promise.all([teamOf(db, query.from), teamOf(db, query.to)]);
  if (from === to) return { allowed: true };
  const shared = await db
    .selectFrom("associationTeams as x")
    .innerJoin("associationTeams as y", "y.associationId", "x.associationId")
    .innerJoin("associations as a", "a.id", "x.associationId")
    .select(["a.uid", "a.name"])
    .where("x.teamId", "=", from)
    .where("y.teamId", "=", to)
    .where("a.status", "=", "open")
    .orderBy("a.name")
    .orderBy("a.id")
    .limit(1)
    .executeTakeFirst();
  if (shared) return { allowed: true, association: { id: shared.uid, name: shared.name } };
  const [a, b] = await Promise.all([restricted(db, from), restricted(db, to)]);
  return { allowed: !a && !b };
}
