/**
 * The sign-in second step with a passkey (issue #29): the first step's challenge (a `signin`
 * row) asks for WebAuthn request options, whose challenge is stored in that row; the assertion
 * comes back with the same token. A failed assertion spends the lockout budget like a wrong code
 * and clears the stored WebAuthn challenge (a new options call is needed: each WebAuthn challenge
 * gets one try); a verified one redeems the sign-in challenge, once.
 */
import { recordSecondStepFailure } from "./signIn";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { PasskeySignInReq } from "../../../shared/schemas/mfaPasskey";
import type { Row } from "../../db/types";
import { AppError } from "../../errors";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { checkBudgeted } from "../identity";
import { findChallenge, redeemChallenge } from "./challenges";
import { assertionOptionsFor, verifyPasskeyAssertion, type VerifiedAssertion } from "./passkeys";

/** Request options for the passkeys of the admin whose sign-in `challenge` names (410 unknown or expired, 404 no passkey). */
export async function passkeySignInOptions(
  ctx: ServiceContext,
  token: string,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON }> {
  const challenge = await findChallenge(ctx.db, token, "signin");
  if (!challenge) throw new AppError("signinPasskeyOptions410");
  const options = await assertionOptionsFor(ctx.db, ctx.config, challenge.adminId);
  if (!options) throw new AppError("signinPasskeyOptions404");
  await ctx.db.updateTable("mfaChallenges").set({ data: options.challenge }).where("id", "=", challenge.id).execute();
  return { options };
}

/**
 * Checks the second step's assertion: 410 for an unknown, expired or redeemed challenge (or one
 * without options asked), 403 for a blocked or locked account, 401 when the assertion does not
 * verify. Answers the admin whose sign-in may now complete.
 */
export async function checkPasskeyStep(ctx: ServiceContext, input: PasskeySignInReq, origin: RequestOrigin): Promise<Row<"admins">> {
  const challenge = await findChallenge(ctx.db, input.challenge, "signin");
  if (!challenge || challenge.data === null) throw new AppError("signinPasskey410");
  const expected = challenge.data;
  const admin = await ctx.db.selectFrom("admins").selectAll().where("id", "=", challenge.adminId).executeTakeFirst();
  if (!admin) throw new AppError("signinPasskey410");
  const fail = async (code: "signinPasskey401" | "signinPasskey403", reason: string) => {
    await recordSecondStepFailure(ctx, admin, origin, { reason, method: "passkey", browser: input.browser ?? null });
    return new AppError(code);
  };
  if (admin.status !== "active") throw await fail("signinPasskey403", "blocked");
  let verified: VerifiedAssertion | null = null;
  const outcome = await checkBudgeted(
    ctx,
    admin,
    async () => {
      verified = await verifyPasskeyAssertion(ctx.db, ctx.config, admin.id, expected, input.response);
      return verified !== null;
    },
    origin,
  );
  if (outcome !== "ok") {
    await ctx.db.updateTable("mfaChallenges").set({ data: null }).where("id", "=", challenge.id).execute();
    throw await fail(outcome === "locked" ? "signinPasskey403" : "signinPasskey401", outcome === "locked" ? "locked" : "badPasskey");
  }
  if (!(await redeemChallenge(ctx.db, challenge.id))) throw new AppError("signinPasskey410");
  return admin;
}
