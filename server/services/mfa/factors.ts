/**
 * An admin's own second factors (issue #29): enrol an authenticator app (pending until its first
 * code), confirm it (ten recovery codes, shown once), remove it, renew the recovery codes. Every
 * code check spends the account's lockout budget, the same one passwords spend.
 */
import { AppError } from "../../errors";
import { runTransaction } from "../../db/transaction";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import type { SessionAdmin } from "../access";
import { checkBudgeted, type BudgetedCheck } from "../identity";
import { recordMfaChange } from "./notify";
import { factorRequired } from "./policy";
import { hasSecondFactor } from "./state";
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from "./recoveryCodes";
import { sealSecret } from "./secretBox";
import { enrolmentOf, newTotpSecret, useTotpCode } from "./totp";

/** What the profile shows about the caller's factors. */
export interface MfaStatus {
  totp: "none" | "pending" | "active";
  recoveryCodesLeft: number;
}

/** The caller's factors. */
export async function mfaStatusOf(ctx: ServiceContext, adminId: number): Promise<MfaStatus> {
  const row = await ctx.db.selectFrom("adminTotp").select("confirmedAt").where("adminId", "=", adminId).executeTakeFirst();
  return {
    totp: !row ? "none" : row.confirmedAt === null ? "pending" : "active",
    recoveryCodesLeft: await recoveryCodesLeft(ctx.db, adminId),
  };
}

/** The name authenticator apps list the account under: the console's host. */
function issuerOf(publicUrl: string): string {
  try {
    return `Bulwark (${new URL(publicUrl).host})`;
  } catch {
    return "Bulwark";
  }
}

/**
 * Starts (or restarts) enrolment of an authenticator app: a new secret, stored encrypted and
 * pending; 409 while a confirmed one exists (remove it first).
 */
export async function startTotpEnrolment(
  ctx: ServiceContext,
  admin: SessionAdmin,
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const base32 = newTotpSecret();
  const sealed = sealSecret(ctx.config.secrets.passwordPepper, base32);
  await runTransaction(ctx.db, async (trx) => {
    const existing = await trx.selectFrom("adminTotp").select(["id", "confirmedAt"]).where("adminId", "=", admin.id).executeTakeFirst();
    if (existing?.confirmedAt) throw new AppError("mfaTotpEnrol409");
    if (existing) await trx.deleteFrom("adminTotp").where("id", "=", existing.id).execute();
    await trx
      .insertInto("adminTotp")
      .values({ adminId: admin.id, secret: sealed, lastStep: null, confirmedAt: null, createdAt: Date.now() })
      .execute();
  });
  return enrolmentOf(base32, admin.username, issuerOf(ctx.config.publicUrl));
}

/** Turns a budgeted code check into the call's answer: 429 once the budget is spent, 403 for a wrong code. */
function assertCode(outcome: BudgetedCheck, wrong: "mfaTotpConfirm403" | "mfaTotpRemove403" | "mfaRecoveryCodes403"): void {
  const locked = {
    mfaTotpConfirm403: "mfaTotpConfirm429",
    mfaTotpRemove403: "mfaTotpRemove429",
    mfaRecoveryCodes403: "mfaRecoveryCodes429",
  } as const;
  if (outcome === "locked") throw new AppError(locked[wrong]);
  if (outcome === "wrong") throw new AppError(wrong);
}

/** Confirms the pending authenticator app with its first code; answers the ten recovery codes (their only showing). */
export async function confirmTotp(
  ctx: ServiceContext,
  admin: SessionAdmin,
  code: string,
  origin: RequestOrigin,
): Promise<{ recoveryCodes: string[] }> {
  const pending = await ctx.db.selectFrom("adminTotp").select("confirmedAt").where("adminId", "=", admin.id).executeTakeFirst();
  if (!pending || pending.confirmedAt !== null) throw new AppError("mfaTotpConfirm404");
  const pepper = ctx.config.secrets.passwordPepper;
  assertCode(await checkBudgeted(ctx, admin, () => useTotpCode(ctx.db, pepper, admin.id, code, true), origin), "mfaTotpConfirm403");
  const recoveryCodes = await runTransaction(ctx.db, async (trx) => {
    const confirmed = await trx
      .updateTable("adminTotp")
      .set({ confirmedAt: Date.now() })
      .where("adminId", "=", admin.id)
      .where("confirmedAt", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!confirmed) throw new AppError("mfaTotpConfirm404");
    const codes = await replaceRecoveryCodes(trx, pepper, admin.id);
    await recordMfaChange(trx, ctx.config.publicUrl, "totpAdded", admin, origin);
    return codes;
  });
  return { recoveryCodes };
}

