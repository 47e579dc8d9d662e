import { Router } from "express";
import { PasswordChangeSchema, ProfileUpdateSchema, TerminateSchema } from "../../../shared/schemas/admin";
import type { Authenticated } from "../../http/auth";
import { changeMyPassword, loadMyProfile, terminateMyAccount, updateMyProfile } from "../../services/admins";
import { issueApiToken } from "../../services/identity";
import { MeResponseSchema, OkResponseSchema, PasswordChangeResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/** The caller as the account services name the one acting on its own account. */
function selfOf({ admin }: Authenticated): { id: number; username: string; uid: string } {
  return { id: admin.id, username: admin.username, uid: admin.uid };
}

/** The signed-in admin's own account: profile, password and termination. */
export function meRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Me", permission: "full" });

  router.get(
    "/me",
    ...api.admin({ response: MeResponseSchema, action: "sessionRead", summary: "Read the signed-in administrator" }, ({ services, auth }) =>
      loadMyProfile(services.db, auth.admin.id),
    ),
  );
  router.put(
    "/me",
    ...api.admin(
      { body: ProfileUpdateSchema, response: MeResponseSchema, action: "profileUpdate", summary: "Edit one's own profile" },
      ({ services, auth, input, origin }) => updateMyProfile(services, selfOf(auth), input, origin),
    ),
  );

  router.put(
    "/me/password",
    ...api.admin(
      {
        body: PasswordChangeSchema,
        response: PasswordChangeResponseSchema,
        action: "passwordChange",
        setsPassword: true,
        summary: "Change one's own password",
        permission: "never",
      },
      async ({ services, auth, input, origin, req }) => {
        const tokenVersion = await changeMyPassword(services, selfOf(auth), input, origin);
        if (auth.via === "session") {
          // This browser stays signed in; every other session and token carries the old version.
          req.session.tokenVersion = tokenVersion;
          await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error as Error) : resolve())));
          return;
        }
        const row = await services.db.selectFrom("admins").selectAll().where("id", "=", auth.admin.id).executeTakeFirstOrThrow();
        return { ok: true, token: (await issueApiToken(services, row)).token };
      },
    ),
  );

  router.delete(
    "/admin/terminate",
    ...api.admin(
      { body: TerminateSchema, response: OkResponseSchema, action: "terminate", summary: "Delete one's own account", permission: "never" },
      async ({ services, auth, input, origin, req }) => {
        await terminateMyAccount(services, selfOf(auth), input, origin);
        if (req.session) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      },
    ),
  );
  return router;
}
