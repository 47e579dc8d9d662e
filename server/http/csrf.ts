import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A new synchronizer token, stored in the session at sign-in. */
export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function submittedToken(req: Request): string | undefined {
  const header = req.get("x-csrf-token");
  if (header) return header;
  const body: unknown = req.body;
  if (body && typeof body === "object" && "_csrf" in body && typeof body._csrf === "string") return body._csrf;
  return undefined;
}

/** What a browser says about a request's origin (Fetch Metadata) that only the console itself may send. */
const FOREIGN_SITES = new Set(["cross-site", "same-site"]);

/**
 * CSRF protection for cookie sessions (DESIGN §3): an unsafe request that relies on the session
 * cookie must carry the session's token in `X-CSRF-Token` (or the `_csrf` form field). A safe
 * request cannot carry the token (exports are plain links and GET forms, and a token in a URL
 * would leak), yet some reads leave a trace (an export writes an access-log entry), so a read that
 * the browser marks as sent by another site (`Sec-Fetch-Site: cross-site|same-site`, e.g. a link
 * in a web mail) is refused too; browsers without Fetch Metadata send no such header and pass, as
 * SameSite=Lax already stops their cross-site subrequests. Bearer requests do not use the cookie,
 * so they are not exposed to CSRF and pass.
 */
export const requireCsrf: RequestHandler = (req, _res, next) => {
  if (req.get("authorization")?.startsWith("Bearer ")) return next();
  if (SAFE_METHODS.has(req.method)) {
    const site = req.get("sec-fetch-site");
    return next(site && FOREIGN_SITES.has(site) ? new AppError("crossSiteRequest", 403) : undefined);
  }
  const expected = req.session?.csrfToken;
  const given = submittedToken(req);
  if (!expected || !given || !sameToken(expected, given)) {
    return next(new AppError("csrfInvalid", 403));
  }
  next();
};
