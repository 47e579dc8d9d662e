import type { Kysely, Transaction } from "kysely";
import type { AccessOutcome, Database } from "../db/types";

/** Who did something and from where, as every privileged action records it. */
export interface AccessContext {
  actor: { id: number; username: string } | null;
  ip: string | null;
  userAgent: string | null;
}

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
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
