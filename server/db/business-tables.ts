/** Table types of licenses, invitations, associations and user imports (conventions: columns.ts). */
import type { Generated } from "kysely";
import type { EpochMs, Id, Immutable } from "./columns";
import type { Flag } from "./flags";

/** License pack status. */
export type LicenseStatus = "active" | "expired";
/** Invites go out by e-mail or as pre-provisioned handles. */
export type InviteType = "email" | "handle";
/** Status of an invitation (migration 0012 adds `expired`, set by housekeeping). */
export type InviteStatus = "pending" | "accepted" | "expired";
/** Company association status. */
export type AssociationStatus = "open" | "closed";

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

/** Where a users import stands (migration 0013). */
export type UserImportStatus = "running" | "done" | "failed" | "rejected";
/** What became of one row of a users import. */
export type UserImportOutcome = "created" | "changed" | "unchanged" | "invalid" | "duplicate" | "failed" | "skipped";

/** A users import: owner, file checksum, progress, counts and the running process's lease. */
export interface UserImportsTable {
  id: Id;
  uid: Immutable<string>;
  adminId: number;
  fileSha256: string;
  allOrNothing: Flag;
  status: UserImportStatus;
  errorCode: string | null;
  totalRows: number;
  processedRows: Generated<number>;
  createdCount: Generated<number>;
  changedCount: Generated<number>;
  unchangedCount: Generated<number>;
  invalidCount: Generated<number>;
  duplicateCount: Generated<number>;
  failedCount: Generated<number>;
  leaseToken: string;
  leaseUntil: EpochMs;
  createdAt: Immutable<EpochMs>;
  updatedAt: EpochMs;
  finishedAt: EpochMs | null;
}

/** One processed row of a users import; UNIQUE (importId, rowNumber). */
export interface UserImportRowsTable {
  id: Id;
  importId: number;
  rowNumber: number;
  username: string | null;
  team: string | null;
  outcome: UserImportOutcome;
  code: string | null;
  field: string | null;
}
