/** Invitations: create, list, resend, delete, redemption by the service, expiry, the companies offered. */
export { createInvitations, reviewInvitations } from "./create";
export { listInvitations, type Invitation } from "./list";
export { deleteInvitations, resendInvitations } from "./manage";
export { redeemInvitation } from "./redeem";
export { expireInvitations } from "./expire";
export { inviteTeams, offeredTeams, withDomains, type OfferedTeam, type OfferedTeamWithDomains } from "./teams";
