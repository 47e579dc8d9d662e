import type { ConfirmReq, ResetReq } from "../../../shared/schemas/auth";
import { runTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { recordAccess } from "../accessLog";
import { emailingEnabled, readSettings } from "../settings";
import { mailPasswordReset } from "./linkMail";
import { redeemToken } from "./oneTimeTokens";
import { isRecentPassword, setPassword } from "./passwordHistory";
import { hashPassword } from "./passwords";

/**
 * Starts an admin's password reset (SPEC §4): an active or blocked account gets a link valid for
 * the configured time (one hour by default). The caller answers the same whatever happens here, so
 * nobody learns whether an account exists; the outbox worker sends the e-mail.
 */
export async function requestPasswordReset(ctx: ServiceContext, input: ResetReq, origin: RequestOrigin): Promise<void> {
  const { db, config } = ctx;
  // Before the account is looked up, so the 501 says nothing about whether it exists.
  if (!(await emailingEnabled(db, ctx.mail))) throw new AppError("emailDisabled", 501);
  const username = input.username.trim().toLowerCase();
  const admin = await db
    .selectFrom("admins")
    .select(["id", "uid", "username", "firstName", "lang", "status"])
    .where("username", "=", username)
    .executeTakeFirst();
  if (!admin || (admin.status !== "active" && admin.status !== "blocked")) {
    await recordAccess(
      db,
      { actor: null, ...origin },
      {
        action: "admin.password.resetRequest",
        outcome: "failure",
        target: { type: "admin", id: username },
        details: { reason: admin ? "notVerified" : "unknown" },
      },
    );
    return;
  }
  const { security } = await readSettings(db);
  await runTransaction(db, async (trx) => {
    await mailPasswordReset(trx, "admin", admin, security, (token) => `${config.publicUrl}/reset/${admin.lang}/${token}`);
    await recordAccess(
      trx,
      { actor: null, ...origin },
      { action: "admin.password.resetRequest", target: { type: "admin", id: admin.uid } },
    );
  });
}

/**
 * Completes an admin's password reset or invitation with a new password. The password history
 * applies; success ends every earlier session and token of the account and lifts a lockout.
 */
export async function confirmPassword(ctx: ServiceContext, input: ConfirmReq, origin: RequestOrigin): Promise<void> {
  const { db, config } = ctx;
  if (!input.new_password) throw new AppError("badParameters", 400, [{ path: ["new_password"], message: "validation.required" }]);
  const newPassword = input.new_password;
  const { security } = await readSettings(db);
  const passwordHash = await hashPassword(config.secrets.passwordPepper, newPassword);
  await runTransaction(db, async (trx) => {
    const redeemed = await redeemToken(trx, "admin", input.token, ["reset", "admin_invite"]);
    if (redeemed === "invalid") throw new AppError("confirm404");
    if (redeemed === "expired") throw new AppError("confirm410");
    const admin = await trx
      .selectFrom("admins")
      .select(["id", "uid", "username", "status"])
      .where("id", "=", redeemed.ownerId)
      .executeTakeFirstOrThrow();
    if (await isRecentPassword(trx, "admin", config.secrets.passwordPepper, admin.id, newPassword, security.adminPasswordHistory)) {
      // SPEC §8 words this refusal as the reset's own 422 when the link was a reset link.
      throw new AppError(redeemed.purpose === "reset" ? "reset422" : "confirm422");
    }
    const now = Date.now();
    await setPassword(trx, "admin", admin.id, passwordHash, { now });
    if (redeemed.purpose === "admin_invite") {
      await trx.updateTable("admins").set({ status: "active", verifiedAt: now }).where("id", "=", admin.id).execute();
    }
    await recordAccess(
      trx,
      { actor: { id: admin.id, username: admin.username }, ...origin },
      {
        action: redeemed.purpose === "reset" ? "admin.password.reset" : "admin.invite.accept",
        target: { type: "admin", id: admin.uid },
      },
    );
  });
}
