import type { Request, RequestHandler } from "express";
import type { Kysely } from "kysely";
import { maxLength } from "../../shared/limits";
import type { TokenPermission } from "../../shared/schemas/accessToken";
import type { Database } from "../db/types";
import { findSessionAdmin, type SessionAdmin } from "../services/access";
import { verifySessionToken } from "../services/identity";
import { loadScope, type Scope } from "../services/access";
import { authenticateAccessToken, isAccessTokenSecret } from "../services/accessTokens";
import { AppError } from "../errors";

/** How the caller proved who they are. */
export type AuthVia = "token" | "session";

/** The access token (for automation) a call came with: its own permissions and companies narrow its admin's. */
export interface TokenPrincipal {
  id: number;
  name: string;
  permissions: readonly TokenPermission[];
  /** The companies (internal ids) the token is limited to; null for all of its admin's. */
  teamIds: ReadonlySet<number> | null;
}

/** When and how the caller last proved who they are (sudo mode, issue #29); an access token never did. */
export interface Verification {
  /** Epoch ms of the sign-in or re-authentication; null when unknown (access tokens, older JWTs). */
  at: number | null;
  /** Whether that proof included a second factor. */
  factor: boolean;
}

/** The authenticated admin of a /v2 call. */
export interface Authenticated {
  admin: SessionAdmin;
  via: AuthVia;
  verification: Verification;
  /** Set when the call came with an access token rather than a session or a sign-in JWT. */
  token?: TokenPrincipal;
}

/** The caller of an authenticated /v2 handler (set by requireAdmin). */
export function authOf(res: { locals: Record<string, unknown> }): Authenticated {
  const auth = res.locals.auth as Authenticated | undefined;
  if (!auth) throw new AppError("unauthorized", 401);
  return auth;
}

async function fromToken(
  db: Kysely<Database>,
  secret: string,
  header: string,
): Promise<{ admin: SessionAdmin; verification: Verification } | null> {
  const token = header.slice("Bearer ".length).trim();
  // A service token (`bws_…`) is only good on /v2/service/*: never an admin's credential here.
  if (token.startsWith("bws_")) return null;
  // SPEC §9's jwtToken limit: a longer token was never issued here, so it is refused unverified.
  if (token.length > maxLength.jwtToken) return null;
  const claims = await verifySessionToken(secret, token);
  if (!claims) return null;
  const admin = await findSessionAdmin(db, { uid: claims.uid }, claims.ver);
  if (!admin) return null;
  const at = claims.auth_time === undefined ? null : claims.auth_time * 1000;
  return { admin, verification: { at, factor: claims.amr?.includes("mfa") ?? false } };
}

function destroySession(req: Request): Promise<void> {
  return new Promise((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
}

/**
 * Authenticates a /v2 call by Bearer token (CLI, CI) or session cookie (islands). A token or
 * session whose admin is gone, not active, or whose token version moved on is refused with 401,
 * and a dead session is destroyed so the browser is sent to sign-in.
 */
export function requireAdmin(db: Kysely<Database>, jwtSecret: string): RequestHandler {
  const middleware: RequestHandler = async (req, res, next) => {
    const header = req.get("authorization");
    const bearer = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : null;
    if (bearer !== null && bearer.startsWith("bwk_")) {
      // An access token: looked up by hash with its admin; it never signs in, so no lockout budget is spent.
      const caller = isAccessTokenSecret(bearer) ? await authenticateAccessToken(db, bearer, req.ip ?? null) : null;
      if (!caller) return next(new AppError("unauthorized", 401));
      const { id, name, permissions, teamIds } = caller.token;
      res.locals.auth = {
        admin: caller.admin,
        via: "token",
        verification: { at: null, factor: false },
        token: { id, name, permissions, teamIds },
      } satisfies Authenticated;
      return next();
    }
    if (header?.startsWith("Bearer ")) {
      const signedIn = await fromToken(db, jwtSecret, header);
      if (!signedIn) return next(new AppError("unauthorized", 401));
      res.locals.auth = { ...signedIn, via: "token" } satisfies Authenticated;
      return next();
    }
    const { adminId, tokenVersion } = req.session ?? {};
    if (adminId === undefined || tokenVersion === undefined) return next(new AppError("unauthorized", 401));
    const admin = await findSessionAdmin(db, adminId, tokenVersion);
    if (!admin) {
      await destroySession(req);
      return next(new AppError("unauthorized", 401));
    }
    const verification = { at: req.session.verifiedAt ?? null, factor: req.session.factorVerified ?? false };
    res.locals.auth = { admin, via: "session", verification } satisfies Authenticated;
    next();
  };
  // Marks where authenticated routes begin, for the OpenAPI generator.
  return Object.assign(middleware, { requiresAdmin: true });
}

/**
 * The caller's scope (DESIGN §5), loaded at most once per request. Handlers pass it to services,
 * which filter and refuse with it.
 */
export async function scopeOf(res: { locals: Record<string, unknown> }, db: Kysely<Database>): Promise<Scope> {
  const cached = res.locals.scope as Scope | undefined;
  if (cached) return cached;
  const auth = authOf(res);
  const scope = await loadScope(db, auth.admin, auth.token?.teamIds ?? null);
  res.locals.scope = scope;
  return scope;
}

/**
 * Who a call is for per-principal budgets and idempotency keys: an access token is its own
 * principal (two pipelines of one admin never share keys), a session or sign-in JWT is its admin,
 * a service token its token; null before authentication (public calls).
 */
export function principalKey(res: { locals: Record<string, unknown> }): string | null {
  const auth = res.locals.auth as Authenticated | undefined;
  if (auth) return auth.token ? `token:${auth.token.id}` : `admin:${auth.admin.id}`;
  const service = res.locals.service as { tokenId: number } | undefined;
  return service ? `service:${service.tokenId}` : null;
}
