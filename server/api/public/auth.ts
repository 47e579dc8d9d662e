import { Router } from "express";
import { SignInSchema } from "../../../shared/schemas/auth";
import { MfaSignInSchema } from "../../../shared/schemas/mfa";
import { limitPerIp } from "../../http/rate-limit";
import { completeSignIn, issueApiToken, signIn } from "../../services/identity";
import { checkSecondStep, hasSecondFactor, startSecondStep } from "../../services/mfa";
import { MfaTokenSchema, SignInResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/**
 * POST /v2/public/auth: credentials in, API token out (CLI, CI, scripts). An admin with a second
 * factor gets `{ mfaRequired, challenge, methods }` instead and the token from
 * POST /v2/public/auth/mfa with the challenge and a code.
 */
export function publicAuthRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Authentication" });
  router.post(
    "/public/auth",
    limitPerIp(deps.services.db, "signIn"),
    ...api.open(
      { body: SignInSchema, response: SignInResponseSchema, action: "signin", summary: "Sign in for a bearer token" },
      async ({ services, input, origin, res }) => {
        const { admin, secondFactor } = await signIn(services, input, origin, (id) => hasSecondFactor(services, id));
        res.set("Cache-Control", "no-store");
        if (secondFactor) return startSecondStep(services, admin.id);
        const { token, expiresAt } = await issueApiToken(services, admin);
        return { token, expiresAt: new Date(expiresAt).toISOString() };
      },
    ),
  );
  router.post(
    "/public/auth/mfa",
    limitPerIp(deps.services.db, "signIn"),
    ...api.open(
      {
        body: MfaSignInSchema,
        response: MfaTokenSchema,
        action: "signinMfa",
        summary: "Complete a sign-in with a second factor for a bearer token",
      },
      async ({ services, input, origin, res }) => {
        const admin = await completeSignIn(services, await checkSecondStep(services, input, origin), origin, input.browser, true);
        const { token, expiresAt } = await issueApiToken(services, admin, true);
        res.set("Cache-Control", "no-store");
        return { token, expiresAt: new Date(expiresAt).toISOString() };
      },
    ),
  );
  return router;
}
