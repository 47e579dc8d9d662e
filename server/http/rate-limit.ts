import { rateLimit, type RateLimitRequestHandler } from "express-rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { DatabaseRateLimitStore } from "../db/stores/rateLimitStore";
import { AppError } from "../errors";

/** Per-IP budgets for the public calls; generous for people, tight for scripts guessing. */
export const RATE_LIMITS = {
  signIn: { windowMs: 15 * 60_000, limit: 30 },
  register: { windowMs: 60 * 60_000, limit: 10 },
  reset: { windowMs: 15 * 60_000, limit: 5 },
  token: { windowMs: 15 * 60_000, limit: 20 },
  // Failed invitation redemptions per service token (a code has ≥ 40 random bits; this bounds guessing).
  inviteRedeem: { windowMs: 15 * 60_000, limit: 100 },
  // Failed user password link redemptions per service token (a link carries 256 random bits).
  userPassword: { windowMs: 15 * 60_000, limit: 100 },
} as const;

/**
 * A per-IP rate limit answering 429 with Retry-After and the catalogue's tooManyRequests.
 * The counters live in the database (rate_limits), keyed by the budget's name and the address:
 * every process, and every route using the same name, spends one budget per address.
 */
export function limitPerIp(db: Kysely<Database>, name: keyof typeof RATE_LIMITS): RateLimitRequestHandler {
  const { windowMs, limit } = RATE_LIMITS[name];
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    identifier: name,
    store: new DatabaseRateLimitStore(db, name),
    handler: (_req, _res, next) => next(new AppError("tooManyRequests", 429)),
  });
}

/**
 * The redemption budget: failed `POST /v2/service/invites/redeem` calls (or, with
 * `userPassword`, `POST /v2/service/users/password` calls) per service token (the service calls
 * for every user, so its address would be one shared budget); a successful redemption costs
 * nothing. Answers 429 `inviteRedeem429` (`userPassword429`). Each route has its own budget.
 */
export function limitFailedRedemptions(
  db: Kysely<Database>,
  name: "inviteRedeem" | "userPassword" = "inviteRedeem",
): RateLimitRequestHandler {
  const { windowMs, limit } = RATE_LIMITS[name];
  const code = name === "inviteRedeem" ? "inviteRedeem429" : "userPassword429";
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    identifier: name,
    skipSuccessfulRequests: true,
    keyGenerator: (_req, res) => `token:${String((res.locals.service as { tokenId?: number } | undefined)?.tokenId ?? "none")}`,
    store: new DatabaseRateLimitStore(db, name),
    handler: (_req, _res, next) => next(new AppError(code, 429)),
  });
}
