import { rateLimit, type RateLimitRequestHandler } from "express-rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { DatabaseRateLimitStore } from "../db/stores/rateLimitStore";
import { AppError } from "../errors";
import { RecentCounts } from "../lib/recentCounts";
import { readSettings } from "../services/settings";
import { principalKey } from "./auth";

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

/** How long a process reuses `security.apiRateLimitPerMinute` before reading it again. */
export const PRINCIPAL_LIMIT_CACHE_MS = 10_000;
const principalLimits = new RecentCounts<number>(PRINCIPAL_LIMIT_CACHE_MS, 1);

/**
 * The per-principal budget of authenticated /v2 calls (docs/API.md "Idempotency and rate
 * limits"): `security.apiRateLimitPerMinute` calls per principal (principalKey: an access token,
 * an admin's sessions and sign-in JWTs, a service token) in a fixed one-minute window shared by
 * every process through rate_limits. Answers carry the draft-7 `RateLimit-Policy` and `RateLimit`
 * headers like the public limits; over the budget, 429 `tooManyRequests` with Retry-After. The
 * setting is read at most once per PRINCIPAL_LIMIT_CACHE_MS per process, not per call.
 */
export function limitPerPrincipal(db: Kysely<Database>): RateLimitRequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: () => principalLimits.get(db, "limit", async () => (await readSettings(db)).security.apiRateLimitPerMinute),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    identifier: "principal",
    skip: (_req, res) => principalKey(res) === null,
    keyGenerator: (_req, res) => principalKey(res) ?? "none",
    store: new DatabaseRateLimitStore(db, "principal"),
    handler: (_req, _res, next) => next(new AppError("tooManyRequests", 429)),
  });
}
