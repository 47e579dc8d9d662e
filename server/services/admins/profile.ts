import type { Kysely } from "kysely";
import type { MeResponse } from "../../../shared/api/responses";
import type { PasswordChangeReq, ProfileUpdateReq, TerminateReq } from "../../../shared/schemas/admin";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { assertCurrentPassword, checkPasswordBudgeted, type BudgetedCheck } from "../identity";
import { hashPassword, isRecentPassword, setPassword } from "../identity";
import { readSettings } from "../settings";
import { runTransaction } from "../../db/transaction";

/** The signed-in admin as GET /v2/me shows them (docs/API.md): the response shape shared with the client. */
export type MyProfile = MeResponse;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Loads and presents an admin's own profile with their teams (two queries, no N+1). */
export async function loadMyProfile(db: Kysely<Database>, adminId: number): Promise<MyProfile> {
  const admin = await db
    .selectFrom("admins")
    .select(["uid", "username", "firstName", "lastName", "role", "lang", "timezone", "status", "createdAt", "lastSeenAt"])
    .where("id", "=", adminId)
    .executeTakeFirst();
  if (!admin) throw new AppError("unauthorized", 401);
  const teams = await db
    .selectFrom("adminTeams")
    .innerJoin("teams", "teams.id", "adminTeams.teamId")
    .select(["teams.slug", "teams.teamName"])
    .where("adminTeams.adminId", "=", adminId)
    .orderBy("teams.teamName")
    .execute();
  return {
    uid: admin.uid,
    username: admin.username,
    firstName: admin.firstName,
    lastName: admin.lastName,
    role: admin.role,
    lang: admin.lang,
    timezone: admin.timezone,
    status: admin.status,
    createdOn: iso(admin.createdAt)!,
    lastSeen: iso(admin.lastSeenAt),
    teams,
  };
}

/** Who is acting: the signed-in admin's id and username. */
export interface Actor {
  id: number;
  username: string;
  uid: string;
}

/** Edits one's own name, language and time zone. */
export async function updateMyProfile(
  ctx: ServiceContext,
  actor: Actor,
  input: ProfileUpdateReq,
  origin: RequestOrigin,
): Promise<MyProfile> {
  // The answer is read inside the transaction (see runTransaction).
  return runTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable("admins")
      .set({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        lang: input.lang,
        timezone: input.timezone,
        updatedAt: Date.now(),
      })
      .where("id", "=", actor.id)
      .execute();
    await recordAccess(trx, { actor, ...origin }, { action: "admin.profile.update", target: { type: "admin", id: actor.uid } });
    return loadMyProfile(trx, actor.id);
  });
}

/**
 * Checks the admin's current password against the same per-account budget as sign-in
 * (services/lockout): a wrong one is counted and can lock the account; once locked, every
 * check is refused with the call's 429 whatever the password.
 */
async function checkCurrentPassword(ctx: ServiceContext, actor: Actor, password: string, origin: RequestOrigin): Promise<BudgetedCheck> {
  const row = await ctx.db
    .selectFrom("admins")
    .select(["id", "uid", "username", "passwordHash"])
    .where("id", "=", actor.id)
    .executeTakeFirst();
  if (!row) throw new AppError("unauthorized", 401);
  return checkPasswordBudgeted(ctx, row, password, origin);
}

/**
 * Changes one's own password: the current one must match (403; 429 once the account's budget
 * of password checks is spent) and the new one must not be in
 * the history (422). Every earlier session and token ends; the caller re-issues its own.
 * Returns the new token version.
 */
export async function changeMyPassword(
  ctx: ServiceContext,
  actor: Actor,
  input: PasswordChangeReq,
  origin: RequestOrigin,
): Promise<number> {
  const { db, config } = ctx;
  const checked = await checkCurrentPassword(ctx, actor, input.password, origin);
  if (checked !== "ok") {
    await recordAccess(
      db,
      { actor, ...origin },
      {
        action: "admin.password.change",
        outcome: "failure",
        target: { type: "admin", id: actor.uid },
        details: { reason: checked === "locked" ? "locked" : "badPassword" },
      },
    );
  }
  assertCurrentPassword(checked, "passwordChange403", "passwordChange429");
  const { security } = await readSettings(db);
  if (await isRecentPassword(db, "admin", config.secrets.passwordPepper, actor.id, input.new_password, security.adminPasswordHistory)) {
    throw new AppError("passwordChange422");
  }
  const passwordHash = await hashPassword(config.secrets.passwordPepper, input.new_password);
  return runTransaction(db, async (trx) => {
    await setPassword(trx, "admin", actor.id, passwordHash);
    await recordAccess(trx, { actor, ...origin }, { action: "admin.password.change", target: { type: "admin", id: actor.uid } });
    const row = await trx.selectFrom("admins").select("tokenVersion").where("id", "=", actor.id).executeTakeFirstOrThrow();
    return row.tokenVersion;
  });
}

/**
 * Terminates one's own account (SPEC §4): the password confirms it (403 otherwise, 429 once the
 * budget of password checks is spent); the account,
 * its team memberships and tokens are deleted (its sessions fail their next check); the access
 * log keeps the username.
 */
export async function terminateMyAccount(ctx: ServiceContext, actor: Actor, input: TerminateReq, origin: RequestOrigin): Promise<void> {
  const { db } = ctx;
  const checked = await checkCurrentPassword(ctx, actor, input.password, origin);
  if (checked !== "ok") {
    await recordAccess(
      db,
      { actor, ...origin },
      {
        action: "admin.terminate",
        outcome: "failure",
        target: { type: "admin", id: actor.uid },
        details: { reason: checked === "locked" ? "locked" : "badPassword" },
      },
    );
  }
  assertCurrentPassword(checked, "terminate403", "terminate429");
  await runTransaction(db, async (trx) => {
    await recordAccess(trx, { actor, ...origin }, { action: "admin.terminate", target: { type: "admin", id: actor.uid } });
    await trx.deleteFrom("admins").where("id", "=", actor.id).execute();
  });
}
