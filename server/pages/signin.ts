import express, { Router, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { SignInSchema } from "../../shared/schemas/auth";
import { AppError } from "../errors";
import { apiErrorHandler } from "../http/errors";
import { limitPerIp } from "../http/rate-limit";
import { originOf } from "../http/origin";
import { startSession } from "../http/session";
import { inputOf, validate } from "../http/validate";
import { completeSignIn, signIn } from "../services/identity";
import { checkSecondStep, hasSecondFactor, startSecondStep } from "../services/mfa";
import { MfaSignInSchema } from "../../shared/schemas/mfa";
import { PasskeySignInSchema } from "../../shared/schemas/mfaPasskey";
import { checkPasskeyStep } from "../services/mfa";
import type { ServiceContext } from "../lib/context";
import { readSettings } from "../services/settings";
import { safeNextPath } from "./next-path";

const BrowserSignInSchema = SignInSchema.extend({ next: z.string().max(2000).nullable().optional() });
const BrowserMfaSchema = MfaSignInSchema.extend({ next: z.string().max(2000).nullable().optional() });
const BrowserPasskeySchema = PasskeySignInSchema.extend({ next: z.string().max(2000).nullable().optional() });

/** Refuses what the browser sign-in must never accept: a body that is not JSON. */
const jsonOnly: RequestHandler = (req, _res, next) => next(req.is("application/json") ? undefined : new AppError("badParameters", 400));

/** Whether a request may start a browser session (the session middleware runs for it). */
export function startsBrowserSession(req: Request): boolean {
  return req.method === "POST" && req.path.startsWith("/signin/");
}

/**
 * POST /signin/{lang}: the browser's sign-in (DESIGN §4). Same service as POST /v2/public/auth,
 * but it answers with a fresh session (new id, new CSRF token) instead of a token. Only JSON is
 * accepted, so a cross-site form cannot sign a victim into an attacker's account. Behind an
 * https:// PUBLIC_URL a request not seen as HTTPS is refused (503 insecureConnection): its
 * Secure cookie could not be set and the browser would loop back to sign-in. An admin with a
 * second factor gets `{ mfaRequired, challenge, methods }` and no session; POST
 * /signin/{lang}/mfa (JSON only too) brings the challenge and a code and starts the session.
 */
export function browserSignInRouter(services: ServiceContext, logger: Logger): Router {
  const router = Router({ caseSensitive: true });
  const refuseInsecure = (req: Request): void => {
    if (services.config.secureCookies && !req.secure) {
      // express-session would silently drop the Secure cookie: say so instead of a sign-in loop.
      logger.warn(
        { reqId: req.id },
        "browser sign-in refused: PUBLIC_URL is https:// but this request is not seen as HTTPS; check TRUST_PROXY and the proxy's X-Forwarded-Proto",
      );
      throw new AppError("insecureConnection");
    }
  };
  // Both steps: a small JSON body only (login CSRF), the per-IP sign-in limit shared between them.
  const jsonBody = [express.json({ limit: "16kb", type: "application/json" }), limitPerIp(services.db, "signIn"), jsonOnly];
  /** Starts the browser session of a signed-in admin and answers where to go next. */
  const finish = async (
    req: Request,
    res: Response,
    admin: Parameters<typeof startSession>[1],
    next: string | null | undefined,
    factorVerified = false,
  ) => {
    const { security } = await readSettings(services.db);
    await startSession(req, admin, security.sessionExpiryHours, factorVerified);
    res.set("Cache-Control", "no-store").json({ redirect: safeNextPath(next) ?? "/dashboard" });
  };
  router.post("/signin/:lang", ...jsonBody, validate(BrowserSignInSchema), async (req, res) => {
    refuseInsecure(req);
    const input = inputOf(res, BrowserSignInSchema);
    const { admin: checked, secondFactor } = await signIn(services, input, originOf(req), (id) => hasSecondFactor(services, id));
    if (secondFactor) {
      // No session yet: the second step (POST /signin/{lang}/mfa) starts it.
      res.set("Cache-Control", "no-store").json(await startSecondStep(services, checked.id));
      return;
    }
    await finish(req, res, checked, input.next);
  });
  router.post("/signin/:lang/mfa", ...jsonBody, validate(BrowserMfaSchema), async (req, res) => {
    refuseInsecure(req);
    const input = inputOf(res, BrowserMfaSchema);
    const origin = originOf(req);
    const admin = await completeSignIn(services, await checkSecondStep(services, input, origin), origin, input.browser, true);
    await finish(req, res, admin, input.next, true);
  });
  // The second step with a passkey: the options come from POST /v2/public/auth/mfa/passkey/options.
  router.post("/signin/:lang/mfa/passkey", ...jsonBody, validate(BrowserPasskeySchema), async (req, res) => {
    refuseInsecure(req);
    const input = inputOf(res, BrowserPasskeySchema);
    const origin = originOf(req);
    const admin = await completeSignIn(services, await checkPasskeyStep(services, input, origin), origin, input.browser, true);
    await finish(req, res, admin, input.next);
  });
  router.use(apiErrorHandler(logger));
  return router;
}
