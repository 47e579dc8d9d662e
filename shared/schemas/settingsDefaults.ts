/**
 * Factory defaults of every settings group: what a fresh installation uses until a root admin
 * changes them. Each value lies within the bounds of limits.ts; a unit test parses every group.
 */
import { passwordResetValidityMinutes } from "../limits";
import type { AppRelease, Settings } from "./settings";

/** Placeholder download location; operators replace it on the Apps page. */
const appRelease = (platform: string): AppRelease => ({
  minVersion: "1.0.0",
  lastVersion: "5.0.1",
  downloadUrl: `https://downloads.example.com/bulwark/${platform}`,
});

/**
 * The default of every group (chosen values, except the SPEC ones noted): admin password reset
 * token 60 minutes (SPEC §9 "one hour"), 5 failed admin sign-ins before lockout (DESIGN brief).
 */
export const DEFAULT_SETTINGS: Settings = {
  general: {
    warningBanner: {
      en: "This system is for authorized use only. Activity may be monitored and recorded.",
      pt: "Este sistema destina-se apenas a utilização autorizada. A atividade pode ser monitorizada e registada.",
      es: "Este sistema es solo para uso autorizado. La actividad puede ser supervisada y registrada.",
    },
    urlPrefixes: { api: "api", aux: "aux", sip: "sip", vault: "vault", emp: "emp", my: "my" },
    crashReports: false,
    multipleDeviceSupport: true,
    emailNotifications: true,
    registrationEnabled: false,
    userInviteExpiryDays: 7,
    inviteTokenLength: 12,
  },
  messaging: {
    messageTtlSeconds: 0,
    messageRateLimit: 600,
  },
  attachments: {
    attachmentTtlMinutes: 43_200,
    attachmentRateLimit: 60,
  },
  calling: {
    callTimeoutDefault: 45,
    callTimeoutMax: 120,
    callTimeoutMin: 15,
    callingRateLimit: 60,
    sipReregisterInterval: 600,
    turn: null,
  },
  security: {
    niapMode: false,
    pinLock: false,
    sessionExpiryHours: 8,
    adminRegistrationTokenExpiryMinutes: 1_440,
    adminPasswordResetTokenExpiryMinutes: passwordResetValidityMinutes,
    userRegistrationTokenExpiryMinutes: 1_440,
    userPasswordResetTokenExpiryMinutes: passwordResetValidityMinutes,
    otpLength: 6,
    otpTtl: 300,
    maxFailedAdminSignIns: 5,
    maxFailedUserSignIns: 10,
    adminPasswordHistory: 5,
    userPasswordHistory: 5,
    accessLogRetentionDays: 365,
    importRetentionDays: 30,
    accessTokenMaxDays: 366,
    accessTokenNoExpiry: false,
    apiRateLimitPerMinute: 1_200,
    mfaRequiredForSuperAdmins: false,
    mfaRequiredForAllAdmins: false,
    mfaGraceDays: 7,
  },
  tls: {
    ciphers:
      "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256",
    port: 443,
  },
  apps: {
    android: appRelease("android"),
    ios: appRelease("ios"),
    windows: appRelease("windows"),
    ecs: appRelease("ecs"),
  },
  certs: {
    mutualAuthentication: false,
    clientCertUserCheck: false,
    clientCaCertificates: null,
    serverCertificateChain: null,
    serverPrivateKey: null,
  },
  // chosen (issue #32): a trial once per company, up to 50 seats; at most 100,000 seats an order;
  // a company admin may order up to 1,000 seats, larger orders are a super administrator's.
  licenses: {
    trialRootOnly: false,
    maxTrialSeats: 50,
    maxSeatsPerOrder: 100_000,
    adminOrderLimit: 1_000,
  },
};