/**
 * Checks a code of the admin's confirmed factor: a 6-digit TOTP code (no replay), or else one of
 * the recovery codes (spent). Answers which one matched, or null.
 */
export async function useFactorCode(ctx: ServiceContext, adminId: number, code: string): Promise<"totp" | "recovery" | null> {
  const pepper = ctx.config.secrets.passwordPepper;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) return (await useTotpCode(ctx.db, pepper, adminId, trimmed)) ? "totp" : null;
  return (await spendRecoveryCode(ctx.db, pepper, adminId, trimmed)) ? "recovery" : null;
}

/**
 * A budgeted check of a factor code; after a recovery code, logs and mails how many are left.
 * Answers the budget's verdict.
 */
export async function checkFactorCode(
  ctx: ServiceContext,
  admin: { id: number; uid: string; username: string; firstName: string; lang: string },
  code: string,
  origin: RequestOrigin,
): Promise<BudgetedCheck> {
  let used: "totp" | "recovery" | null = null;
  const outcome = await checkBudgeted(
    ctx,
    admin,
    async () => {
      used = await useFactorCode(ctx, admin.id, code);
      return used !== null;
    },
    origin,
  );
  if (outcome === "ok" && used === "recovery") {
    const left = await recoveryCodesLeft(ctx.db, admin.id);
    await recordMfaChange(ctx.db, ctx.config.publicUrl, "recoveryCodeUsed", admin, origin, { left });
  }
  return outcome;
}

/** Removes the admin's authenticator app (and its recovery codes) after a current code. */
export async function removeTotp(ctx: ServiceContext, admin: SessionAdmin, code: string, origin: RequestOrigin): Promise<void> {
  if ((await mfaStatusOf(ctx, admin.id)).totp !== "active") throw new AppError("mfaTotpRemove404");
  // Under a requiring policy the app stays unless a passkey remains; the recovery codes stay with the passkeys.
  const passkey = await ctx.db.selectFrom("adminPasskeys").select("id").where("adminId", "=", admin.id).executeTakeFirst();
  if (!passkey && (await factorRequired(ctx, admin.role))) throw new AppError("mfaTotpRemove409");
  assertCode(await checkFactorCode(ctx, admin, code, origin), "mfaTotpRemove403");
  await runTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom("adminTotp").where("adminId", "=", admin.id).execute();
    if (!passkey) await trx.deleteFrom("adminRecoveryCodes").where("adminId", "=", admin.id).execute();
    await recordMfaChange(trx, ctx.config.publicUrl, "totpRemoved", admin, origin);
  });
}

/** Replaces the recovery codes after a current code; answers the new ones (their only showing). */
export async function renewRecoveryCodes(
  ctx: ServiceContext,
  admin: SessionAdmin,
  code: string,
  origin: RequestOrigin,
): Promise<{ recoveryCodes: string[] }> {
  if (!(await hasSecondFactor(ctx, admin.id))) throw new AppError("mfaRecoveryCodes404");
  assertCode(await checkFactorCode(ctx, admin, code, origin), "mfaRecoveryCodes403");
  const recoveryCodes = await runTransaction(ctx.db, async (trx) => {
    const codes = await replaceRecoveryCodes(trx, ctx.config.secrets.passwordPepper, admin.id);
    await recordMfaChange(trx, ctx.config.publicUrl, "recoveryCodesRenewed", admin, origin);
    return codes;
  });
  return { recoveryCodes };
}
