import { Router } from "express";
import {
  InviteCreateSchema,
  InviteDeleteSchema,
  InviteListQuerySchema,
  InviteResendSchema,
  InviteTeamsQuerySchema,
} from "../../../shared/schemas/invite";
import {
  InviteCreateResponseSchema,
  InviteResendResponseSchema,
  InviteReviewResponseSchema,
  InviteTeamsResponseSchema,
} from "../../../shared/schemas/invite";
import { BulkResponseSchema } from "../../../shared/schemas/list";
import {
  createInvitations,
  deleteInvitations,
  inviteTeams,
  listInvitations,
  resendInvitations,
  reviewInvitations,
} from "../../services/invites";
import { InviteListResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentInvitePage, presentInviteTeam } from "./present";

/**
 * Invitations (docs/API.md "Invitations"): create up to 10,000 at once, list, resend and delete
 * with per-item results. Every call works within the caller's scope (DESIGN §5).
 */
export function invitesRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Invitations", permission: "invites" });

  router.get(
    "/invites",
    ...api.admin(
      { query: InviteListQuerySchema, response: InviteListResponseSchema, action: "inviteList", summary: "List invitations" },
      async ({ services, scope, input }) => presentInvitePage(await listInvitations(services, scope, input)),
    ),
  );
  router.post(
    "/invite",
    ...api.admin(
      { body: InviteCreateSchema, response: InviteCreateResponseSchema, action: "inviteCreate", summary: "Create invitations" },
      ({ services, scope, input, origin }) => createInvitations(services, scope, input, origin),
    ),
  );
  // The wizard's review step and the CLI's dry run: create's checks and the seats after, nothing written.
  router.post(
    "/invite/review",
    ...api.admin(
      {
        body: InviteCreateSchema,
        response: InviteReviewResponseSchema,
        action: "inviteCreate",
        summary: "Review invitations before creating them",
      },
      ({ services, scope, input }) => reviewInvitations(services, scope, input),
    ),
  );
  // The wizard's company picker on a large scope: the companies with available licenses, searched.
  router.get(
    "/invite/teams",
    ...api.admin(
      {
        query: InviteTeamsQuerySchema,
        response: InviteTeamsResponseSchema,
        action: "inviteList",
        summary: "List teams that can take invitations",
      },
      async ({ services, scope, input }) => ({
        items: (await inviteTeams(services, scope, input)).map(presentInviteTeam),
      }),
    ),
  );
  router.put(
    "/invite",
    ...api.admin(
      { body: InviteResendSchema, response: InviteResendResponseSchema, action: "inviteResend", summary: "Resend invitations" },
      ({ services, scope, input, origin }) => resendInvitations(services, scope, input.ids, origin),
    ),
  );
  router.delete(
    "/invite",
    ...api.admin(
      { body: InviteDeleteSchema, response: BulkResponseSchema, action: "inviteDelete", summary: "Delete invitations" },
      ({ services, scope, input, origin }) => deleteInvitations(services, scope, input.ids, origin),
    ),
  );
  return router;
}
