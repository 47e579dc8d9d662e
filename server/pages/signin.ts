import express, { Router, type Request } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { SignInSchema } from "../../shared/schemas/auth";
import { AppError } from "../errors";
import { apiErrorHandler } from "../http/errors";
import { limitPerIp } from "../http/rate-limit";
import { originOf } from "../http/origin";
import { startSession } from "../http/session";
import { inputOf, validate } from "../http/validate";
import { signIn } from "../services/identity";
import type { ServiceContext } from "../lib/context";
import { readSettings } from "../services/settings";
import { safeNextPath } from "./next-path";

const BrowserSignInSchema = SignInSchema.extend({ next: z.string().max(2000).nullable().optional() });

/** Whether a request may start a browser session (the session middleware runs for it). */
export function startsBrowserSession(req: Request): boolean {
  return req.method === "POST" && req.path.startsWith("/signin/");
}

/**
 * POST /signin/{lang}: the browser's sign-in (DESIGN §4). Same service as POST /v2/public/auth,
 * but it answers with a fresh session (new id, new CSRF token) instead of a token. Only JSON is
 * accepted, so a cross-site form cannot sign a victim into an attacker's account. Behind an
 * https:// PUBLIC_URL a request not seen as HTTPS is refused (503 insecureConnection): its
 * Secure cookie could not be set and the browser would loop back to sign-in.
 */
export function browserSignInRouter(services: ServiceContext, logger: Logger): Router {
  const router = Router();
  router.post(
    "/signin/:lang",
    express.json({ limit: "16kb", type: "application/json" }),
    limitPerIp(services.db, "signIn"),
    (req, _res, next) => next(req.is("application/json") ? undefined : new AppError("badParameters", 400)),
    validate(BrowserSignInSchema),
    async (req, res) => {
      if (services.config.secureCookies && !req.secure) {
        // express-session would silently drop the Secure cookie: say so instead of a sign-in loop.
        logger.warn(
          { reqId: req.id },
          "browser sign-in refused: PUBLIC_URL is https:// but this request is not seen as HTTPS; check TRUST_PROXY and the proxy's X-Forwarded-Proto",
        );
        throw new AppError("insecureConnection");
      }
      const input = inputOf(res, BrowserSignInSchema);
      const admin = await signIn(services, input, originOf(req));
      const { security } = await readSettings(services.db);
      await startSession(req, admin, security.sessionExpiryHours);
      res.set("Cache-Control", "no-store").json({ redirect: safeNextPath(input.next) ?? "/dashboard" });
    },
  );
  router.use(apiErrorHandler(logger));
  return router;
}
