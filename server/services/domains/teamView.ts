/** What a team profile shows root about its domains and associations (issue 18). */
import type { Kysely } from "kysely";
import type { TeamDomainsView } from "../../../shared/api/domains";
import type { Database } from "../../db/types";
import { countUsersOutside, domainsOfTeams } from "./rule";

/** The team's domains, the users outside them and its associations, by name. */
export async function teamDomainsView(db: Kysely<Database>, slug: string, teamName: string): Promise<TeamDomainsView> {
  const team = await db.selectFrom("teams").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const [domains, outside, associations] = await Promise.all([
    domainsOfTeams(db, [team.id]),
    countUsersOutside(db, [team.id]),
    db
      .selectFrom("associationTeams as m")
      .innerJoin("associations as a", "a.id", "m.associationId")
      .select(["a.uid as id", "a.name", "a.status"])
      .where("m.teamId", "=", team.id)
      .orderBy("a.name")
      .orderBy("a.id")
      .execute(),
  ]);
  return { slug, teamName, domains: domains.get(team.id) ?? [], usersOutside: outside.get(team.id) ?? 0, associations };
}
