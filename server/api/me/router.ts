import { Router } from "express";
import { PasswordChangeSchema, ProfileUpdateSchema, TerminateSchema } from "../../../shared/schemas/admin";
import { authOf } from "../../http/auth";
import { inputOf, validate } from "../../http/validate";
import { originOf } from "../../http/origin";
import { issueApiToken } from "../../services/identity";
import { changeMyPassword, loadMyProfile, terminateMyAccount, updateMyProfile } from "../../services/admins";
import type { ApiDeps } from "../deps";

/** The signed-in admin's own account: profile, password and termination. */
export function meRouter({ services }: ApiDeps): Router {
  const router = Router();
  const actorOf = (res: Parameters<typeof authOf>[0]) => {
    const { admin } = authOf(res);
    return { id: admin.id, username: admin.username, uid: admin.uid };
  };

  router.get("/me", async (_req, res) => {
    res.json(await loadMyProfile(services.db, authOf(res).admin.id));
  });

  router.put("/me", validate(ProfileUpdateSchema), async (req, res) => {
    res.json(await updateMyProfile(services, actorOf(res), inputOf(res, ProfileUpdateSchema), originOf(req)));
  });

  router.put("/me/password", validate(PasswordChangeSchema), async (req, res) => {
    const { via, admin } = authOf(res);
    const tokenVersion = await changeMyPassword(services, actorOf(res), inputOf(res, PasswordChangeSchema), originOf(req));
    if (via === "session") {
      // This browser stays signed in; every other session and token carries the old version.
      req.session.tokenVersion = tokenVersion;
      await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error as Error) : resolve())));
      return res.json({ ok: true });
    }
    const row = await services.db.selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
    res.json({ ok: true, token: (await issueApiToken(services, row)).token });
  });

  router.delete("/admin/terminate", validate(TerminateSchema), async (req, res) => {
    await terminateMyAccount(services, actorOf(res), inputOf(res, TerminateSchema), originOf(req));
    if (req.session) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.json({ ok: true });
  });
  return router;
}
