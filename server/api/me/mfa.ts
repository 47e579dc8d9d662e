import { Router } from "express";
import { MfaCodeSchema, MfaConfirmSchema, ReauthSchema } from "../../../shared/schemas/mfa";
import { MfaStatusSchema, OkResponseSchema, RecoveryCodesSchema, TotpEnrolmentSchema } from "../../../shared/api";
import { ReauthResponseSchema } from "../../../shared/api/mfa";
import { issueApiToken } from "../../services/identity";
import {
  confirmTotp,
  mfaStatusOf,
  reauthenticate,
  removeTotp,
  renewRecoveryCodes,
  resetFactors,
  startTotpEnrolment,
} from "../../services/mfa";
import { AdminUidSchema } from "../../../shared/schemas/admin";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/**
 * The signed-in admin's own second factors (issue #29), and root's reset of another admin's:
 * sessions and sign-in tokens only, never an access token (`permission: "never"`), as for passwords.
 */
export function meMfaRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
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
        reauth: true,
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
  // Sudo mode: a session's verification time moves to now; a sign-in JWT is replaced by one carrying it.
  router.post(
    "/me/reauth",
    ...api.admin(
      {
        body: ReauthSchema,
        response: ReauthResponseSchema,
        action: "reauth",
        summary: "Confirm one's password (and a second factor) again before a dangerous call",
        permission: "never",
      },
      async ({ services, auth, input, origin, req, res }) => {
        res.set("Cache-Control", "no-store");
        const { admin, factor } = await reauthenticate(services, auth.admin.id, input, origin);
        if (auth.via === "session") {
          req.session.verifiedAt = Date.now();
          req.session.factorVerified = factor;
          await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error as Error) : resolve())));
          return { ok: true as const };
        }
        return { ok: true as const, token: (await issueApiToken(services, admin, factor)).token };
      },
    ),
  );
  // Root's reset of another admin's factors: an Admins call, decided for non-roots before the body is read.
  const admins = handlers(deps, { tag: "Admins", permission: "full" });
  router.post(
    "/admin/mfa/reset",
    admins.rootFirst,
    ...admins.admin(
      {
        body: AdminUidSchema,
        response: OkResponseSchema,
        action: "mfaReset",
        summary: "Remove another administrator's second factors (root)",
        permission: "never",
        reauth: true,
      },
      ({ services, scope, input, origin }) => resetFactors(services, scope, input.uid, origin),
    ),
  );
  return router;
}
