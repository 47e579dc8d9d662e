/**
 * Finding the admin a change acts on, and refusing before anything leaks (DESIGN §5): unknown
 * and out-of-scope admins answer the call's 404, and so does a root target of a non-root caller
 * on every call (issue #32: block, activate and delete answered 403 there, telling a root's uid
 * from an unknown one).
 */
import type { Kysely } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import type { AdminRole, AdminStatus, Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess, type AccessContext, type AccessEntry } from "../accessLog";
import type { Scope } from "../access";

/** The target of an admin change. */
export interface AdminTarget {
  id: number;
  uid: string;
  username: string;
  role: AdminRole;
  status: AdminStatus;
  hasPassword: boolean;
  /** The stored access level (#31), as text. */
  accessLevel: string | null;
}

/** The catalogue code a call answers with for a target the caller may not see (unknown, out of scope, a root). */
export interface TargetCodes {
  notFound: CatalogueCode;
}

/** Loads the target of a change if the caller may change it, else throws the call's code. */
export async function loadTarget(db: Kysely<Database>, scope: Scope, uid: string, codes: TargetCodes): Promise<AdminTarget> {
  const row = await db
    .selectFrom("admins")
    .select(["id", "uid", "username", "role", "status", "passwordHash", "accessLevel"])
    .where("uid", "=", uid)
    .executeTakeFirst();
  if (!row) throw new AppError(codes.notFound, 404);
  const target: AdminTarget = {
    id: row.id,
    uid: row.uid,
    username: row.username,
    role: row.role,
    status: row.status,
    hasPassword: row.passwordHash !== null,
    accessLevel: row.accessLevel,
  };
  if (scope.role === "root" || row.id === scope.adminId) return target;
  if (row.role === "root") throw new AppError(codes.notFound, 404);
  const ids = [...scope.teamIds];
  const shared =
    ids.length > 0 &&
    (await db.selectFrom("adminTeams").select("teamId").where("adminId", "=", row.id).where("teamId", "in", ids).executeTakeFirst()) !==
      undefined;
  if (!shared) throw new AppError(codes.notFound, 404);
  return target;
}

/** The ids of the teams an admin is assigned to. */
export async function teamIdsOf(db: Kysely<Database>, adminId: number): Promise<number[]> {
  const rows = await db.selectFrom("adminTeams").select("teamId").where("adminId", "=", adminId).orderBy("teamId").execute();
  return rows.map((r) => r.teamId);
}

/**
 * Writes one access-log entry per team of the target, so each team's admins find it in their
 * log (DESIGN §5); a target without teams (a root) gets one entry without a team.
 */
export async function recordPerTeam(
  db: Kysely<Database>,
  ctx: AccessContext,
  teamIds: number[],
  entry: Omit<AccessEntry, "teamId">,
): Promise<void> {
  if (teamIds.length === 0) return recordAccess(db, ctx, { ...entry, teamId: null });
  for (const teamId of teamIds) await recordAccess(db, ctx, { ...entry, teamId });
}
