/**
 * The sign-in second step (issue #29 item 3): after a right password, an admin with a confirmed
 * factor gets a short-lived single-use challenge instead of a session or token; the second call
 * brings it back with a TOTP or recovery code, and only then does identity's completeSignIn run.
 */
import type { Row } from "../../db/types";
import { AppError } from "../../errors";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { recordAccess } from "../accessLog";
import { findChallenge, issueChallenge, redeemChallenge } from "./challenges";
import { checkFactorCode } from "./factors";

/** The ways a second step can be answered, as the first step lists them. */
export type MfaMethod = "totp" | "recovery" | "passkey";

/** The first step's answer for an admin with a factor: no session or token yet. */
export interface MfaPending {
  mfaRequired: true;
  challenge: string;
  methods: MfaMethod[];
}

/** Issues the sign-in challenge for an admin whose password was right. */
export async function startSecondStep(ctx: ServiceContext, adminId: number): Promise<MfaPending> {
  const totp = await ctx.db.selectFrom("adminTotp").select("confirmedAt").where("adminId", "=", adminId).executeTakeFirst();
  const passkey = await ctx.db.selectFrom("adminPasskeys").select("id").where("adminId", "=", adminId).executeTakeFirst();
  const methods: MfaMethod[] = [...(totp?.confirmedAt ? ["totp" as const] : []), "recovery", ...(passkey ? ["passkey" as const] : [])];
  return { mfaRequired: true, challenge: await issueChallenge(ctx.db, adminId, "signin"), methods };
}

/** The second step's input: the challenge and a 6-digit TOTP code or a recovery code. */
export interface SecondStepInput {
  challenge: string;
  code: string;
  browser?: string | undefined;
}

/** The access-log entry of a refused second sign-in step, whichever factor was tried (codes, passkeys). */
export async function recordSecondStepFailure(
  ctx: Pick<ServiceContext, "db">,
  admin: Pick<Row<"admins">, "id" | "username">,
  origin: RequestOrigin,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAccess(
    ctx.db,
    { actor: { id: admin.id, username: admin.username }, ...origin },
    { action: "admin.signin", outcome: "failure", target: { type: "admin", id: admin.username }, details },
  );
}

/**
 * Checks the second step: 410 for an unknown, expired or already redeemed challenge, 403 for a
 * blocked or locked account, 401 for a wrong code (counted in the lockout budget). Answers the
 * admin whose sign-in may now complete (the challenge is redeemed, once).
 */
export async function checkSecondStep(ctx: ServiceContext, input: SecondStepInput, origin: RequestOrigin): Promise<Row<"admins">> {
  const challenge = await findChallenge(ctx.db, input.challenge, "signin");
  if (!challenge) throw new AppError("signinMfa410");
  const admin = await ctx.db.selectFrom("admins").selectAll().where("id", "=", challenge.adminId).executeTakeFirst();
  if (!admin) throw new AppError("signinMfa410");
  const fail = async (code: "signinMfa401" | "signinMfa403", reason: string) => {
    await recordSecondStepFailure(ctx, admin, origin, { reason, browser: input.browser ?? null });
    return new AppError(code);
  };
  if (admin.status !== "active") throw await fail("signinMfa403", "blocked");
  const outcome = await checkFactorCode(ctx, admin, input.code, origin);
  if (outcome === "locked") throw await fail("signinMfa403", "locked");
  if (outcome === "wrong") throw await fail("signinMfa401", "badCode");
  if (!(await redeemChallenge(ctx.db, challenge.id))) throw new AppError("signinMfa410");
  return admin;
}
