/**
 * Enforcing and counting the domain white-list rule (shared/domain/domains.ts) against the
 * database: which users of a team are outside its domains, and the check user creation and moves
 * run before a user lands in a team.
 */
import { sql, type Kysely } from "kysely";
import { usernameAllowed } from "../../../shared/domain/domains";
import type { Database } from "../../db/types";

/** The white-listed domains of each team, sorted (teams without any are absent). */
export async function domainsOfTeams(db: Kysely<Database>, teamIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (teamIds.length === 0) return out;
  const rows = await db
    .selectFrom("teamDomains")
    .select(["teamId", "domain"])
    .where("teamId", "in", [...teamIds])
    .orderBy("domain")
    .execute();
  for (const row of rows) out.set(row.teamId, [...(out.get(row.teamId) ?? []), row.domain]);
  return out;
}

/**
 * How many users of each team have an e-mail username outside the team's domains (teams without
 * domains restrict nobody: 0). One grouped query; `'%@' || domain` is portable SQL and a domain
 * holds no LIKE wildcard (letters, digits, dots and hyphens only).
 */
export async function countUsersOutside(db: Kysely<Database>, teamIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (teamIds.length === 0) return out;
  const rows = await db
    .selectFrom("users")
    .select((eb) => ["users.teamId", eb.fn.countAll<number | string>().as("n")])
    .where("users.teamId", "in", [...teamIds])
    .where("users.username", "like", "%@%")
    .where((eb) => eb.exists(eb.selectFrom("teamDomains as d").select("d.id").whereRef("d.teamId", "=", "users.teamId")))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("teamDomains as d")
            .select("d.id")
            .whereRef("d.teamId", "=", "users.teamId")
            .where(sql<boolean>`${sql.ref("users.username")} like '%@' || ${sql.ref("d.domain")}`),
        ),
      ),
    )
    .groupBy("users.teamId")
    .execute();
  for (const row of rows) out.set(row.teamId, Number(row.n));
  return out;
}

/** How many users of a team have an e-mail username in one of `domains` (what removing them would leave outside). */
export async function countUsersInDomains(db: Kysely<Database>, teamId: number, domains: readonly string[]): Promise<number> {
  if (domains.length === 0) return 0;
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("teamId", "=", teamId)
    .where((eb) => eb.or(domains.map((domain) => eb("username", "like", `%@${domain}`))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The usernames (of those given) that a team's white-list refuses; empty when it has no domains. */
export async function refusedUsernames(db: Kysely<Database>, teamId: number, usernames: readonly string[]): Promise<Set<string>> {
  const domains = (await domainsOfTeams(db, [teamId])).get(teamId) ?? [];
  return new Set(usernames.filter((username) => !usernameAllowed(username, domains)));
}
