/**
 * POST /v2/me/reauth (issue #29 item 5): the signed-in admin proves who they are again — the
 * password, and a second factor when they have one — so sudo mode's window opens for the dangerous
 * calls. Every check spends the sign-in lockout budget; each attempt is access-logged.
 */
import { AppError } from "../../errors";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import type { Row } from "../../db/types";
import { recordAccess } from "../accessLog";
import { checkPasswordBudgeted } from "../identity";
import { secondFactorMethods, verifySecondFactor, type SecondFactorProof } from "./secondFactor";

/** The re-authentication's input: the client's SHA-512 of the password, and the factor's proof. */
export interface ReauthInput extends SecondFactorProof {
  password: string;
}

/**
 * Checks the password (and the factor when the admin has one): 403 `reauth403` for a wrong one or a
 * missing code, 429 once the budget is spent, 401 for an account no longer active. Answers the admin
 * row (a bearer caller gets a new token from it) and whether a factor was part of the proof.
 */
export async function reauthenticate(
  ctx: ServiceContext,
  adminId: number,
  input: ReauthInput,
  origin: RequestOrigin,
): Promise<{ admin: Row<"admins">; factor: boolean }> {
  const admin = await ctx.db.selectFrom("admins").selectAll().where("id", "=", adminId).executeTakeFirst();
  if (!admin) throw new AppError("unauthorized", 401);
  const log = (outcome: "success" | "failure", reason?: string) =>
    recordAccess(
      ctx.db,
      { actor: { id: admin.id, username: admin.username }, ...origin },
      { action: "admin.reauth", outcome, target: { type: "admin", id: admin.uid }, ...(reason ? { details: { reason } } : {}) },
    );
  // A session's admin is active (auth checked it); one blocked since is signed out like any stale session.
  if (admin.status !== "active") throw new AppError("unauthorized", 401);
  const factor = (await secondFactorMethods(ctx, admin.id)).length > 0;
  const password = await checkPasswordBudgeted(ctx, admin, input.password, origin, factor ? "release" : "clear");
  if (password !== "ok") {
    await log("failure", password === "locked" ? "locked" : "badPassword");
    throw new AppError(password === "locked" ? "reauth429" : "reauth403");
  }
  if (factor) {
    const outcome = await verifySecondFactor(ctx, admin, input, origin);
    if (outcome !== "ok") {
      await log("failure", outcome === "locked" ? "locked" : "badCode");
      throw new AppError(outcome === "locked" ? "reauth429" : "reauth403");
    }
  }
  await log("success");
  return { admin, factor };
}
