/**
 * System settings of SPEC §3, one schema per group of `PUT v2/settings/<group>` (SPEC §7). Each
 * group is exported twice: the plain shape (for partial team overrides, see customSettings.ts) and
 * the full schema with cross-field rules (a PUT replaces the whole group).
 */
import type { z } from "zod";
import { maxLength, settingsRange } from "../limits";
import { bool, intIn, multiLineStr, obj, requiredText } from "./builders";
import { V } from "./messages";
import {
  appVersion,
  ciphers,
  compareAppVersions,
  failedAttempts,
  otpLength,
  passwordHistory,
  port,
  prefix,
  rateLimit,
  timeout,
  turnUrl,
  url,
  warningBanner,
} from "./primitives";

/** The settings groups, in the order of the settings page; each is `PUT v2/settings/<group>`. */
export const SETTINGS_GROUPS = ["general", "messaging", "attachments", "calling", "security", "tls", "apps", "certs", "licenses"] as const;

/** A settings group name. */
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** Alias of `SettingsGroup` (the name the server's settings service uses). */
export type SettingsGroupName = SettingsGroup;

/** General: banners, URL prefixes, feature switches and invitation parameters. */
export const generalSettingsShape = {
  /** Warning banner per console language. */
  warningBanner: obj({ en: warningBanner, pt: warningBanner, es: warningBanner }),
  /** Host-name prefixes of the service endpoints. */
  urlPrefixes: obj({ api: prefix, aux: prefix, sip: prefix, vault: prefix, emp: prefix, my: prefix }),
  crashReports: bool(),
  multipleDeviceSupport: bool(),
  emailNotifications: bool(),
  registrationEnabled: bool(),
  userInviteExpiryDays: intIn(settingsRange.userInviteExpiryDays),
  inviteTokenLength: intIn(settingsRange.inviteTokenLength),
};
/** `PUT v2/settings/general`. */
export const GeneralSettingsSchema = obj(generalSettingsShape);
/** General settings. */
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

/** Messaging: message TTL in seconds (0 = kept forever, the TTL variant allowing zero) and rate limit. */
export const messagingSettingsShape = {
  messageTtlSeconds: intIn(settingsRange.messageTtlSeconds),
  messageRateLimit: rateLimit,
};
/** `PUT v2/settings/messaging`. */
export const MessagingSettingsSchema = obj(messagingSettingsShape);
/** Messaging settings. */
export type MessagingSettings = z.infer<typeof MessagingSettingsSchema>;

/** Attachments: TTL in minutes and rate limit. */
export const attachmentsSettingsShape = {
  attachmentTtlMinutes: intIn(settingsRange.attachmentTtlMinutes),
  attachmentRateLimit: rateLimit,
};
/** `PUT v2/settings/attachments`. */
export const AttachmentsSettingsSchema = obj(attachmentsSettingsShape);
/** Attachment settings. */
export type AttachmentsSettings = z.infer<typeof AttachmentsSettingsSchema>;

/**
 * TURN/STUN relay credentials. The password is a service credential handed to the apps, so it is
 * stored as given (≤ passwordPlaintext 300), unlike admin and user passwords.
 */
export const TurnServerSchema = obj({
  url: turnUrl,
  username: requiredText(maxLength.username).regex(/^\S+$/, { error: V.noSpaces }),
  password: requiredText(maxLength.passwordPlaintext),
});

/** Calling: timeouts in seconds, rate limit, SIP re-register interval, TURN (null = not configured). */
export const callingSettingsShape = {
  callTimeoutDefault: timeout,
  callTimeoutMax: timeout,
  callTimeoutMin: timeout,
  callingRateLimit: rateLimit,
  sipReregisterInterval: intIn(settingsRange.sipReregisterIntervalSeconds),
  turn: TurnServerSchema.nullable(),
};

/** The call-timeout fields, any of which may be absent in a partial override. */
export interface CallTimeouts {
  readonly callTimeoutDefault?: number | undefined;
  readonly callTimeoutMax?: number | undefined;
  readonly callTimeoutMin?: number | undefined;
}

/** Reports `min ≤ default ≤ max` violations among the call timeouts present. */
export function checkCallTimeouts(value: CallTimeouts, ctx: z.RefinementCtx): void {
  const { callTimeoutMin: min, callTimeoutDefault: def, callTimeoutMax: max } = value;
  const fail = (path: keyof CallTimeouts) =>
    ctx.addIssue({ code: "custom", message: V.callTimeoutOrder, path: [path], input: value[path] });
  if (min !== undefined && def !== undefined && min > def) fail("callTimeoutMin");
  else if (min !== undefined && max !== undefined && min > max) fail("callTimeoutMin");
  if (def !== undefined && max !== undefined && def > max) fail("callTimeoutDefault");
}

/** `PUT v2/settings/calling`. */
export const CallingSettingsSchema = obj(callingSettingsShape).superRefine(checkCallTimeouts);
/** Calling settings. */
export type CallingSettings = z.infer<typeof CallingSettingsSchema>;

/** chosen: an admin who must set up a second factor may sign in without one for 0 (at once) to 90 days. */
const mfaGraceDaysRange = { min: 0, max: 90 } as const;

/** Security: sessions, e-mailed token expiries (minutes), OTP, lockouts and password history. */
export const securitySettingsShape = {
  niapMode: bool(),
  pinLock: bool(),
  sessionExpiryHours: intIn(settingsRange.sessionExpiryHours),
  adminRegistrationTokenExpiryMinutes: intIn(settingsRange.tokenExpiryMinutes),
  adminPasswordResetTokenExpiryMinutes: intIn(settingsRange.tokenExpiryMinutes),
  userRegistrationTokenExpiryMinutes: intIn(settingsRange.tokenExpiryMinutes),
  userPasswordResetTokenExpiryMinutes: intIn(settingsRange.tokenExpiryMinutes),
  otpLength,
  /** OTP validity in seconds. */
  otpTtl: intIn(settingsRange.otpTtlSeconds),
  maxFailedAdminSignIns: failedAttempts,
  maxFailedUserSignIns: failedAttempts,
  adminPasswordHistory: passwordHistory,
  userPasswordHistory: passwordHistory,
  /** Days the access log keeps an entry; the housekeeping job removes older ones. */
  accessLogRetentionDays: intIn(settingsRange.accessLogRetentionDays),
  /** Days a finished users import keeps its record and per-row results; the housekeeping job removes older ones. */
  importRetentionDays: intIn(settingsRange.importRetentionDays),
  /** The longest expiry an admin may give an access token (days); the default offered is 90 or this, whichever is less. */
  accessTokenMaxDays: intIn(settingsRange.accessTokenMaxDays),
  /** Whether an access token may be created without an expiry (off: every token expires). */
  accessTokenNoExpiry: bool(),
  /** Authenticated /v2 calls one principal (admin session, access token or service token) may make per minute, across instances. */
  apiRateLimitPerMinute: intIn(settingsRange.apiRateLimitPerMinute),
  /** Super administrators must sign in with a second factor (issue #29 policy). */
  mfaRequiredForSuperAdmins: bool(),
  /** Every administrator must sign in with a second factor (includes super administrators). */
  mfaRequiredForAllAdmins: bool(),
  /** Days an admin the policy applies to may still sign in without a factor, counted from the first sign-in that asked. */
  mfaGraceDays: intIn(mfaGraceDaysRange),
};
/** `PUT v2/settings/security`. */
export const SecuritySettingsSchema = obj(securitySettingsShape);
/** Security settings. */
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

/** TLS of the service endpoints (the TLS/domain tab). */
export const tlsSettingsShape = { ciphers, port };
/** `PUT v2/settings/tls`. */
export const TlsSettingsSchema = obj(tlsSettingsShape);
/** TLS settings. */
export type TlsSettings = z.infer<typeof TlsSettingsSchema>;

/** One platform's app release info; the minimum supported version cannot exceed the last released one. */
export const AppReleaseSchema = obj({ minVersion: appVersion, lastVersion: appVersion, downloadUrl: url }).superRefine((value, ctx) => {
  // Refinements also run after format issues; compare only two well-formed versions.
  const wellFormed = appVersion.safeParse(value.minVersion).success && appVersion.safeParse(value.lastVersion).success;
  if (wellFormed && compareAppVersions(value.minVersion, value.lastVersion) > 0) {
    ctx.addIssue({ code: "custom", message: V.appVersionOrder, path: ["minVersion"], input: value.minVersion });
  }
});
/** App release info of one platform. */
export type AppRelease = z.infer<typeof AppReleaseSchema>;

/** Apps: release info per platform of the /apps page. */
export const appsSettingsShape = {
  android: AppReleaseSchema,
  ios: AppReleaseSchema,
  windows: AppReleaseSchema,
  ecs: AppReleaseSchema,
};
/** `PUT v2/settings/apps`. */
export const AppsSettingsSchema = obj(appsSettingsShape);
/** App settings. */
export type AppsSettings = z.infer<typeof AppsSettingsSchema>;

const PEM_BUNDLE = /^(?:-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*)+$/;

/** A PEM bundle of one or more X.509 certificates (shape checked; the server parses it). */
export const pemCertificates = multiLineStr({ trim: true })
  .min(1, { error: V.required, abort: true })
  .max(maxLength.certificate, { error: V.tooLong, abort: true })
  .regex(PEM_BUNDLE, { error: V.certificate });

const PEM_PRIVATE_KEY = /^-----BEGIN (RSA |EC )?PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END \1PRIVATE KEY-----$/;

/**
 * An unencrypted PEM private key (PKCS#8, or the RSA / EC forms openssl writes); shape checked
 * here, parsed with `createPrivateKey` and matched against the leaf certificate by the server.
 */
export const pemPrivateKey = multiLineStr({ trim: true })
  .min(1, { error: V.required, abort: true })
  .max(maxLength.privateKey, { error: V.tooLong, abort: true })
  .regex(PEM_PRIVATE_KEY, { error: V.privateKey });

/**
 * Certificates: mutual TLS, client-certificate user check, trusted client CA bundle (null = none),
 * and the service endpoints' server certificate chain (leaf first) with its private key. The key
 * is write-only: stored, never sent back (GET shows `serverPrivateKeySet`), masked in the log.
 */
export const certsSettingsShape = {
  mutualAuthentication: bool(),
  clientCertUserCheck: bool(),
  clientCaCertificates: pemCertificates.nullable(),
  serverCertificateChain: pemCertificates.nullable(),
  serverPrivateKey: pemPrivateKey.nullable(),
};
/** `PUT v2/settings/certs`. */
export const CertsSettingsSchema = obj(certsSettingsShape);
/** Certificate settings. */
export type CertsSettings = z.infer<typeof CertsSettingsSchema>;

/**
 * Licenses (issue #32, the purchase rules a vendor sets): who may start a trial and how large it
 * may be, the most seats one order may buy, and the order size above which a company admin is
 * refused (`licenseOrderNeedsRoot`) and a super administrator must place it.
 */
export const licensesSettingsShape = {
  /** On: only a super administrator starts trials; off: any admin, once per company. */
  trialRootOnly: bool(),
  maxTrialSeats: intIn(settingsRange.licenseSeats),
  maxSeatsPerOrder: intIn(settingsRange.licenseSeats),
  adminOrderLimit: intIn(settingsRange.licenseSeats),
};
/** `PUT v2/settings/licenses`. */
export const LicensesSettingsSchema = obj(licensesSettingsShape);
/** License purchase rules. */
export type LicensesSettings = z.infer<typeof LicensesSettingsSchema>;

/** The full schema of each group, keyed by the `<group>` of `PUT v2/settings/<group>`. */
export const SettingsGroupSchemas = {
  general: GeneralSettingsSchema,
  messaging: MessagingSettingsSchema,
  attachments: AttachmentsSettingsSchema,
  calling: CallingSettingsSchema,
  security: SecuritySettingsSchema,
  tls: TlsSettingsSchema,
  apps: AppsSettingsSchema,
  certs: CertsSettingsSchema,
  licenses: LicensesSettingsSchema,
} as const satisfies Record<SettingsGroup, z.ZodType>;

/** Every system setting, by group. */
export type Settings = { [G in SettingsGroup]: z.infer<(typeof SettingsGroupSchemas)[G]> };

/** The whole settings document (all groups), e.g. for import/export and the server's settings row. */
export const SettingsSchema = obj(SettingsGroupSchemas);
