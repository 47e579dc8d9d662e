import { Router } from "express";
import { PasskeySignInOptionsSchema, PasskeySignInSchema } from "../../../shared/schemas/mfaPasskey";
import { MfaTokenSchema } from "../../../shared/api";
import { PasskeySignInOptionsResponseSchema } from "../../../shared/api/mfaPasskeys";
import { limitPerIp } from "../../http/rate-limit";
import { completeSignIn, issueApiToken } from "../../services/identity";
import { checkPasskeyStep, passkeySignInOptions } from "../../services/mfa";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/**
 * The sign-in second step with a passkey (issue #29): POST /v2/public/auth/mfa/passkey/options
 * turns the first step's challenge into WebAuthn request options; POST /v2/public/auth/mfa/passkey
 * brings the assertion back for a bearer token. The browser's own variant, with a session, is
 * POST /signin/{lang}/mfa/passkey (server/pages/signin.ts).
 */
export function publicAuthPasskeyRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Authentication" });
  router.post(
    "/public/auth/mfa/passkey/options",
    limitPerIp(deps.services.db, "signIn"),
    ...api.open(
      {
        body: PasskeySignInOptionsSchema,
        response: PasskeySignInOptionsResponseSchema,
        action: "signinPasskeyOptions",
        summary: "WebAuthn request options for the second step of a sign-in",
      },
      ({ services, input, res }) => {
        res.set("Cache-Control", "no-store");
        return passkeySignInOptions(services, input.challenge);
      },
    ),
  );
  router.post(
    "/public/auth/mfa/passkey",
    limitPerIp(deps.services.db, "signIn"),
    ...api.open(
      {
        body: PasskeySignInSchema,
        response: MfaTokenSchema,
        action: "signinPasskey",
        summary: "Complete a sign-in with a passkey for a bearer token",
      },
      async ({ services, input, origin, res }) => {
        const admin = await completeSignIn(services, await checkPasskeyStep(services, input, origin), origin, input.browser, true);
        const { token, expiresAt } = await issueApiToken(services, admin);
        res.set("Cache-Control", "no-store");
        return { token, expiresAt: new Date(expiresAt).toISOString() };
      },
    ),
  );
  return router;
}
