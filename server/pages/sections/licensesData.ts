import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { scopedTeamIds, type Scope } from "../../services/access";

/** The companies in scope with their internal ids (root: every company), by name: the license, invitation and dashboard pages pick from them. */
export async function scopeTeamRows(db: Kysely<Database>, scope: Scope): Promise<{ id: number; slug: string; teamName: string }[]> {
  const teamIds = scopedTeamIds(scope);
  if (teamIds !== null && teamIds.length === 0) return [];
  let query = db.selectFrom("teams").select(["id", "slug", "teamName"]).orderBy("teamName").orderBy("slug");
  if (teamIds !== null) query = query.where("id", "in", teamIds);
  return query.execute();
}
