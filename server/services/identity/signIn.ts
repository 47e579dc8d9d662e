import type { Row } from "../../db/types";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { checkPasswordBudgeted } from "./lockout";
import { burnPasswordCheck } from "./passwords";
import { readSettings } from "../settings";
import { signSessionToken } from "./jwt";
import { signInFailures } from "../../lib/metrics";

/** Sign-in input: the username and the client's SHA-512 of the password. */
export interface SignInInput {
  username: string;
  password: string;
  browser?: string | undefined;
}

/** Whether an admin has a second factor the sign-in must ask for (services/mfa answers it; identity stays below mfa). */
export type SecondFactorCheck = (adminId: number) => Promise<boolean>;

/** A right password's outcome: the admin, and whether a second factor must still follow (no session or token yet). */
export interface SignInResult {
  admin: Row<"admins">;
  secondFactor: boolean;
}

/**
 * Checks credentials (SPEC §4, §8; DESIGN §4): unknown user or wrong password → 401, locked or
 * blocked → 403, registration not complete → 422. Every answer costs one argon2 verification
 * (a dummy one for unknown and unregistered accounts), so timing tells no account apart. Failures
 * spend the account's budget (services/lockout), which locks it at the configured maximum.
 * Every failure answers the same whether or not the account has a second factor; an admin with
 * one gets `secondFactor: true` after a right password and the sign-in completes only after
 * services/mfa's second step (the password gives back only its own slot of the budget, so
 * signing in again between wrong codes does not reset the count).
 */
export async function signIn(
  ctx: ServiceContext,
  input: SignInInput,
  origin: RequestOrigin,
  hasSecondFactor: SecondFactorCheck,
): Promise<SignInResult> {
  const { db, config } = ctx;
  const username = input.username.trim().toLowerCase();
  const admin = await db.selectFrom("admins").selectAll().where("username", "=", username).executeTakeFirst();
  const fail = async (code: "signin401" | "signin403" | "signin422", reason: string, adminId?: number) => {
    await recordAccess(
      db,
      { actor: adminId ? { id: adminId, username } : null, ...origin },
      {
        action: "admin.signin",
        outcome: "failure",
        target: { type: "admin", id: username },
        details: { reason, browser: input.browser ?? null },
      },
    );
    signInFailures.inc({ reason });
    return new AppError(code);
  };
  if (!admin) {
    await burnPasswordCheck(config.secrets.passwordPepper, input.password);
    throw await fail("signin401", "unknown");
  }
  if (admin.status === "registered" || admin.status === "invited") {
    await burnPasswordCheck(config.secrets.passwordPepper, input.password);
    throw await fail("signin422", "notVerified", admin.id);
  }
  const secondFactor = await hasSecondFactor(admin.id);
  const outcome = await checkPasswordBudgeted(ctx, admin, input.password, origin, secondFactor ? "release" : "clear");
  if (outcome === "locked") throw await fail("signin403", "locked", admin.id);
  if (outcome === "wrong") throw await fail("signin401", "badPassword", admin.id);
  if (admin.status === "blocked") throw await fail("signin403", "blocked", admin.id);
  if (secondFactor) return { admin, secondFactor };
  return { admin: await completeSignIn(ctx, admin, origin, input.browser), secondFactor };
}

/** Records a completed sign-in (last seen, address, the access-log entry) and answers the updated admin. */
export async function completeSignIn(
  ctx: ServiceContext,
  admin: Row<"admins">,
  origin: RequestOrigin,
  browser: string | undefined,
  secondStep = false,
): Promise<Row<"admins">> {
  const { db } = ctx;
  const now = Date.now();
  const updated = await db
    .updateTable("admins")
    .set({ lastSeenAt: now, ipAddress: origin.ip?.slice(0, 45) ?? null, updatedAt: now })
    .where("id", "=", admin.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAccess(
    db,
    { actor: { id: admin.id, username: admin.username }, ...origin },
    {
      action: "admin.signin",
      target: { type: "admin", id: admin.uid },
      details: { browser: browser ?? null, ...(secondStep ? { secondStep } : {}) },
    },
  );
  return updated;
}

/**
 * An API token for an admin who just proved who they are (sign-in, password change, re-authentication),
 * valid for the 'session expiry in hours' setting; it carries when and how (`auth_time`, `amr`) for sudo mode.
 */
export async function issueApiToken(
  ctx: ServiceContext,
  admin: Row<"admins">,
  factorVerified = false,
): Promise<{ token: string; expiresAt: number }> {
  const { security } = await readSettings(ctx.db);
  return signSessionToken(
    ctx.config.secrets.jwtSecret,
    {
      role: admin.role,
      uid: admin.uid,
      username: admin.username,
      first_name: admin.firstName,
      last_name: admin.lastName,
      timezone: admin.timezone,
      lang: admin.lang,
      ver: admin.tokenVersion,
      auth_time: Math.floor(Date.now() / 1000),
      amr: factorVerified ? ["pwd", "mfa"] : ["pwd"],
    },
    security.sessionExpiryHours,
  );
}
