/**
 * Status vocabularies of SPEC §3 / §4, shared so the database, API, pages and CLI agree on spelling.
 */

/** Admin account lifecycle (SPEC §4): registered → (verified) active; blocked; invited by e-mail. */
export const ADMIN_STATUSES = ["registered", "invited", "active", "blocked"] as const;
/** An admin account status. */
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** User statuses shown on the dashboard (SPEC §4). */
export const USER_STATUSES = ["active", "pending", "blocked"] as const;
/** A user status. */
export type UserStatus = (typeof USER_STATUSES)[number];

/** Invite states (SPEC §4). */
export const INVITE_STATUSES = ["pending", "accepted"] as const;
/** An invite state. */
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/**
 * Invitation states as the API and pages show them: the stored status (pending, accepted) plus
 * `expired`, a pending invitation past its expiry (housekeeping frees its seat).
 */
export const INVITE_STATES = ["pending", "accepted", "expired"] as const;
/** An invitation state as shown. */
export type InviteState = (typeof INVITE_STATES)[number];

/** Invite kinds (SPEC §3): via e-mail or via pre-provisioned handles. */
export const INVITE_TYPES = ["email", "handle"] as const;
/** An invite kind. */
export type InviteType = (typeof INVITE_TYPES)[number];

/** Company association states (SPEC §3, §4). */
export const ASSOCIATION_STATUSES = ["open", "closed"] as const;
/** A company association state. */
export type AssociationStatus = (typeof ASSOCIATION_STATUSES)[number];

/** License pack / subscription states (SPEC §4). */
export const LICENSE_PACK_STATUSES = ["active", "expired"] as const;
/** A license pack status. */
export type LicensePackStatus = (typeof LICENSE_PACK_STATUSES)[number];

/** Team certificate revocation strategies (SPEC §3): OCSP only, OCSP and CRL, disabled. */
export const CERT_REVOCATION_STRATEGIES = ["ocsp", "ocsp_crl", "disabled"] as const;
/** A certificate revocation strategy. */
export type CertRevocationStrategy = (typeof CERT_REVOCATION_STRATEGIES)[number];

/** Only an active admin may sign in (SPEC §4: incomplete registration and blocked admins cannot). */
export function adminCanSignIn(status: AdminStatus): boolean {
  return status === "active";
}
