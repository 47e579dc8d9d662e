import { EXIT_CODES } from "../exitCodes";
import type { EntrySpec } from "../types";

/**
 * The named user-visible messages of SPEC §8 that belong to no single call, plus the messages
 * the product needs around them. Their status is the one the server answers with when it raises
 * the same condition itself (0 when no HTTP response is involved). Quoted SPEC texts are verbatim.
 */
export const MESSAGE_ENTRIES = {
  recaptchaError: { status: 400, kind: "error", en: "The reCAPTCHA check failed. Try again" },
  profileUpdateFailed: { status: 400, kind: "error", en: "Unable to update profile" },
  notValidEmailAccount: {
    status: 400,
    kind: "error",
    en: "This account is not registered using a valid e-mail address",
  },
  noUserSelected: { status: 400, kind: "error", exit: EXIT_CODES.usage, en: "No user selected" },
  notEnoughLicenses: { status: 400, kind: "error", en: "Not enough available licenses. Reduce number of invites" },
  chooseCompanyWithLicenses: { status: 400, kind: "error", en: "You must choose a company with available licenses" },
  companyNotManaged: {
    status: 400,
    kind: "error",
    en: "This company is not currently managed by any administrator",
  },
  invalidToken: { status: 400, kind: "error", en: "Invalid token" },
  // A white-listed domain belongs to one team only (team creation and the domains calls).
  domainTaken: {
    status: 409,
    kind: "error",
    en: "This domain already belongs to another company. Remove it there first",
  },
  scriptLoadError: {
    status: 0,
    kind: "error",
    exit: EXIT_CODES.network,
    en: "Part of the page could not be loaded. Check your connection and reload the page",
  },
  sessionExpired: { status: 401, kind: "info", en: "Your session has ended. Sign in again" },
  csrfInvalid: {
    status: 403,
    kind: "error",
    en: "This form has expired. Reload the page and try again",
  },
  // A cookie-session read sent by another site (Sec-Fetch-Site cross-site or same-site): a link
  // or form elsewhere must not start an export or any other call in the admin's name.
  crossSiteRequest: {
    status: 403,
    kind: "error",
    en: "This request came from another site and was refused. Open the console directly and try again",
  },
  // Browser sign-in when the session cookie must be Secure but the request is not seen as HTTPS
  // (a TLS proxy without X-Forwarded-Proto, or the plain-HTTP port reached directly).
  insecureConnection: {
    status: 503,
    kind: "error",
    // A configuration problem, not a passing one: waiting does not help.
    exit: EXIT_CODES.server,
    en: "Signing in needs a secure (HTTPS) connection, but this server sees plain HTTP. Contact your administrator",
  },
  bulkPartial: {
    status: 200,
    kind: "error",
    exit: EXIT_CODES.partial,
    en: "{{failed}} of {{total}} items failed. See the details and try those again",
  },
  // Issue #32 purchase rules (settings group `licenses`); `details.max` carries the limit that applied.
  licenseTrialRootOnly: { status: 403, kind: "error", en: "Only a super administrator can start a trial" },
  licenseTrialUsed: { status: 409, kind: "error", en: "This company has already had a trial. Purchase a subscription" },
  licenseTrialTooLarge: { status: 422, kind: "error", en: "This trial has too many licenses. Choose fewer licenses" },
  licenseOrderTooLarge: { status: 422, kind: "error", en: "This order has too many licenses. Split it into smaller orders" },
  licenseOrderNeedsRoot: {
    status: 403,
    kind: "error",
    en: "Orders this large are placed by a super administrator. Ask one to place it or choose fewer licenses",
  },
} as const satisfies Record<string, EntrySpec>;

/** A named message code. */
export type MessageCode = keyof typeof MESSAGE_ENTRIES;
