/**
 * Every bound of SPEC §5 and §9 as a named constant. Schemas, services, pages and the CLI read
 * their numbers from here and nowhere else, so a limit changes in one place.
 *
 * Numbers given by SPEC §9 are copied verbatim. Where SPEC only says "bounded" / "max length"
 * without a number, the value chosen here is marked "chosen:" with the reason.
 */

/** A closed integer interval `[min, max]`; every "bounded" rule of SPEC §5 is one of these. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/**
 * Maximum string lengths (characters). The first block is SPEC §9 verbatim; the second block
 * holds the lengths SPEC does not give, each marked "chosen".
 */
export const maxLength = {
  // SPEC §9, verbatim
  ciphers: 500,
  message: 200,
  passwordPlaintext: 300,
  prefix: 50,
  publicKey: 300,
  repeatedPword: 100,
  sipSeed: 512,
  warningBanner: 1000,
  appVersion: 30,
  deviceName: 30,
  osVersion: 30,
  deviceToken: 300,
  browser: 50,
  city: 128,
  contactEmail: 320,
  country: 3,
  customSettings: 2000,
  domains: 100,
  institution: 128,
  notes: 1000,
  teamName: 320,
  licenseCount: 10,
  licenseType: 10,
  geocountry: 20,
  ip: 15,
  inviteCode: 20,
  adminPasswordHash: 128,
  firstName: 100,
  lastName: 100,
  guid: 64,
  jwtToken: 1000,
  timezone: 100,
  token: 96,
  uid: 36,
  url: 300,
  username: 320,
  // chosen: an e-mail address is at most 64 + 1 + 255 octets (RFC 5321), the same 320 as username
  email: 320,
  // chosen: SPEC §5 groups association name with team name, so it shares teamName's 320
  associationName: 320,
  // chosen: an Ed25519-signed activation token (payload + 64-byte signature, base64url) is about
  // 300 characters; SPEC §9's jwtToken 1000 is the ceiling for a signed token pasted into a form
  activationToken: 1000,
  // chosen: an alias is another username of the same user, so it shares username's 320
  alias: 320,
  // chosen: free-text search is matched against usernames, so it never needs more than 320
  search: 320,
  // chosen: keyset cursors are short base64url strings; 512 leaves room for composite keys
  cursor: 512,
  // chosen: an ALTCHA proof-of-work payload is a base64 JSON document of a few hundred bytes
  captcha: 4096,
  // chosen: OAuth client IDs are GUIDs or short opaque strings; 255 covers every IdP we know
  oauthClientId: 255,
  // chosen: an Azure tenant ID is a GUID (36) or a domain name; the guid bound of 64 covers both
  tenantId: 64,
  // chosen: OIDC / Azure AD protocol versions look like "v2.0"
  oauthVersion: 10,
  // chosen: an e-mail theme name is a short identifier
  emailThemeName: 50,
  // chosen: the footer line of themed e-mails; half of notes (1000) is plenty for a signature
  emailThemeFooter: 500,
  // chosen: a PEM bundle of a few CA certificates fits comfortably in 64 KiB
  certificate: 65_536,
  // chosen: a PEM RSA-8192 private key is ~6.5 KB; 16 KiB leaves room without inviting junk
  privateKey: 16_384,
  // chosen: a service token's name is a short label ("chat-gateway eu-1"); the column is varchar(100)
  serviceTokenName: 100,
} as const;

/** Minimum and maximum lengths of fields whose lower bound is more than "non-empty". */
export const lengthRange = {
  /** SPEC §9: "seed between 20 and 100". */
  seed: { min: 20, max: 100 },
  /** chosen: 2..64 keeps slugs readable in URLs (`/teams/profile/{slug}`) and unique enough. */
  slug: { min: 2, max: 64 },
  /** SPEC §5 "required, min 1, max length" with teamName's 320. */
  associationName: { min: 1, max: maxLength.associationName },
  /** chosen: an e-mail theme name, e.g. "default" or "dark". */
  emailThemeName: { min: 1, max: maxLength.emailThemeName },
  /** An alias obeys the username length rule. */
  alias: { min: 1, max: maxLength.alias },
  /**
   * chosen: license activation tokens are at least 16 characters and at most 1000: they are
   * signed (Ed25519), so they carry their grant and a 64-byte signature and cannot fit
   * SPEC §9's e-mailed-token length of 96.
   */
  activationToken: { min: 16, max: maxLength.activationToken },
  /**
   * chosen: verification / confirmation / reset tokens carry ≥128 random bits (DESIGN §4),
   * which is at least 22 base64url characters; 16 is a floor that still rejects junk, and
   * SPEC §9's token length of 96 is the ceiling.
   */
  token: { min: 16, max: maxLength.token },
  /** An invite code is 1..20 characters (SPEC §9 inviteCode 20). */
  inviteCode: { min: 1, max: maxLength.inviteCode },
} as const;

