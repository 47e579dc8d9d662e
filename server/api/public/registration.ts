import { Router } from "express";
import { RegisterSchema, ResetSchema, VerifySchema, ConfirmSchema } from "../../../shared/schemas/auth";
import { AppError } from "../../errors";
import { limitPerIp } from "../../http/rate-limit";
import { inputOf, validate } from "../../http/validate";
import { originOf } from "../../http/origin";
import { register, verifyAccount } from "../../services/identity";
import { confirmPassword, requestPasswordReset } from "../../services/identity";
import type { ApiDeps } from "../deps";

/** The public account calls: captcha, register, verify, reset and confirm (docs/API.md). */
export function publicAccountRouter({ services, captcha, config }: ApiDeps): Router {
  const router = Router();
  router.get("/public/captcha", async (_req, res) => {
    if (config.captcha === "off") throw new AppError("notFound", 404);
    res.set("Cache-Control", "no-store").json(await captcha.challenge());
  });
  router.post("/public/register", limitPerIp(services.db, "register"), validate(RegisterSchema), async (req, res) => {
    const input = inputOf(res, RegisterSchema);
    if (config.captcha === "altcha" && !(await captcha.verify(input.captcha))) throw new AppError("recaptchaError", 400);
    await register(services, input, originOf(req));
    res.json({ ok: true });
  });
  router.post("/public/verify", limitPerIp(services.db, "token"), validate(VerifySchema), async (req, res) => {
    await verifyAccount(services, inputOf(res, VerifySchema), originOf(req));
    res.json({ ok: true });
  });
  router.post("/public/reset", limitPerIp(services.db, "reset"), validate(ResetSchema), async (req, res) => {
    await requestPasswordReset(services, inputOf(res, ResetSchema), originOf(req));
    res.json({ ok: true });
  });
  router.post("/public/confirm", limitPerIp(services.db, "token"), validate(ConfirmSchema), async (req, res) => {
    await confirmPassword(services, inputOf(res, ConfirmSchema), originOf(req));
    res.json({ ok: true });
  });
  return router;
}
