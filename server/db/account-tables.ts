/** Table types of teams, admins, end users and their devices (conventions: columns.ts). */
import type { Generated } from "kysely";
import type { EpochMs, Id, Immutable } from "./columns";
import type { Flag } from "./flags";

/** Certificate revocation strategy of a team (SPEC §3). */
export type CertRevocation = "ocsp" | "ocsp_crl" | "disabled";
/** Admin roles: root administers everything, admin only its teams. */
export type AdminRole = "root" | "admin";
/** Admin account lifecycle (SPEC §4). */
export type AdminStatus = "registered" | "invited" | "active" | "blocked";
/** End-user status shown on the dashboard (SPEC §4). */
export type UserStatus = "active" | "pending" | "blocked";
/** Device platform codes (SPEC §3). */
export type PlatformCode = 1 | 2 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

/** Companies (SPEC §3 "team"); referenced publicly by `slug`. */
export interface TeamsTable {
  id: Id;
  slug: string;
  teamName: string;
  institution: string | null;
  notes: string | null;
  contactEmailFinance: string | null;
  contactEmailOperations: string | null;
  contactEmailSupport: string | null;
  city: string | null;
  country: string | null;
  language: Generated<string>;
  timezone: string | null;
  /** JSON object of per-team setting overrides. */
  customSettings: Generated<string>;
  emailTheme: string | null;
  authOauthClientId: string | null;
  authAuthority: string | null;
  authDiscovery: string | null;
  authVersion: string | null;
  authTenantId: string | null;
  authAzureAdSync: Generated<Flag>;
  authCertRevocation: Generated<CertRevocation>;
  createdAt: Immutable<EpochMs>;
  updatedAt: EpochMs;
}

/** E-mail domains owned by a team (SPEC §3 "domain association"); unique across teams. */
export interface TeamDomainsTable {
  id: Id;
  teamId: number;
  domain: string;
  createdAt: Immutable<EpochMs>;
}

/** Console administrators; `uid` is the public id, `username` is stored lowercase. */
export interface AdminsTable {
  id: Id;
  uid: Immutable<string>;
  username: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
  status: AdminStatus;
  lang: Generated<string>;
  timezone: Generated<string>;
  passwordHash: string | null;
  failedAttempts: Generated<number>;
  lockedUntil: EpochMs | null;
  /** Bumped to revoke every JWT and session issued before (DESIGN §4). */
  tokenVersion: Generated<number>;
  suid: string | null;
  guid: string | null;
  accessLevel: string | null;
  ipAddress: string | null;
  createdAt: Immutable<EpochMs>;
  updatedAt: EpochMs;
  lastSeenAt: EpochMs | null;
  verifiedAt: EpochMs | null;
}

/** Previous admin password hashes, for the password-history rule. */
export interface AdminPasswordHistoryTable {
  id: Id;
  adminId: number;
  passwordHash: string;
  createdAt: Immutable<EpochMs>;
}

/**
 * An admin's access token for automation (migration 0016): only the secret's SHA-256 is kept;
 * `permissions` and `teamIds` are JSON arrays (teamIds null = all of the admin's companies).
 */
export interface AccessTokensTable {
  id: Id;
  uid: Immutable<string>;
  adminId: Immutable<number>;
  name: string;
  tokenHash: Immutable<string>;
  permissions: string;
  teamIds: string | null;
  createdAt: Immutable<EpochMs>;
  expiresAt: EpochMs | null;
  lastUsedAt: EpochMs | null;
  lastUsedFrom: string | null;
  expiryNotifiedAt: EpochMs | null;
}

/** Which teams a (non-root) admin manages. */
export interface AdminTeamsTable {
  adminId: number;
  teamId: number;
}

/** End users of the communications service. */
export interface UsersTable {
  id: Id;
  uid: Immutable<string>;
  username: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  teamId: number;
  role: Generated<string>;
  accessLevel: string | null;
  status: UserStatus;
  isEcs: Generated<Flag>;
  isSip: Generated<Flag>;
  isCellcrypt: Generated<Flag>;
  ipAddress: string | null;
  passwordHash: string | null;
  createdAt: Immutable<EpochMs>;
  updatedAt: EpochMs;
  lastSeenAt: EpochMs | null;
  /** The user's devices, kept by triggers on devices (migration 0007); never written by the app. */
  deviceCount: Generated<number>;
}

/**
 * Per-team figures kept by triggers in the transaction of every write (migration 0019); never
 * written by the app except server/db/counters.ts's recount after a bulk load.
 */
export interface TeamCountersTable {
  teamId: number;
  users: Generated<number>;
  active: Generated<number>;
  pending: Generated<number>;
  blocked: Generated<number>;
  devices: Generated<number>;
  /** Pending invitations that still have their pending user (past their expiry included). */
  invites: Generated<number>;
}

/** Additional usernames a user can be reached by; unique across all users. */
export interface UserAliasesTable {
  id: Id;
  userId: number;
  alias: string;
}

/** Previous user password hashes, for the password-history rule. */
export interface UserPasswordHistoryTable {
  id: Id;
  userId: number;
  passwordHash: string;
  createdAt: Immutable<EpochMs>;
}

/** What a user token may be used for: a password reset link, or completing registration. */
export type UserTokenPurpose = "reset" | "register";

/**
 * Hashed single-use tokens for end users (migration 0004): issued by the console (password
 * reset), redeemed by the communications service through the service API.
 */
export interface UserTokensTable {
  id: Id;
  tokenHash: string;
  purpose: UserTokenPurpose;
  userId: number;
  expiresAt: EpochMs;
  usedAt: EpochMs | null;
  createdAt: Immutable<EpochMs>;
}

/** A user's devices; a device can be remotely wiped (SPEC §4). */
export interface DevicesTable {
  id: Id;
  uid: Immutable<string>;
  userId: number;
  platform: PlatformCode;
  appVersion: string | null;
  /** Comparable key of appVersion, kept by triggers (migration 0014); never written by the app. */
  versionKey: Generated<string | null>;
  deviceName: string | null;
  deviceToken: string | null;
  osVersion: string | null;
  browser: string | null;
  createdAt: Immutable<EpochMs>;
  lastSeenAt: EpochMs;
  wipeRequestedAt: EpochMs | null;
  wipeRequestedBy: number | null;
  wipedAt: EpochMs | null;
}

/** Where a device was seen. */
export interface LocationsTable {
  id: Id;
  deviceId: number;
  city: string | null;
  country: string | null;
  geocountry: string | null;
  ip: string | null;
  recordedAt: EpochMs;
}
