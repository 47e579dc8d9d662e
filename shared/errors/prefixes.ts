/**
 * Action prefixes (SPEC §7, §8; DESIGN §3, §8). Every call the product makes has one prefix;
 * a per-action catalogue code is that prefix followed by the HTTP status (`inviteCreate409`).
 * Codes are part of the API envelope and of CLI scripts, so a prefix is permanent once shipped:
 * add new ones, never rename or remove.
 */

/** Calls that need no session: a 401 from these is a message, never a sign-out. */
export const PUBLIC_PREFIXES = [
  "signin", // POST v2/public/auth
  "register", // POST v2/public/register
  "verify", // POST v2/public/verify
  "confirm", // POST v2/public/confirm (completes a password reset from its link)
  "reset", // POST v2/public/reset (asks for a password reset link)
  "publicSettings", // GET v2/public/settings
  "signinMfa", // POST v2/public/auth/mfa and POST /signin/{lang}/mfa (the second step)
  "signinPasskeyOptions", // POST v2/public/auth/mfa/passkey/options (the WebAuthn request of the second step)
  "signinPasskey", // POST v2/public/auth/mfa/passkey and POST /signin/{lang}/mfa/passkey (the second step with a passkey)
] as const;

/** Calls that need a session: a 401 from these clears it and sends the admin to sign-in. */
export const PROTECTED_PREFIXES = [
  // Own session and account
  "signout", // ends the browser session or forgets the CLI token
  "sessionRead", // who am I (CLI whoami)
  "dashboardRead", // dashboard counts and license gauge
  "profileUpdate", // PUT v2/admin on one's own profile
  "passwordChange", // PUT v2/admin with the current and a new password hash
  "terminate", // DELETE v2/admin/terminate
  "tokenCreate", // POST v2/tokens (an access token for automation)
  "tokenList", // GET v2/tokens
  "tokenRevoke", // DELETE v2/tokens/{id} and DELETE v2/tokens (all of an admin's)
  "mfaRead", // GET v2/me/mfa
  "mfaTotpEnrol", // POST v2/me/mfa/totp
  "mfaTotpConfirm", // POST v2/me/mfa/totp/confirm
  "mfaTotpRemove", // DELETE v2/me/mfa/totp
  "mfaRecoveryCodes", // POST v2/me/mfa/recovery-codes
  "mfaReset", // POST v2/admin/mfa/reset (root: remove another admin's factors)
  "mfaPasskeyList", // GET v2/me/mfa/passkeys
  "mfaPasskeyOptions", // POST v2/me/mfa/passkeys/options (the WebAuthn creation options)
  "mfaPasskeyAdd", // POST v2/me/mfa/passkeys
  "mfaPasskeyRename", // PUT v2/me/mfa/passkeys/{uid}
  "mfaPasskeyRemove", // DELETE v2/me/mfa/passkeys/{uid}
  "reauth", // POST v2/me/reauth (sudo mode: confirm the password, and a factor when enrolled)
  // Administrators
  "adminCreate", // POST v2/admin
  "adminEdit", // PUT v2/admin
  "adminDelete", // DELETE v2/admin
  "adminActivate", // PUT v2/admin/activate
  "adminBlock", // PUT v2/admin/block
  "adminUnlock", // PUT v2/admin/unlock (root: lift a sign-in lock)
  "adminTeams", // PUT v2/admin/teams
  "adminList",
  "adminRead",
  // Teams (companies), their domains and associations
  "teamCreate", // POST v2/team
  "teamEdit", // PUT v2/team
  "teamDelete", // DELETE v2/team
  "teamSettings", // PUT v2/team/settings
  "teamList",
  "teamRead",
  "domainsEdit", // PUT v2/team/domains
  "domainsDelete", // DELETE v2/team/domains
  "domainsList",
  "associationCreate", // POST v2/association
  "associationEdit", // PUT v2/association
  "associationDelete", // DELETE v2/association
  "associationList",
  "associationRead", // GET v2/association/{id}
  // Invitations
  "inviteCreate", // POST v2/invite
  "inviteResend", // PUT v2/invite
  "inviteDelete", // DELETE v2/invite
  "inviteList",
  "inviteRedeem", // POST v2/service/invites/redeem (service token: the communications service)
  // License packs
  "licenseCreate", // POST v2/license (purchase, public edition)
  "licenseEdit", // PUT v2/license (extend, expire, distribute)
  "licenseActivate", // activation by token (private edition)
  "licenseList",
  "licenseRead", // GET v2/license/{id}
  "licenseValidate", // POST v2/license/validate (no side effect)
  "licensePrices", // GET v2/license/prices (public edition price list)
  "seatsRead", // GET v2/teams/{slug}/seats
  // Users and devices
  "userCreate", // POST v2/user
  "userEdit",
  "userRead",
  "userList",
  "userReset", // POST v2/user/reset
  "userPassword", // POST v2/service/users/password (service token: a user sets a password from a reset or registration link)
  "userDelete",
  "usersBlock", // PUT v2/users/block (bulk)
  "usersActivate", // bulk
  "usersMove", // bulk
  "usersReview", // POST v2/users/bulk/review (what a bulk action would do, nothing written)
  "usersDelete", // bulk
  "usersImport", // POST v2/users/import (preview or apply a CSV)
  "usersImportRead", // GET v2/users/import/{id} and its results
  "deviceWipe",
  "deviceDelete",
  // System and app settings (root only)
  "settingsRead",
  "settingsGeneral", // PUT v2/settings/general
  "settingsMessaging", // PUT v2/settings/messaging
  "settingsAttachments", // PUT v2/settings/attachments
  "settingsCalling", // PUT v2/settings/calling
  "settingsSecurity", // PUT v2/settings/security
  "settingsTls", // PUT v2/settings/tls
  "settingsApps", // PUT v2/settings/apps
  "settingsCerts", // PUT v2/settings/certs
  "settingsLicenses", // PUT v2/settings/licenses (issue #32 purchase rules)
  // Access log
  "logsList",
  // Exports of the lists (GET v2/<list>/export)
  "usersExport",
  "adminsExport",
  "teamsExport",
  "licensesExport",
  "invitesExport",
  "logsExport",
] as const;

/** Every action prefix, public first; the single list the API client, server and CLI share. */
export const ACTION_PREFIXES = [...PUBLIC_PREFIXES, ...PROTECTED_PREFIXES] as const;

/** One action prefix; a per-action code is `${ActionPrefix}${status}`. */
export type ActionPrefix = (typeof ACTION_PREFIXES)[number];

/** The shape of every per-action catalogue code, used to type-check the entry tables. */
export type ActionCodePattern = `${ActionPrefix}${number}`;

const PREFIX_SET: ReadonlySet<string> = new Set(ACTION_PREFIXES);
const PUBLIC_SET: ReadonlySet<string> = new Set(PUBLIC_PREFIXES);

/** Narrows untrusted input (CLI flags, envelope codes) to a known prefix. */
export function isActionPrefix(value: string): value is ActionPrefix {
  return PREFIX_SET.has(value);
}

/** Whether a 401 from this call means the session is gone (SPEC §4: protected calls sign out). */
export function isProtectedPrefix(prefix: ActionPrefix): boolean {
  return !PUBLIC_SET.has(prefix);
}