/** SPEC §9: a seed is 20 to 100 characters (alias of lengthRange.seed). */
export const seedLength: Range = lengthRange.seed;

/**
 * The password rule of SPEC §5. SPEC gives two readings of the minimum ("6 or 9"); the stricter
 * one, 9, is used so that both readings are satisfied. "Fewer than 20 characters" means 19 at most.
 */
export const passwordRules = {
  minLength: 9,
  maxLength: 19,
} as const;

/** Length of a SHA-512 digest in lowercase hex: the only form in which a password travels (SPEC §5). */
export const sha512HexLength = maxLength.adminPasswordHash;

/** SPEC §9: port maximum 65535; ports start at 1. */
export const portRange: Range = { min: 1, max: 65_535 };

/** SPEC §9: rate limits are at most 10000 (chosen: per minute, at least 1 so nothing is silently blocked). */
export const rateLimitMax = 10_000;

/** SPEC §9: timeouts are at most 10000 (seconds). */
export const timeoutMax = 10_000;

/** The rate-limit range of SPEC §5 "integer, required, bounded" (chosen min 1). */
export const rateLimitRange: Range = { min: 1, max: rateLimitMax };

/** The timeout range of SPEC §5 "integer, required, bounded" (chosen min 1 second). */
export const timeoutRange: Range = { min: 1, max: timeoutMax };

/** chosen: 365 days in seconds; the generic TTL ceiling when a field has no finer bound. */
export const ttlMaxSeconds = 31_536_000;

/** SPEC §5 TTL: integer, min 1 (chosen max: one year in seconds). */
export const ttlRange: Range = { min: 1, max: ttlMaxSeconds };

/** SPEC §5 TTL variant that allows zero (0 = never expires). */
export const ttlAllowingZeroRange: Range = { min: 0, max: ttlMaxSeconds };

/** SPEC §5 failed sign-in attempts, "bounded" (chosen: 1..100; more would defeat the lockout). */
export const failedAttemptsRange: Range = { min: 1, max: 100 };

/** SPEC §5 OTP length: min 1 (chosen max 12 digits: longer codes are not typed by humans). */
export const otpLengthRange: Range = { min: 1, max: 12 };

/** SPEC §5 password history: min 1 (chosen max 24, the common enterprise policy ceiling). */
export const passwordHistoryRange: Range = { min: 1, max: 24 };

/**
 * SPEC §5: the license count is limited by the digit count of the system limit; SPEC §9 gives
 * licenseCount 10 digits, so the largest count is 9_999_999_999. That is below
 * Number.MAX_SAFE_INTEGER (≈ 9.0e15), so it is exact in JavaScript; a database column holding it
 * must be a 64-bit integer (it exceeds a 32-bit INTEGER).
 */
export const licenseCountRange: Range = {
  min: 1,
  max: Math.min(10 ** maxLength.licenseCount - 1, Number.MAX_SAFE_INTEGER),
};

/**
 * Bounds of the numeric system settings of SPEC §3 that SPEC leaves unnumbered (all chosen).
 * Units are in the names.
 */
