import { Router } from "express";
import { PasskeyAddSchema, PasskeyRenameSchema } from "../../../shared/schemas/mfaPasskey";
import { OkResponseSchema } from "../../../shared/api";
import { PasskeyAddedSchema, PasskeyListSchema, PasskeyRegistrationOptionsSchema, type Passkey } from "../../../shared/api/mfaPasskeys";
import {
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  type PasskeyRecord,
} from "../../services/mfa";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/** A passkey as the API presents it: times as ISO 8601 UTC, never key material. */
function presentPasskey(passkey: PasskeyRecord): Passkey {
  return {
    uid: passkey.uid,
    name: passkey.name,
    createdAt: new Date(passkey.createdAt).toISOString(),
    lastUsedAt: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
  };
}

/**
 * The signed-in admin's own passkeys (issue #29): list, register (options, then the
 * authenticator's answer), rename, remove. Sessions and sign-in tokens only, never an access
 * token, as for the other factors. Another admin's passkey answers 404, like an unknown one.
 */
export function meMfaPasskeysRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Me", permission: "full" });

  router.get(
    "/me/mfa/passkeys",
    ...api.admin(
      { response: PasskeyListSchema, action: "mfaPasskeyList", summary: "List one's own passkeys", permission: "never" },
      async ({ services, auth }) => ({ items: (await listPasskeys(services, auth.admin.id)).map(presentPasskey) }),
    ),
  );
  router.post(
    "/me/mfa/passkeys/options",
    ...api.admin(
      {
        response: PasskeyRegistrationOptionsSchema,
        action: "mfaPasskeyOptions",
        summary: "Start registering a passkey: WebAuthn creation options",
        permission: "never",
      },
      ({ services, auth, res }) => {
        res.set("Cache-Control", "no-store");
        return startPasskeyRegistration(services, auth.admin);
      },
    ),
  );
  router.post(
    "/me/mfa/passkeys",
    ...api.admin(
      {
        body: PasskeyAddSchema,
        response: PasskeyAddedSchema,
        action: "mfaPasskeyAdd",
        summary: "Register a passkey with the authenticator's answer; a first factor answers the recovery codes once",
        permission: "never",
      },
      async ({ services, auth, input, origin, res }) => {
        res.set("Cache-Control", "no-store");
        const { passkey, recoveryCodes } = await finishPasskeyRegistration(services, auth.admin, input, origin);
        return { passkey: presentPasskey(passkey), recoveryCodes };
      },
    ),
  );
  router.put(
    "/me/mfa/passkeys/:uid",
    ...api.admin(
      {
        body: PasskeyRenameSchema,
        response: OkResponseSchema,
        action: "mfaPasskeyRename",
        summary: "Rename one of one's passkeys",
        permission: "never",
      },
      ({ services, auth, input, req }) => renamePasskey(services, auth.admin, String(req.params.uid), input.name),
    ),
  );
  router.delete(
    "/me/mfa/passkeys/:uid",
    ...api.admin(
      { response: OkResponseSchema, action: "mfaPasskeyRemove", summary: "Remove one of one's passkeys", permission: "never" },
      ({ services, auth, origin, req }) => removePasskey(services, auth.admin, String(req.params.uid), origin),
    ),
  );
  return router;
}
