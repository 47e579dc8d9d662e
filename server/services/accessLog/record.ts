import type { Kysely, Transaction } from "kysely";
import type { AccessOutcome, Database } from "../../db/types";

/** Who did something and from where, as every privileged action records it. */
export interface AccessContext {
  actor: { id: number; username: string } | null;
  ip: string | null;
  userAgent: string | null;
  /** The id of the request (X-Request-Id); absent for jobs and the CLI's direct calls. */
  requestId?: string | null;
  /** The access token (by name) the action was made with; recorded as the details' `viaToken`. */
  viaToken?: string | null;
  /** For an action that set a password: who checked it against the policy; recorded as the details' `passwordPolicy`. */
  passwordPolicy?: "checkedByClient" | "notChecked";
}

/**
 * The detail keys that name teams, by slug: one (`team`) or a list (`teams`, `added`, `removed`).
 * A detail that names a team uses one of these keys, so the access-log list can filter them to
 * the reader's teams (GET /v2/logs must not tell an admin the slugs of teams outside their
 * scope). `renamedFrom` is the entry's own team's previous slug, seen with the entry itself.
 */
export const TEAM_DETAIL_KEYS = ["team", "teams", "added", "removed"] as const;

/** One access-log entry (DESIGN §4): who, what, target, outcome, when (UTC epoch ms), from where. */
export interface AccessEntry {
  action: string;
  outcome?: AccessOutcome;
  target?: { type: string; id: string };
  teamId?: number | null;
  details?: Record<string, unknown>;
}

/** Appends to the access log; call it inside the action's transaction so both commit together. */
export async function recordAccess(db: Kysely<Database> | Transaction<Database>, ctx: AccessContext, entry: AccessEntry): Promise<void> {
  // An action made with an access token names it ("via token 'nightly-invites'" on /logs and in the export).
  let details = ctx.viaToken ? { ...entry.details, viaToken: ctx.viaToken } : entry.details;
  if (ctx.passwordPolicy) details = { ...details, passwordPolicy: ctx.passwordPolicy };
  await db
    .insertInto("accessLog")
    .values({
      createdAt: Date.now(),
      actorAdminId: ctx.actor?.id ?? null,
      actorUsername: ctx.actor?.username ?? null,
      action: entry.action,
      outcome: entry.outcome ?? "success",
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      teamId: entry.teamId ?? null,
      ip: ctx.ip?.slice(0, 45) ?? null,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      details: details ? JSON.stringify(details) : null,
      requestId: ctx.requestId?.slice(0, 64) ?? null,
    })
    .execute();
}
