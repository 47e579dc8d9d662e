/**
 * `GET /v2/invites`: the invitations of the caller's teams (root: all), filtered by
 * team, state, type and an address search, sorted by expiry then id, keyset-paged on
 * (expires_at, id) — the `invites_expiry_idx` / `invites_team_expiry_idx` order. A pending
 * invitation past its expiry is shown `expired` even before housekeeping marks it so.
 */
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { InviteState } from "../../../shared/domain/statuses";
import type { InviteListQuery } from "../../../shared/schemas/invite";
import type { ListResponse } from "../../../shared/schemas/list";
import { dialectOf, likeContains } from "../../db/dialect";
import type { Database, InviteStatus } from "../../db/types";
import { decodeCursor, pageOf } from "../../lib/pagination";
import { scopedTeamIds, type Scope } from "../access";
import type { ServiceContext } from "../../lib/context";

/** The columns a list row needs. */
export interface InviteRow {
  id: number;
  uid: string;
  slug: string;
  teamName: string;
  type: "email" | "handle";
  address: string;
  lang: string;
  matchUser: number;
  directSignin: number;
  status: InviteStatus;
  expiresAt: number | string;
  issuedAt: number | string;
  lastSentAt: number | string | null;
  pack: string | null;
  user: string | null;
}

type InviteSelect = SelectQueryBuilder<Database, "invites" | "teams" | "licensePacks" | "users", InviteRow>;

/** The invitation rows with their team, pack and user public ids (one join each, no N+1). */
export function inviteQuery(db: Kysely<Database>) {
  return db
    .selectFrom("invites")
    .innerJoin("teams", "teams.id", "invites.teamId")
    .leftJoin("licensePacks", "licensePacks.id", "invites.licensePackId")
    .leftJoin("users", "users.id", "invites.userId")
    .select([
      "invites.id",
      "invites.uid",
      "teams.slug",
      "teams.teamName",
      "invites.type",
      "invites.address",
      "invites.lang",
      "invites.matchUser",
      "invites.directSignin",
      "invites.status",
      "invites.expiresAt",
      "invites.issuedAt",
      "invites.lastSentAt",
      "licensePacks.uid as pack",
      "users.uid as user",
    ]);
}

/** The state an invitation shows at `now`. */
export function stateOf(status: InviteStatus, expiresAt: number, now: number): InviteState {
  return status === "pending" && expiresAt <= now ? "expired" : status;
}

/** An invitation with the state it shows at the moment it was read. */
export type Invitation = InviteRow & { state: InviteState };

/** The state filter in SQL, by the rule of {@link stateOf}. */
function whereState(query: InviteSelect, state: InviteState, now: number): InviteSelect {
  if (state === "accepted") return query.where("invites.status", "=", "accepted");
  if (state === "pending") return query.where("invites.status", "=", "pending").where("invites.expiresAt", ">", now);
  return query.where((eb) =>
    eb.or([eb("invites.status", "=", "expired"), eb.and([eb("invites.status", "=", "pending"), eb("invites.expiresAt", "<=", now)])]),
  );
}

/** Lists the invitations in scope; a team filter outside the scope simply matches nothing. */
export async function listInvitations(
  ctx: ServiceContext,
  scope: Scope,
  query: InviteListQuery,
  now = Date.now(),
): Promise<ListResponse<Invitation>> {
  let base = inviteQuery(ctx.db) as InviteSelect;
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null) {
    if (teamIds.length === 0) return { items: [], total: 0, nextCursor: null };
    base = base.where("invites.teamId", "in", teamIds);
  }
  if (query.team !== undefined) base = base.where("teams.slug", "=", query.team);
  if (query.type !== undefined) base = base.where("invites.type", "=", query.type);
  if (query.state !== undefined) base = whereState(base, query.state, now);
  if (query.search) base = base.where(likeContains(dialectOf(ctx.db), sql.ref("invites.address"), query.search.toLowerCase()));
  const cursor = decodeCursor(query.cursor, ["bigint"]);
  const desc = query.order === "desc";
  let page = base;
  if (cursor) {
    const [v] = cursor.values as [number];
    const after = desc ? "<" : ">";
    page = page.where((eb) =>
      eb.or([eb("invites.expiresAt", after, v), eb.and([eb("invites.expiresAt", "=", v), eb("invites.id", after, cursor.id)])]),
    );
  }
  const direction = desc ? "desc" : "asc";
  const [rows, total] = await Promise.all([
    page
      .orderBy("invites.expiresAt", direction)
      .orderBy("invites.id", direction)
      .limit(query.limit + 1)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const { items, nextCursor } = pageOf(rows, query.limit, (row) => Number(row.expiresAt));
  return {
    items: items.map((row) => ({ ...row, state: stateOf(row.status, Number(row.expiresAt), now) })),
    total: Number(total.n),
    nextCursor,
  };
}
