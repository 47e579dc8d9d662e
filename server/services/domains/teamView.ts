/** What a team profile shows root about its domains and associations. */
import type { AssociationStatus } from "../../../shared/domain/statuses";
import type { ServiceContext } from "../../lib/context";
import { countUsersOutside, domainsOfTeams } from "./rule";

/** A team's domains, how many of its users are outside them, and its associations (public ids). */
export interface TeamDomainsSummary {
  slug: string;
  teamName: string;
  domains: string[];
  usersOutside: number;
  associations: { id: string; name: string; status: AssociationStatus }[];
}

/** The team's domains, the users outside them and its associations, by name. */
export async function teamDomainsView(ctx: ServiceContext, slug: string, teamName: string): Promise<TeamDomainsSummary> {
  const { db } = ctx;
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
