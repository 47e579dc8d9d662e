import { Router } from "express";
import { InviteCreateSchema, InviteDeleteSchema, InviteListQuerySchema, InviteResendSchema, InviteTeamsQuerySchema } from "../../../shared/schemas/invite";
import { scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { createInvitations, deleteInvitations, inviteTeams, listInvitations, resendInvitations, reviewInvitations } from "../../services/invites";
import type { ApiDeps } from "../deps";

/**
 * Invitations (docs/API.md "Invitations", issue 16): create up to 10,000 at once, list, resend
 * and delete with per-item results. Every call works within the caller's scope (DESIGN §5).
 */
export function invitesRouter({ services }: ApiDeps): Router {
  const router = Router();

  router.get("/invites", validate(InviteListQuerySchema, "query"), async (_req, res) => {
    res.json(await listInvitations(services.db, await scopeOf(res, services.db), inputOf(res, InviteListQuerySchema)));
  });

  router.post("/invite", validate(InviteCreateSchema), async (req, res) => {
    res.json(await createInvitations(services, await scopeOf(res, services.db), inputOf(res, InviteCreateSchema), originOf(req)));
  });

  // The wizard's review step and the CLI's dry run: create's checks and the seats after, nothing written.
  router.post("/invite/review", validate(InviteCreateSchema), async (_req, res) => {
    res.json(await reviewInvitations(services, await scopeOf(res, services.db), inputOf(res, InviteCreateSchema)));
  });

  // The wizard's company picker on a large scope: the companies with available licenses, searched.
  router.get("/invite/teams", validate(InviteTeamsQuerySchema, "query"), async (_req, res) => {
    res.json(await inviteTeams(services.db, await scopeOf(res, services.db), inputOf(res, InviteTeamsQuerySchema)));
  });

  router.put("/invite", validate(InviteResendSchema), async (req, res) => {
    res.json(await resendInvitations(services, await scopeOf(res, services.db), inputOf(res, InviteResendSchema).ids, originOf(req)));
  });

  router.delete("/invite", validate(InviteDeleteSchema), async (req, res) => {
    res.json(await deleteInvitations(services, await scopeOf(res, services.db), inputOf(res, InviteDeleteSchema).ids, originOf(req)));
  });
  return router;
}
