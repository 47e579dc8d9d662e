import { Router } from "express";
import { SignInSchema } from "../../../shared/schemas/auth";
import { limitPerIp } from "../../http/rate-limit";
import { inputOf, validate } from "../../http/validate";
import { originOf } from "../../http/origin";
import { issueApiToken, signIn } from "../../services/identity";
import type { ApiDeps } from "../deps";

/** POST /v2/public/auth: credentials in, API token out (CLI, CI, scripts). */
export function publicAuthRouter({ services }: ApiDeps): Router {
  const router = Router();
  router.post("/public/auth", limitPerIp(services.db, "signIn"), validate(SignInSchema), async (req, res) => {
    const admin = await signIn(services, inputOf(res, SignInSchema), originOf(req));
    const { token, expiresAt } = await issueApiToken(services, admin);
    res.set("Cache-Control", "no-store").json({ token, expiresAt: new Date(expiresAt).toISOString() });
  });
  return router;
}
