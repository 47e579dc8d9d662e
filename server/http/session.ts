import session from "express-session";
import type { Request, RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { DatabaseSessionStore } from "../db/stores/sessionStore";
import { newCsrfToken } from "./csrf";

declare module "express-session" {
  interface SessionData {
    /** Internal id of the signed-in admin. */
    adminId: number;
    /** The admin's token version at sign-in; a bump (block, password change…) ends the session. */
    tokenVersion: number;
    /** Synchronizer token every cookie-authenticated unsafe request must echo. */
    csrfToken: string;
    /** When the admin last proved who they are here (sign-in or POST /v2/me/reauth), epoch ms: sudo mode's clock. */
    verifiedAt: number;
    /** Whether that proof included a second factor (issue #29). */
    factorVerified: boolean;
  }
}

/** Name of the session cookie; the `__Host-` prefix pins it to our origin when served over HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-bulwark.sid" : "bulwark.sid";
}

/**
 * Browser sessions (DESIGN §4): HttpOnly, SameSite=Lax cookie, stored in the database, created
 * only at sign-in (anonymous visitors get no session row).
 *
 * express-session runs only for requests that carry the session cookie or may start a session
 * (`startsSession`: the browser sign-in). Everything else (token-authenticated API calls, the
 * service API, anonymous pages) has no `req.session` and skips its per-request work: a random
 * session id, a new session object and response hooks, measured at ~8 % of a token call.
 */
export function sessionMiddleware(opts: {
  db: Kysely<Database>;
  secret: string;
  secure: boolean;
  store?: DatabaseSessionStore;
  startsSession: (req: Request) => boolean;
}): RequestHandler {
  const name = sessionCookieName(opts.secure);
  const sessions = session({
    name,
    secret: opts.secret,
    store: opts.store ?? new DatabaseSessionStore(opts.db),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: undefined,
    cookie: { httpOnly: true, sameSite: "lax", secure: opts.secure, path: "/" },
  });
  // A substring test is enough to decide: express-session parses the header itself.
  return (req, res, next) => (req.headers.cookie?.includes(`${name}=`) || opts.startsSession(req) ? sessions(req, res, next) : next());
}

/**
 * Starts a browser session for a signed-in admin (DESIGN §4): a new session id (no fixation), the
 * admin's token version, a fresh CSRF token, the time of this verification (sudo mode), and a
 * cookie that lasts the configured hours.
 */
export function startSession(
  req: Request,
  admin: { id: number; tokenVersion: number },
  hours: number,
  factorVerified = false,
): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((error) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      req.session.adminId = admin.id;
      req.session.tokenVersion = admin.tokenVersion;
      req.session.csrfToken = newCsrfToken();
      // Signing in is a verification: sudo mode's window starts now (with the factor when one was asked).
      req.session.verifiedAt = Date.now();
      req.session.factorVerified = factorVerified;
      req.session.cookie.maxAge = hours * 60 * 60 * 1000;
      req.session.save((saveError) =>
        saveError ? reject(saveError instanceof Error ? saveError : new Error(String(saveError))) : resolve(),
      );
    });
  });
}
