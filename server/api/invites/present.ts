import type { InviteListItem, InviteTeam } from "../../../shared/schemas/invite";
import type { ListResponse } from "../../../shared/schemas/list";
import { fromFlag } from "../../db/flags";
import { isoUtc } from "../../lib/isoTime";
import type { Invitation, OfferedTeamWithDomains } from "../../services/invites";

/** An invitation as the API, the pages and the export show it: public ids, team by slug and name, ISO dates. */
export function presentInvite(invite: Invitation): InviteListItem {
  return {
    id: invite.uid,
    team: { slug: invite.slug, teamName: invite.teamName },
    type: invite.type,
    address: invite.address,
    language: invite.lang as InviteListItem["language"],
    lang: invite.lang as InviteListItem["lang"],
    matchUser: fromFlag(invite.matchUser),
    directSignIn: fromFlag(invite.directSignin),
    state: invite.state,
    issuedOn: new Date(Number(invite.issuedAt)).toISOString(),
    expiration: new Date(Number(invite.expiresAt)).toISOString(),
    lastSentAt: invite.lastSentAt === null ? null : isoUtc(Number(invite.lastSentAt)),
    pack: invite.pack,
    user: invite.user,
  };
}

/** A page of invitations in the list shape of DESIGN §3. */
export function presentInvitePage(page: ListResponse<Invitation>): ListResponse<InviteListItem> {
  return { items: page.items.map(presentInvite), total: page.total, nextCursor: page.nextCursor };
}

/** A company the wizard may invite to, as it takes it: slug, name, available licenses and domains. */
export function presentInviteTeam(team: OfferedTeamWithDomains): InviteTeam {
  return { slug: team.slug, teamName: team.teamName, language: team.language, available: team.available, domains: team.domains };
}
