/**
 * The per-account budget of password checks (DESIGN §4): sign-in and every check of an
 * admin's current password (password change, termination) spend from the same counter, and at
 * 'maximum failed admin sign-in attempts' the account locks.
 *
 * A check first takes a slot with one conditional UPDATE … RETURNING (`failed_attempts + 1`, the
 * lock set in the same statement when that reaches the maximum, nothing done while a lock
 * holds), and only then runs argon2. Concurrent guesses therefore each take their own slot:
 * exactly `maximum` of them are ever verified against the real password, whatever the engine or
 * the number of processes, and the right password sent after them cannot get in. A correct
 * password gives its slot back (the counter returns to 0).
 *
 * Every check costs one argon2 verification, refused or not, so a locked account answers as
 * slowly as an open one and its 403 is not a fast "this account exists" signal.
 */
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { readSettings } from "../settings";
import { verifyPassword } from "./passwords";
import { accountLockouts } from "../../lib/metrics";

/** How long an account stays locked after too many failed checks (a root can unlock it sooner). */
export const ADMIN_LOCK_MINUTES = 15;

/** What one budgeted check concluded: the right password, a wrong one (counted), or refused because the account is locked. */
export type BudgetedCheck = "ok" | "wrong" | "locked";

/** The admin a password check is for. */
export interface CheckedAdmin {
  id: number;
  uid: string;
  username: string;
  passwordHash: string | null;
}

/**
 * Takes one slot of the admin's budget. Returns the attempt number and whether this slot locked
 * the account, or null when the account is locked (or gone) and the check must be refused.
 */
async function takeSlot(ctx: ServiceContext, adminId: number, now: number): Promise<{ attempts: number; locks: boolean } | null> {
  const { security } = await readSettings(ctx.db);
  const max = security.maxFailedAdminSignIns;
  const row = await ctx.db
    .updateTable("admins")
    .set((eb) => ({
      failedAttempts: eb("failedAttempts", "+", 1),
      lockedUntil: eb
        .case()
        .when(eb("failedAttempts", "+", 1), ">=", max)
        .then(eb.cast<number>(eb.val(now + ADMIN_LOCK_MINUTES * 60_000), "bigint"))
        .else(null)
        .end(),
    }))
    .where("id", "=", adminId)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", now)]))
    .returning(["failedAttempts"])
    .executeTakeFirst();
  if (!row) return null;
  return { attempts: row.failedAttempts, locks: row.failedAttempts >= max };
}

/** Gives a slot back after the right password: the counter restarts and any lock this run set is lifted. */
async function clearAttempts(ctx: ServiceContext, adminId: number): Promise<void> {
  await ctx.db.updateTable("admins").set({ failedAttempts: 0, lockedUntil: null }).where("id", "=", adminId).execute();
}

/**
 * Gives one slot back without forgetting earlier failures: a right password whose sign-in still
 * waits for a second factor. Clearing the counter there would let someone who knows the password
 * try unlimited factor codes by signing in again between guesses.
 */
async function releaseSlot(ctx: ServiceContext, adminId: number): Promise<void> {
  await ctx.db
    .updateTable("admins")
    .set((eb) => ({ failedAttempts: eb("failedAttempts", "-", 1), lockedUntil: null }))
    .where("id", "=", adminId)
    .where("failedAttempts", ">", 0)
    .execute();
}

/** What a right answer does to the budget: "clear" (the counter back to 0) or "release" (only its own slot back). */
export type BudgetOnSuccess = "clear" | "release";

/**
 * One check against the shared budget, whatever is checked (a password, a TOTP or recovery code,
 * a passkey assertion): takes a slot first, then runs `verify` (also while locked when
 * `verifyWhenLocked`, for a constant-cost password check). "locked" when the budget is spent,
 * "wrong" (counted; the slot that reaches the maximum locks the account and writes
 * `admin.lockout`), or "ok" (the slot given back as `onSuccess` says).
 */
export async function checkBudgeted(
  ctx: ServiceContext,
  admin: { id: number; uid: string },
  verify: () => Promise<boolean>,
  origin: RequestOrigin,
  options: { onSuccess?: BudgetOnSuccess; verifyWhenLocked?: boolean } = {},
): Promise<BudgetedCheck> {
  const slot = await takeSlot(ctx, admin.id, Date.now());
  const matches = slot || options.verifyWhenLocked ? await verify() : false;
  if (!slot) return "locked";
  if (matches) {
    await (options.onSuccess === "release" ? releaseSlot(ctx, admin.id) : clearAttempts(ctx, admin.id));
    return "ok";
  }
  if (slot.locks) {
    accountLockouts.inc();
    await recordAccess(
      ctx.db,
      { actor: null, ...origin },
      { action: "admin.lockout", target: { type: "admin", id: admin.uid }, details: { attempts: slot.attempts } },
    );
  }
  return "wrong";
}

/**
 * Checks an admin's password against the shared budget: always one argon2 verification; "locked"
 * when the budget is spent (whatever the password), "wrong" (counted; the slot that reaches the
 * maximum locks the account and writes `admin.lockout`), or "ok" (counter back to 0, or only this
 * slot back with `onSuccess: "release"` when a second factor must still follow).
 */
export async function checkPasswordBudgeted(
  ctx: ServiceContext,
  admin: CheckedAdmin,
  sha512Hex: string,
  origin: RequestOrigin,
  onSuccess: BudgetOnSuccess = "clear",
): Promise<BudgetedCheck> {
  return checkBudgeted(ctx, admin, () => verifyPassword(ctx.config.secrets.passwordPepper, admin.passwordHash, sha512Hex), origin, {
    onSuccess,
    verifyWhenLocked: true,
  });
}

/** Turns a current-password check into the call's answer: `wrongCode` (403) for a wrong password, `lockedCode` (429) once the budget is spent. */
export function assertCurrentPassword(
  outcome: BudgetedCheck,
  wrongCode: "passwordChange403" | "terminate403",
  lockedCode: "passwordChange429" | "terminate429",
): void {
  if (outcome === "locked") throw new AppError(lockedCode);
  if (outcome === "wrong") throw new AppError(wrongCode);
}
