import { Router } from "express";
import { PolicyQuerySchema } from "../../../shared/schemas/association";
import { InviteRedeemSchema } from "../../../shared/schemas/invite";
import { DeviceReportSchema, UserPasswordSetSchema, WipeAckSchema } from "../../../shared/schemas/service";
import { limitFailedRedemptions } from "../../http/rate-limit";
import { originOf } from "../../http/origin";
import { requireServiceToken, serviceCallerOf } from "../../http/serviceAuth";
import { inputOf, validate } from "../../http/validate";
import { decidePolicy } from "../../services/associations";
import { redeemInvitation } from "../../services/invites";
import { acknowledgeWipe, listPendingWipes, reportDevice } from "../../services/users";
import { AppCheckQuerySchema, ServiceSettingsQuerySchema } from "../../../shared/schemas/serviceSettings";
import { checkAppVersion, effectiveSettings } from "../../services/settings";
import { setUserPasswordByToken } from "../../services/users";
import type { ApiDeps } from "../deps";

/**
 * The service API for the communications service (docs/API.md): device sign-ins, pending wipes
 * and their acknowledgement. Mounted before the admin authentication: every route here is
 * authenticated by a service token and nothing else.
 */
export function serviceRouter({ services }: ApiDeps): Router {
  const router = Router();
  const auth = requireServiceToken(services.db);

  router.post("/service/devices", auth, validate(DeviceReportSchema), async (_req, res) => {
    res.json(await reportDevice(services.db, inputOf(res, DeviceReportSchema)));
  });

  router.get("/service/wipes", auth, async (_req, res) => {
    res.json(await listPendingWipes(services.db));
  });

  router.post("/service/wipes/ack", auth, validate(WipeAckSchema), async (req, res) => {
    await acknowledgeWipe(services.db, inputOf(res, WipeAckSchema).device, serviceCallerOf(res), originOf(req));
    res.json({ ok: true });
  });
  // The effective settings of a team; the service polls with If-None-Match and gets 304 while unchanged.
  router.get("/service/settings", auth, validate(ServiceSettingsQuerySchema, "query"), async (req, res) => {
    const effective = await effectiveSettings(services.db, inputOf(res, ServiceSettingsQuerySchema).team);
    const etag = `"${effective.version}"`;
    res.set({ ETag: etag, "Cache-Control": "no-cache" });
    const match = req.get("If-None-Match");
    if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return res.status(304).end();
    res.json(effective);
  });

  router.get("/service/apps/check", auth, validate(AppCheckQuerySchema, "query"), async (_req, res) => {
    res.json(await checkAppVersion(services.db, inputOf(res, AppCheckQuerySchema)));
  });

  // Issue 16: the app's registration with an invitation code; failed attempts are rate-limited per token.
  router.post("/service/invites/redeem", auth, limitFailedRedemptions(services.db), validate(InviteRedeemSchema), async (req, res) => {
    res.json(await redeemInvitation(services.db, inputOf(res, InviteRedeemSchema), serviceCallerOf(res), originOf(req)));
  });

  // A user sets a password from a reset or registration link; failed attempts are rate-limited per token.
  router.post("/service/users/password", auth, limitFailedRedemptions(services.db, "userPassword"), validate(UserPasswordSetSchema), async (req, res) => {
    res.json(await setUserPasswordByToken(services, inputOf(res, UserPasswordSetSchema), serviceCallerOf(res), originOf(req)));
  });

  router.get("/service/policy", auth, validate(PolicyQuerySchema, "query"), async (_req, res) => {
    res.json(await decidePolicy(services.db, inputOf(res, PolicyQuerySchema)));
  });
  return router;
}
