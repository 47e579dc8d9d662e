/**
 * Names for the uids an access-log page mentions (targets and details), so the console shows who
 * an entry is about instead of a UUID. One statement per page, whatever its size: no N+1.
 */
import type { ServiceContext } from "../../lib/context";
import { scopedTeamIds, type Scope } from "../access";
import type { LogRecord } from "./list";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many distinct uids are looked up per page (a page holds at most a few hundred entries). */
const MAX_UIDS = 2_000;

/** Every uid-shaped string in a value (strings, lists and objects, however nested). */
function collectUids(value: unknown, into: Set<string>): void {
  if (into.size >= MAX_UIDS) return;
  if (typeof value === "string") {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectUids(item, into);
  } else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) collectUids(item, into);
  }
}

/**
 * The display names (user name or e-mail) of the users and administrators the entries mention,
 * by uid, in one statement (users ∪ admins). Only what the reader may see is named: root every
 * account; a company admin the users of their companies, the admins of those companies and
 * themselves. A uid without a visible account keeps no name (the entry shows the uid).
 */
export async function logNames(ctx: ServiceContext, scope: Scope, records: readonly LogRecord[]): Promise<Record<string, string>> {
  const uids = new Set<string>();
  for (const record of records) {
    if (record.targetId !== null) collectUids(record.targetId, uids);
    collectUids(record.details, uids);
  }
  if (uids.size === 0) return {};
  const { db } = ctx;
  const teamIds = scopedTeamIds(scope);
  const wanted = [...uids];
  let users = db.selectFrom("users").select(["uid", "username", "firstName", "lastName"]).where("uid", "in", wanted);
  let admins = db.selectFrom("admins").select(["uid", "username", "firstName", "lastName"]).where("uid", "in", wanted);
  if (teamIds !== null) {
    users = users.where("teamId", "in", teamIds.length > 0 ? teamIds : [-1]);
    admins = admins.where((eb) =>
      eb.or([
        eb("id", "=", scope.adminId),
        eb(
          "id",
          "in",
          eb
            .selectFrom("adminTeams")
            .select("adminId")
            .where("teamId", "in", teamIds.length > 0 ? teamIds : [-1]),
        ),
      ]),
    );
  }
  const rows = await users.unionAll(admins).execute();
  const names: Record<string, string> = {};
  for (const row of rows) {
    const full = `${row.firstName} ${row.lastName}`.trim();
    names[row.uid.toLowerCase()] = full ? `${full} (${row.username})` : row.username;
  }
  return names;
}
