import { Router } from "express";
import { MfaCodeSchema, MfaConfirmSchema } from "../../../shared/schemas/mfa";
import { MfaStatusSchema, OkResponseSchema, RecoveryCodesSchema, TotpEnrolmentSchema } from "../../../shared/api";
import { confirmTotp, mfaStatusOf, removeTotp, renewRecoveryCodes, startTotpEnrolment } from "../../services/mfa";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/**
 * The signed-in admin's own second factors (issue #29): sessions and sign-in tokens only, never
 * an access token (`permission: "never"`), as for passwords.
 */
export function meMfaRouter(deps: ApiDeps): Router {
  const router = Router();
  const api = handlers(deps, { tag: "Me", permission: "full" });

  router.get(
    "/me/mfa",
    ...api.admin(
      { response: MfaStatusSchema, action: "mfaRead", summary: "Read one's own second factors", permission: "never" },
      ({ services, auth }) => mfaStatusOf(services, auth.admin.id),
    ),
  );
  router.post(
    "/me/mfa/totp",
    ...api.admin(
      {
        response: TotpEnrolmentSchema,
        action: "mfaTotpEnrol",
        summary: "Start setting up an authenticator app (TOTP)",
        permission: "never",
      },
      ({ services, auth, res }) => {
        res.set("Cache-Control", "no-store");
        return startTotpEnrolment(services, auth.admin);
      },
    ),
  );
  router.post(
    "/me/mfa/totp/confirm",
    ...api.admin(
      {
        body: MfaConfirmSchema,
        response: RecoveryCodesSchema,
        action: "mfaTotpConfirm",
        summary: "Confirm the authenticator app with a code; answers the recovery codes once",
        permission: "never",
      },
      ({ services, auth, input, origin, res }) => {
        res.set("Cache-Control", "no-store");
        return confirmTotp(services, auth.admin, input.code, origin);
      },
    ),
  );
  router.delete(
    "/me/mfa/totp",
    ...api.admin(
      {
        body: MfaCodeSchema,
        response: OkResponseSchema,
        action: "mfaTotpRemove",
        summary: "Remove one's authenticator app",
        permission: "never",
      },
      ({ services, auth, input, origin }) => removeTotp(services, auth.admin, input.code, origin),
    ),
  );
  router.post(
    "/me/mfa/recovery-codes",
    ...api.admin(
      {
        body: MfaCodeSchema,
        response: RecoveryCodesSchema,
        action: "mfaRecoveryCodes",
        summary: "Replace one's recovery codes; answers the new ones once",
        permission: "never",
      },
      ({ services, auth, input, origin, res }) => {
        res.set("Cache-Control", "no-store");
        return renewRecoveryCodes(services, auth.admin, input.code, origin);
      },
    ),
  );
  return router;
}
