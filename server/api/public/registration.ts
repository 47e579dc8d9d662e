import { Router } from "express";
import { ConfirmSchema, RegisterSchema, ResetSchema, VerifySchema } from "../../../shared/schemas/auth";
import { AppError } from "../../errors";
import { limitPerIp } from "../../http/rate-limit";
import { confirmPassword, register, requestPasswordReset, verifyAccount } from "../../services/identity";
import { CaptchaChallengeSchema, OkResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/** The public account calls: captcha, register, verify, reset and confirm (docs/API.md). */
export function publicAccountRouter(deps: ApiDeps): Router {
  const { services, captcha, config } = deps;
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Public" });
  router.get(
    "/public/captcha",
    ...api.open({ response: CaptchaChallengeSchema, action: "register", summary: "Get a captcha challenge" }, async ({ res }) => {
      if (config.captcha === "off") throw new AppError("notFound", 404);
      const challenge = await captcha.challenge();
      res.set("Cache-Control", "no-store");
      return challenge;
    }),
  );
  router.post(
    "/public/register",
    limitPerIp(services.db, "register"),
    ...api.open(
      {
        body: RegisterSchema,
        response: OkResponseSchema,
        action: "register",
        setsPassword: true,
        summary: "Register a team and its administrator",
      },
      async ({ input, origin }) => {
        if (config.captcha === "altcha" && !(await captcha.verify(input.captcha))) throw new AppError("recaptchaError", 400);
        await register(services, input, origin);
      },
    ),
  );
  router.post(
    "/public/verify",
    limitPerIp(services.db, "token"),
    ...api.open(
      { body: VerifySchema, response: OkResponseSchema, action: "verify", setsPassword: true, summary: "Verify a registration" },
      async ({ input, origin }) => {
        await verifyAccount(services, input, origin);
      },
    ),
  );
  router.post(
    "/public/reset",
    limitPerIp(services.db, "reset"),
    ...api.open(
      {
        body: ResetSchema,
        response: OkResponseSchema,
        action: "reset",
        codes: ["emailDisabled"],
        summary: "Ask for a password reset link",
      },
      async ({ input, origin }) => {
        await requestPasswordReset(services, input, origin);
      },
    ),
  );
  router.post(
    "/public/confirm",
    limitPerIp(services.db, "token"),
    ...api.open(
      {
        body: ConfirmSchema,
        response: OkResponseSchema,
        action: "confirm",
        setsPassword: true,
        codes: ["reset422"],
        summary: "Set a new password from a reset link",
      },
      async ({ input, origin }) => {
        await confirmPassword(services, input, origin);
      },
    ),
  );
  return router;
}
