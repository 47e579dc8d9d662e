import { Router } from "express";
import { SignInSchema } from "../../../shared/schemas/auth";
import { limitPerIp } from "../../http/rate-limit";
import { issueApiToken, signIn } from "../../services/identity";
import { SignInResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/** POST /v2/public/auth: credentials in, API token out (CLI, CI, scripts). */
export function publicAuthRouter(deps: ApiDeps): Router {
  const router = Router();
  const api = handlers(deps, { tag: "Authentication" });
  router.post(
    "/public/auth",
    limitPerIp(deps.services.db, "signIn"),
    ...api.open(
      { body: SignInSchema, response: SignInResponseSchema, action: "signin", summary: "Sign in for a bearer token" },
      async ({ services, input, origin, res }) => {
        const admin = await signIn(services, input, origin);
        const { token, expiresAt } = await issueApiToken(services, admin);
        res.set("Cache-Control", "no-store");
        return { token, expiresAt: new Date(expiresAt).toISOString() };
      },
    ),
  );
  return router;
}
