/**
 * Sudo mode (issue #29 item 5, as GitHub does it): the most dangerous calls need the caller to
 * have proved who they are recently — the password, and a second factor when they have one. A
 * session or sign-in JWT carries when (and whether a factor was part of it); older than the window,
 * the call answers 403 `reauthRequired` with the methods to answer it with, and POST /v2/me/reauth
 * refreshes it. Access tokens cannot re-authenticate: they make these calls only with `full`.
 */
import { AppError } from "../../errors";
import type { ServiceContext } from "../../lib/context";
import { factorRequired } from "./policy";
import { secondFactorMethods } from "./secondFactor";

/** A bulk delete of more users than this (or of a filter's matches) is a sudo call; fewer are not. */
export const SUDO_BULK_THRESHOLD = 10;

/** How long a verification keeps dangerous calls open (a constant: docs/DECISIONS.md "#29 — sudo mode"). */
export const REAUTH_WINDOW_MINUTES = 15;

/** When and how the caller last proved who they are. */
export interface VerificationState {
  at: number | null;
  factor: boolean;
}

/** What `reauthRequired` tells the client: how to answer (`password` and any factor methods). */
export interface ReauthDetails {
  methods: string[];
}

/**
 * Refuses a dangerous call with 403 `reauthRequired` unless the verification is younger than the
 * window and, when the admin has a second factor, included it.
 */
export async function assertRecentVerification(
  ctx: ServiceContext,
  adminId: number,
  verification: VerificationState,
  now = Date.now(),
): Promise<void> {
  const fresh = verification.at !== null && verification.at <= now && now - verification.at < REAUTH_WINDOW_MINUTES * 60_000;
  const factors = fresh && verification.factor ? null : await secondFactorMethods(ctx, adminId);
  if (fresh && (factors === null || factors.length === 0)) return;
  throw new AppError("reauthRequired", 403, {
    methods: ["password", ...(factors ?? (await secondFactorMethods(ctx, adminId)))],
  } satisfies ReauthDetails);
}

/**
 * Access tokens are created only from an MFA-verified session (issue #29 item 3). Token creation
 * is a sudo call, so a recent verification that included the factor (when the admin has one) was
 * checked already; this refuses the remaining case, an admin the policy requires a factor of who
 * has none yet (grace period): 403 `tokenCreate403`.
 */
export async function assertMayCreateToken(ctx: ServiceContext, admin: { id: number; role: "root" | "admin" }): Promise<void> {
  if ((await factorRequired(ctx, admin.role)) && (await secondFactorMethods(ctx, admin.id)).length === 0) {
    throw new AppError("tokenCreate403");
  }
}
