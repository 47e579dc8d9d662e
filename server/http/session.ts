import session from "express-session";
import type { RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { DatabaseSessionStore } from "../services/sessionStore";

declare module "express-session" {
  interface SessionData {
    /** Internal id of the signed-in admin. */
    adminId: number;
    /** The admin's token version at sign-in; a bump (block, password change…) ends the session. */
    tokenVersion: number;
    /** Synchronizer token every cookie-authenticated unsafe request must echo. */
    csrfToken: string;
  }
}

/** Name of the session cookie; the `__Host-` prefix pins it to our origin when served over HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-bulwark.sid" : "bulwark.sid";
}

/**
 * Browser sessions (DESIGN §4): HttpOnly, SameSite=Lax cookie, stored in the database, created
 * only at sign-in (anonymous visitors get no session row).
 */
export function sessionMiddleware(opts: {
  db: Kysely<Database>;
  secret: string;
  secure: boolean;
  store?: DatabaseSessionStore;
}): RequestHandler {
  return session({
    name: sessionCookieName(opts.secure),
    secret: opts.secret,
    store: opts.store ?? new DatabaseSessionStore(opts.db),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: undefined,
    cookie: { httpOnly: true, sameSite: "lax", secure: opts.secure, path: "/" },
  });
}
