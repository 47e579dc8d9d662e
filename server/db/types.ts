/**
 * Table types for Kysely. Property names are camelCase; the CamelCasePlugin maps them to the
 * snake_case columns created by the migrations. Conventions (see migrations/helpers.ts):
 * times are epoch milliseconds (number), booleans are Flag (0/1), JSON is a string.
 * `Generated<T>` marks columns with a database default (optional on insert).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Flag } from "./flags";
import type {
  AccessLogTable, AppSettingsTable, CaptchaRedemptionsTable, InstallationSecretsTable, MailOutboxTable, OneTimeTokensTable,
  RateLimitsTable, ServiceTokensTable, SessionsTable, SystemSettingsTable,
} from "./system-tables";

export type * from "./system-tables";

/** An epoch-millisecond time, stored in a bigint column. */
export type EpochMs = number;
/** A column the database fills in (identity) and that is never updated afterwards. */
type Id = ColumnType<number, number | undefined, never>;
/** A column that is set once on insert and never updated. */
type Immutable<T> = ColumnType<T, T, never>;

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
/** License pack status. */
export type LicenseStatus = "active" | "expired";
/** Invites go out by e-mail or as pre-provisioned handles. */
export type InviteType = "email" | "handle";
/** Status of an invite and of each of its recipients. */
export type InviteStatus = "pending" | "accepted" | "expired";
/** Company association status. */
export type AssociationStatus = "open" | "closed";

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

/** License packs; `teamId` null = undistributed, `parentId` = the pack it was distributed from. */
export interface LicensePacksTable {
  id: Id;
  teamId: number | null;
  parentId: number | null;
  licenseType: string;
  licenseCount: number;
  status: LicenseStatus;
  expiresAt: EpochMs | null;
  activationTokenHash: string | null;
  createdBy: number | null;
  createdAt: Immutable<EpochMs>;
  updatedAt: EpochMs;
  /** Public id (UUID), migration 0010; always set by the license service. */
  uid: string | null;
  source: Generated<LicenseSource>;
  /** The activation token's id; UNIQUE: a token activates once. */
  tokenId: string | null;
}

/** How a license pack was obtained. */
export type LicenseSource = "purchase" | "activation" | "distribution";

/** A purchase recorded by a payment provider (migration 0010). */
export interface LicenseOrdersTable {
  id: Id;
  invoiceNumber: string;
  provider: string;
  teamId: number | null;
  licensePackId: number | null;
  licenseType: string;
  licenseCount: number;
  termMonths: number;
  currency: string;
  unitPriceMinor: number;
  totalMinor: number;
  billedTo: string | null;
  createdBy: number | null;
  createdAt: Immutable<EpochMs>;
}

/** An expiry reminder sent for (pack, threshold, expiration): UNIQUE, so it is sent once (migration 0010). */
export interface LicenseRemindersTable {
  id: Id;
  licensePackId: number;
  thresholdDays: number;
  expiresAt: EpochMs;
  sentAt: EpochMs;
}

/**
 * One invitation per invited address (SPEC §3, migration 0012): its code is stored hashed;
 * `userId` is the pending user created with it (NULL once expired).
 */
export interface InvitesTable {
  id: Id;
  uid: Immutable<string>;
  teamId: number;
  licensePackId: number | null;
  type: InviteType;
  address: string;
  lang: Generated<string>;
  matchUser: Generated<Flag>;
  directSignin: Generated<Flag>;
  codeHash: string;
  status: Generated<InviteStatus>;
  expiresAt: EpochMs;
  issuedAt: EpochMs;
  lastSentAt: EpochMs | null;
  acceptedAt: EpochMs | null;
  userId: number | null;
  createdBy: number | null;
}

/** Company associations (SPEC §3). */
export interface AssociationsTable {
  id: Id;
  /** The public id (migration 0011). */
  uid: Immutable<string>;
  name: string;
  status: AssociationStatus;
  closedCommunications: Generated<Flag>;
  createdAt: Immutable<EpochMs>;
  updatedAt: EpochMs;
}

/** Teams in a company association. */
export interface AssociationTeamsTable {
  associationId: number;
  teamId: number;
}

/** The whole schema, keyed by table name as Kysely sees it. */
export interface Database {
  teams: TeamsTable;
  teamDomains: TeamDomainsTable;
  admins: AdminsTable;
  adminPasswordHistory: AdminPasswordHistoryTable;
  adminTeams: AdminTeamsTable;
  users: UsersTable;
  userAliases: UserAliasesTable;
  userPasswordHistory: UserPasswordHistoryTable;
  userTokens: UserTokensTable;
  devices: DevicesTable;
  locations: LocationsTable;
  licensePacks: LicensePacksTable;
  licenseOrders: LicenseOrdersTable;
  licenseReminders: LicenseRemindersTable;
  invites: InvitesTable;
  associations: AssociationsTable;
  associationTeams: AssociationTeamsTable;
  appSettings: AppSettingsTable;
  systemSettings: SystemSettingsTable;
  oneTimeTokens: OneTimeTokensTable;
  sessions: SessionsTable;
  accessLog: AccessLogTable;
  mailOutbox: MailOutboxTable;
  serviceTokens: ServiceTokensTable;
  rateLimits: RateLimitsTable;
  captchaRedemptions: CaptchaRedemptionsTable;
  installationSecrets: InstallationSecretsTable;
}

/** A selected row of table T, e.g. `Row<"admins">`. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;
/** The insert shape of table T. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
/** The update shape of table T. */
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