export const settingsRange = {
  /** chosen: an admin console session lasts 1 hour to 30 days. */
  sessionExpiryHours: { min: 1, max: 720 },
  /** chosen: e-mailed tokens live 5 minutes to 7 days. */
  tokenExpiryMinutes: { min: 5, max: 10_080 },
  /** chosen: invitations last 1 day to 1 year. */
  userInviteExpiryDays: { min: 1, max: 365 },
  /** chosen: invite codes of 8 characters minimum, capped by SPEC §9's inviteCode 20. */
  inviteTokenLength: { min: 8, max: maxLength.inviteCode },
  /** SPEC §5 OTP length. */
  otpLength: otpLengthRange,
  /** chosen: an OTP is valid 30 seconds to 1 hour. */
  otpTtlSeconds: { min: 30, max: 3_600 },
  /** SPEC §5 TTL variant allowing zero: message TTL 0 (kept forever) to one year. */
  messageTtlSeconds: ttlAllowingZeroRange,
  /** chosen: attachments live 1 minute to one year (525 600 minutes). */
  attachmentTtlMinutes: { min: 1, max: 525_600 },
  /** SPEC §5 rate limit. */
  rateLimit: rateLimitRange,
  /** SPEC §5 timeout, in seconds. */
  callTimeoutSeconds: timeoutRange,
  /** chosen: SIP re-REGISTER every 30 seconds to 24 hours (RFC 3261 default expiry is 3600). */
  sipReregisterIntervalSeconds: { min: 30, max: 86_400 },
  /** SPEC §5 failed sign-in attempts. */
  failedSignIns: failedAttemptsRange,
  /** SPEC §5 password history. */
  passwordHistory: passwordHistoryRange,
  /** SPEC §9 port. */
  port: portRange,
  /** chosen: the access log keeps 30 days (a month's audit at least) to 10 years (3,650 days). */
  accessLogRetentionDays: { min: 30, max: 3_650 },
  /** chosen: a finished users import and its per-row results are kept 1 day to 10 years. */
  importRetentionDays: { min: 1, max: 3_650 },
  /** chosen: an access token for automation lives at most 1 day to a year and a day (GitHub's fine-grained tokens: 366). */
  accessTokenMaxDays: { min: 1, max: 366 },
  /** chosen: authenticated /v2 calls per principal per minute, 60 to 100,000 (default 1,200: 20 per second). */
  apiRateLimitPerMinute: { min: 60, max: 100_000 },
  /** chosen (issue #32): seats in one trial, one order, or a company admin's order: 1 to the largest license count. */
  licenseSeats: { min: 1, max: 9_999_999_999 },
} as const;

/** Element counts of list-valued fields (all chosen, so a single request stays small). */
export const maxCount = {
  /** Bulk user actions take 1..10 000 uids (matches the rate-limit ceiling). */
  bulkIds: 10_000,
  /** Aliases per user. */
  aliases: 20,
  /** Whitelisted domains per team. */
  domainsPerTeam: 100,
  /** E-mails or handles in one invitation request (up to 10 000 in one call). */
  inviteRecipients: 10_000,
  /** Teams listed on one admin or one association. */
  teams: 1_000,
} as const;

/** chosen: license packs are extended by 1 day to 10 years at a time. */
export const licenseExtendDaysRange: Range = { min: 1, max: 3_650 };

/** SPEC §9: a password reset link is valid for one hour. */
export const passwordResetValidityMinutes = 60;

/** SPEC §1 / §9: console languages. */
export const languages = ["en", "pt", "es"] as const;

/** SPEC §1 / §9: the default language. */
export const defaultLanguage = "en" satisfies (typeof languages)[number];

/** SPEC §1 / §9: product editions (public: licenses purchased; private: licenses activated). */
export const editions = ["public", "private"] as const;

/** SPEC §1 / §9: the version shown in the sidebar footer. */
export const APP_VERSION = "5.0.1";

/** SPEC §2 / §9: fixed layout sizes. */
export const layout = { sidebarWidthPx: 290, headerHeightPx: 80 } as const;

/** SPEC §9: a script chunk that has not loaded after 120 seconds is reported as a load error. */
export const scriptChunkLoadTimeoutMs = 120_000;

/** DESIGN §3: list page sizes; `limit` ≤ 200. */
export const listLimit = { default: 50, max: 200 } as const;

/** chosen: a license pack is "near expiration" within 30 days of its expiration. */
export const licenseNearExpirationDays = 30;

/** The terms (months) a license pack can be purchased for. */
export const licenseTermMonths = [1, 12, 24, 36] as const;

/** Expiry reminders go to a team's finance contact this many days before a pack expires. */
export const licenseReminderDays = [30, 7, 1] as const;

/** chosen: an activation token's term is 1 to 120 months (ten years, like the extension bound). */
export const licenseTokenTermMonthsRange: Range = { min: 1, max: 120 };

/**
 * chosen (#31, docs/DECISIONS.md "31 — access level"): SPEC §3 names an access level on users and
 * admins without values; it is a whole number from 0 (lowest) to 9, or not set (null).
 */
export const accessLevelRange: Range = { min: 0, max: 9 };
