/**
 * Table types of the system tables (settings, tokens, sessions, audit log, mail outbox),
 * conventions in columns.ts. Import them from types.ts.
 */
import type { ColumnType, Generated } from "kysely";
import type { EpochMs, Id, Immutable } from "./columns";

/** Platforms with app version settings. */
export type AppPlatform = "android" | "ios" | "windows" | "ecs";
/** Groups of system settings, one JSON document each. */
export type SettingsGroup = "general" | "messaging" | "attachments" | "calling" | "security" | "tls" | "apps" | "certs" | "licenses";
/** What a one-time token may be used for. */
export type TokenPurpose = "verify" | "reset" | "admin_invite" | "setup";
/** Outcome recorded in the access log. */
export type AccessOutcome = "success" | "failure";
/** Delivery state of an outbox message. */
export type MailStatus = "pending" | "sent" | "failed";

/** App version settings per platform. */
export interface AppSettingsTable {
  platform: AppPlatform;
  minVersion: string | null;
  lastVersion: string | null;
  downloadUrl: string | null;
  updatedAt: EpochMs;
}

/** System settings, one JSON document per group. */
export interface SystemSettingsTable {
  groupName: SettingsGroup;
  value: string;
  updatedAt: EpochMs;
  updatedBy: number | null;
}

/** Hashed single-use tokens for verification, reset, admin invitation and first setup. */
export interface OneTimeTokensTable {
  id: Id;
  tokenHash: string;
  purpose: TokenPurpose;
  adminId: number;
  expiresAt: EpochMs;
  usedAt: EpochMs | null;
  createdAt: Immutable<EpochMs>;
}

/** The express-session store. */
export interface SessionsTable {
  sid: string;
  /** The serialized session (JSON). */
  sess: string;
  expiresAt: EpochMs;
}

/** Fixed-window hit counters of the per-address rate limits, shared by every process (migration 0006). */
export interface RateLimitsTable {
  /** "<limiter>:<client address>", or "<limiter>:#<SHA-256>" when that would not fit. */
  key: string;
  hits: number;
  /** End of the current window; the row may be pruned after it. */
  resetAt: EpochMs;
}

/** Stored answers of writes sent with an Idempotency-Key, per principal and key (migration 0017). */
export interface IdempotencyKeysTable {
  /** principalKey(): "admin:<id>", "token:<id>" or "service:<id>". */
  principal: string;
  /** The client's Idempotency-Key (1–255 printable ASCII). */
  key: string;
  /** SHA-256 (hex) of the method, the path and the SHA-256 of the raw body: a repeat must match it. */
  fingerprint: string;
  /** The stored answer's status; null while the first request runs. */
  status: number | null;
  /** JSON object of the headers replayed with the answer, or null. */
  headers: string | null;
  /** The JSON answer; null while running. */
  body: string | null;
  /** When the running request claimed the key (a takeover claims it anew): its holder's mark. */
  createdAt: EpochMs;
  /** The lease's end while running, the 24 hours' end once answered; the row may be pruned after it. */
  expiresAt: EpochMs;
}

/** Redeemed ALTCHA challenges, so each is accepted once across every process (migration 0006). */
export interface CaptchaRedemptionsTable {
  /** SHA-256 (hex) of the challenge's signature. */
  signatureHash: string;
  /** When the challenge can no longer be redeemed anyway; the row may be pruned after it. */
  expiresAt: EpochMs;
}

/** Audit trail of sign-ins and privileged changes (DESIGN §4); append-only. */
export interface AccessLogTable {
  id: Id;
  createdAt: Immutable<EpochMs>;
  actorAdminId: number | null;
  actorUsername: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  teamId: number | null;
  ip: string | null;
  userAgent: string | null;
  outcome: AccessOutcome;
  /** JSON object, or null. */
  details: string | null;
  /** The id of the request that wrote it (migration 0015); null for older entries and jobs. */
  requestId: ColumnType<string | null, string | null | undefined, never>;
}

/** Transactional e-mail outbox; `messageId` deduplicates at-least-once delivery. */
export interface MailOutboxTable {
  id: Id;
  messageId: string;
  toAddress: string;
  template: string;
  lang: string;
  /** JSON object: the template variables. */
  payload: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  nextAttemptAt: EpochMs;
  lastError: string | null;
  createdAt: Immutable<EpochMs>;
  sentAt: EpochMs | null;
}

/** Hashed API tokens for CI and automation. */
export interface ServiceTokensTable {
  id: Id;
  name: string;
  tokenHash: string;
  createdBy: number | null;
  createdAt: Immutable<EpochMs>;
  lastUsedAt: EpochMs | null;
  revokedAt: EpochMs | null;
}

/** Generated secrets shared by every process of a PostgreSQL installation (migration 0009). */
export interface InstallationSecretsTable {
  /** The environment variable that overrides it: JWT_SECRET, SESSION_SECRET or PASSWORD_PEPPER. */
  name: string;
  value: string;
  createdAt: Immutable<EpochMs>;
}
