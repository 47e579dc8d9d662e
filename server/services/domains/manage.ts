/**
 * Domain white-lists (SPEC §7 `PUT/DELETE v2/team/domains`): root only, decided before
 * any lookup; every change is confirmed by the root's own password, checked against the same
 * per-account budget as sign-in (services/lockout), so this call cannot be used to guess it.
 * A domain belongs to at most one team (UNIQUE in team_domains; the 409 names the owner).
 * Every change writes the access log in its transaction.
 *
 * A change locks the team's row first, the lock user creation and moves take before they read the
 * white-list (the seat counter, licenses/seats.ts): a removal and a user landing in the team run
 * one after the other, so the removal's count of users it leaves outside includes a user created
 * just before it, and a user created just after it meets the new white-list.
 */
import type { ListResponse } from "../../../shared/schemas/list";
import type { TeamListQuery } from "../../../shared/schemas/team";
import type { TeamDomainsDeleteReq, TeamDomainsUpdateReq } from "../../../shared/schemas/domain";
import type { Kysely, Transaction } from "kysely";
import { isUniqueViolation } from "../../db/errors";
import type { Database } from "../../db/types";
import { runTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { lockSeatCounters } from "../licenses";
import { checkPasswordBudgeted } from "../identity";
import { actorOf, requireRoot, type Scope } from "../access";
import { listTeams } from "../teams";
import { countUsersInDomains, countUsersOutside, domainsOfTeams } from "./rule";

/** A team with its white-list: its domains, its users and how many of them are outside the domains. */
export interface TeamWithDomains {
  id: number;
  slug: string;
  teamName: string;
  domains: string[];
  userCount: number;
  usersOutside: number;
}

/** `GET /v2/domains`: every team (search, sort and paging as `GET /v2/teams`) with its domains; root only. */
export async function listTeamDomains(ctx: ServiceContext, scope: Scope, query: TeamListQuery): Promise<ListResponse<TeamWithDomains>> {
  requireRoot(scope, "domainsList403");
  const page = await listTeams(ctx, scope, query);
  const ids = page.items.map((team) => team.id);
  const [domains, outside] = await Promise.all([domainsOfTeams(ctx.db, ids), countUsersOutside(ctx.db, ids)]);
  return {
    items: page.items.map((team) => ({
      id: team.id,
      slug: team.slug,
      teamName: team.teamName,
      domains: domains.get(team.id) ?? [],
      userCount: team.userCount,
      usersOutside: outside.get(team.id) ?? 0,
    })),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

/** A team's white-list after a change: its domains now and how many of its users are outside them. */
export interface TeamDomainsResult {
  slug: string;
  domains: string[];
  usersOutside: number;
}

type Codes = {
  notFound: "domainsEdit404" | "domainsDelete404";
  bad: "domainsEdit400" | "domainsDelete400";
  locked: "domainsEdit429" | "domainsDelete429";
};

/**
 * The team a change is for (404 unknown) and the root's password (400 wrong, 429 once the
 * budget is spent; the failure is logged). Root was checked before: an admin never spends it.
 */
async function confirmChange(
  ctx: ServiceContext,
  scope: Scope,
  slug: string,
  password: string,
  origin: RequestOrigin,
  action: string,
  codes: Codes,
) {
  const team = await ctx.db.selectFrom("teams").select(["id", "slug"]).where("slug", "=", slug).executeTakeFirst();
  if (!team) throw new AppError(codes.notFound);
  const admin = await ctx.db
    .selectFrom("admins")
    .select(["id", "uid", "username", "passwordHash"])
    .where("id", "=", scope.adminId)
    .executeTakeFirst();
  if (!admin) throw new AppError("unauthorized", 401);
  const outcome = await checkPasswordBudgeted(ctx, admin, password, origin);
  if (outcome !== "ok") {
    await recordAccess(
      ctx.db,
      { actor: actorOf(scope), ...origin },
      {
        action,
        outcome: "failure",
        target: { type: "team", id: team.slug },
        teamId: team.id,
        details: { reason: outcome === "locked" ? "locked" : "badPassword" },
      },
    );
    throw new AppError(outcome === "locked" ? codes.locked : codes.bad);
  }
  return team;
}

/** The teams that own any of `domains` other than `teamId` (the 409's details). */
async function ownersOf(db: Kysely<Database> | Transaction<Database>, teamId: number, domains: readonly string[]) {
  return db
    .selectFrom("teamDomains")
    .innerJoin("teams", "teams.id", "teamDomains.teamId")
    .select(["teamDomains.domain", "teams.slug as team", "teams.teamName"])
    .where("teamDomains.domain", "in", [...domains])
    .where("teamDomains.teamId", "<>", teamId)
    .orderBy("teamDomains.domain")
    .execute();
}

/** The result shape after a change, read back from the database (what the server now holds). */
async function resultOf(ctx: ServiceContext, team: { id: number; slug: string }): Promise<TeamDomainsResult> {
  const [domains, outside] = await Promise.all([domainsOfTeams(ctx.db, [team.id]), countUsersOutside(ctx.db, [team.id])]);
  return { slug: team.slug, domains: domains.get(team.id) ?? [], usersOutside: outside.get(team.id) ?? 0 };
}

/**
 * `PUT /v2/team/domains`: adds domains to a team's white-list (ones it already has stay; adding
 * them again is a no-op). A domain of another team is 409 `domainTaken` naming that team in
 * `details.conflicts`. Users already in the team are not removed by a new white-list: the
 * /domains view counts the ones it leaves outside.
 */
export async function addTeamDomains(
  ctx: ServiceContext,
  scope: Scope,
  input: TeamDomainsUpdateReq,
  origin: RequestOrigin,
): Promise<TeamDomainsResult> {
  requireRoot(scope, "domainsEdit403");
  const team = await confirmChange(ctx, scope, input.slug, input.password, origin, "team.domains.add", {
    notFound: "domainsEdit404",
    bad: "domainsEdit400",
    locked: "domainsEdit429",
  });
  // Inside the transaction with its own handle: SQLite has one connection, which the transaction holds.
  const conflict = async (db: Kysely<Database> | Transaction<Database>) =>
    new AppError("domainTaken", 409, { conflicts: await ownersOf(db, team.id, input.domains) });
  try {
    // The answer is read inside the transaction (see runTransaction).
    return await runTransaction(ctx.db, async (trx) => {
      await lockSeatCounters(trx, [team.id]);
      const owned = await trx.selectFrom("teamDomains").select(["teamId", "domain"]).where("domain", "in", input.domains).execute();
      if (owned.some((row) => row.teamId !== team.id)) throw await conflict(trx);
      const have = new Set(owned.map((row) => row.domain));
      const added = input.domains.filter((domain) => !have.has(domain));
      const now = Date.now();
      if (added.length > 0)
        await trx
          .insertInto("teamDomains")
          .values(added.map((domain) => ({ teamId: team.id, domain, createdAt: now })))
          .execute();
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "team.domains.add",
          target: { type: "team", id: team.slug },
          teamId: team.id,
          details: { domains: added },
        },
      );
      return resultOf({ ...ctx, db: trx }, team);
    });
  } catch (error) {
    // Another team took one of them between the check and the insert.
    if (isUniqueViolation(error, "domain")) throw await conflict(ctx.db);
    throw error;
  }
}

/**
 * `DELETE /v2/team/domains`: removes domains from a team's white-list (ones it does not have are
 * ignored). When the team keeps other domains and users have the removed ones, those users end
 * up outside: the call answers 409 `domainsDelete409` with `details.usersLeftOutside` unless
 * `confirm` is true. Removing the last domain lifts the rule, so it leaves nobody outside.
 */
export async function removeTeamDomains(
  ctx: ServiceContext,
  scope: Scope,
  input: TeamDomainsDeleteReq,
  origin: RequestOrigin,
): Promise<TeamDomainsResult> {
  requireRoot(scope, "domainsDelete403");
  const team = await confirmChange(ctx, scope, input.slug, input.password, origin, "team.domains.remove", {
    notFound: "domainsDelete404",
    bad: "domainsDelete400",
    locked: "domainsDelete429",
  });
  return runTransaction(ctx.db, async (trx) => {
    // Before reading the domains and counting the users (see the module's note).
    await lockSeatCounters(trx, [team.id]);
    const current = (await domainsOfTeams(trx, [team.id])).get(team.id) ?? [];
    const removed = current.filter((domain) => input.domains.includes(domain));
    const kept = current.length - removed.length;
    const leftOutside = kept > 0 ? await countUsersInDomains(trx, team.id, removed) : 0;
    if (leftOutside > 0 && input.confirm !== true) throw new AppError("domainsDelete409", 409, { usersLeftOutside: leftOutside });
    if (removed.length > 0) await trx.deleteFrom("teamDomains").where("teamId", "=", team.id).where("domain", "in", removed).execute();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "team.domains.remove",
        target: { type: "team", id: team.slug },
        teamId: team.id,
        details: { domains: removed, usersLeftOutside: leftOutside },
      },
    );
    return resultOf({ ...ctx, db: trx }, team);
  });
}
