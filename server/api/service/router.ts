import { Router } from "express";
import { PolicyQuerySchema } from "../../../shared/schemas/association";
import { InviteRedeemSchema } from "../../../shared/schemas/invite";
import { DeviceReportSchema, UserPasswordSetSchema, WipeAckSchema } from "../../../shared/schemas/service";
import { AppCheckQuerySchema, ServiceSettingsQuerySchema } from "../../../shared/schemas/serviceSettings";
import { idempotency } from "../../http/idempotency";
import { limitFailedRedemptions, limitPerPrincipal } from "../../http/rate-limit";
import { requireServiceToken } from "../../http/serviceAuth";
import { decidePolicy } from "../../services/associations";
import { redeemInvitation } from "../../services/invites";
import { checkAppVersion, effectiveSettings } from "../../services/settings";
import { acknowledgeWipe, listPendingWipes, reportDevice, setUserPasswordByToken } from "../../services/users";
import {
  AppCheckSchema,
  DeviceReportResultSchema,
  EffectiveSettingsSchema,
  OkResponseSchema,
  PendingWipesSchema,
  PolicyAnswerSchema,
  UserPasswordSetResultSchema,
} from "../../../shared/api";
import { InviteRedeemResponseSchema } from "../../../shared/schemas/invite";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentEffectiveSettings } from "../settings/present";

/**
 * The service API for the communications service (docs/API.md): device sign-ins, pending wipes
 * and their acknowledgement, effective settings, app versions, invitation redemption, password
 * links and the communication policy. Mounted before the admin authentication: every route here
 * is authenticated by a service token and nothing else.
 */
export function serviceRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Service" });
  const { db } = deps.services;
  // The token check, then the per-principal budget and Idempotency-Key of every service call.
  const auth = [requireServiceToken(db), limitPerPrincipal(db), idempotency(db)];

  router.post(
    "/service/devices",
    auth,
    ...api.service(
      { body: DeviceReportSchema, response: DeviceReportResultSchema, summary: "Report a device sign-in" },
      ({ services, input }) => reportDevice(services, input),
    ),
  );
  router.get(
    "/service/wipes",
    auth,
    ...api.service({ response: PendingWipesSchema, summary: "List pending device wipes" }, ({ services }) => listPendingWipes(services)),
  );
  router.post(
    "/service/wipes/ack",
    auth,
    ...api.service(
      { body: WipeAckSchema, response: OkResponseSchema, summary: "Acknowledge a device wipe" },
      async ({ services, input, caller, origin }) => {
        await acknowledgeWipe(services, input.device, caller, origin);
      },
    ),
  );

  // The effective settings of a team; the service polls with If-None-Match and gets 304 while unchanged.
  router.get(
    "/service/settings",
    auth,
    ...api.service(
      {
        query: ServiceSettingsQuerySchema,
        response: EffectiveSettingsSchema,
        conditional: true,
        summary: "Read a team's effective settings",
      },
      async ({ services, input, req, res }) => {
        const effective = presentEffectiveSettings(await effectiveSettings(services, input.team));
        const etag = `"${effective.version}"`;
        res.set({ ETag: etag, "Cache-Control": "no-cache" });
        const match = req.get("If-None-Match");
        if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
          res.status(304).end();
          return;
        }
        return effective;
      },
    ),
  );

  router.get(
    "/service/apps/check",
    auth,
    ...api.service({ query: AppCheckQuerySchema, response: AppCheckSchema, summary: "Check an app version" }, ({ services, input }) =>
      checkAppVersion(services, input),
    ),
  );

  // The app's registration with an invitation code; failed attempts are rate-limited per token.
  router.post(
    "/service/invites/redeem",
    auth,
    limitFailedRedemptions(db),
    ...api.service(
      { body: InviteRedeemSchema, response: InviteRedeemResponseSchema, action: "inviteRedeem", summary: "Redeem an invitation code" },
      ({ services, input, caller, origin }) => redeemInvitation(services, input, caller, origin),
    ),
  );

  // A user sets a password from a reset or registration link; failed attempts are rate-limited per token.
  router.post(
    "/service/users/password",
    auth,
    limitFailedRedemptions(db, "userPassword"),
    ...api.service(
      {
        body: UserPasswordSetSchema,
        response: UserPasswordSetResultSchema,
        action: "userPassword",
        summary: "Set a user's password from a link",
      },
      ({ services, input, caller, origin }) => setUserPasswordByToken(services, input, caller, origin),
    ),
  );

  router.get(
    "/service/policy",
    auth,
    ...api.service(
      { query: PolicyQuerySchema, response: PolicyAnswerSchema, summary: "Decide whether two parties may communicate" },
      ({ services, input }) => decidePolicy(services, input),
    ),
  );
  return router;
}
