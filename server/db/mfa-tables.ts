/** Table types of an admin's second factors (migration 0018; conventions: columns.ts). */
import type { Generated } from "kysely";
import type { EpochMs, Id, Immutable } from "./columns";

/** An admin's TOTP factor: the encrypted secret, the last accepted time step, confirmation time. */
export interface AdminTotpTable {
  id: Id;
  adminId: Immutable<number>;
  /** AES-256-GCM ciphertext of the base32 secret (services/mfa/secretBox). */
  secret: string;
  lastStep: number | null;
  confirmedAt: EpochMs | null;
  createdAt: Immutable<EpochMs>;
}

/** One single-use recovery code (SHA-256 hex only). */
export interface AdminRecoveryCodesTable {
  id: Id;
  adminId: Immutable<number>;
  codeHash: Immutable<string>;
  usedAt: EpochMs | null;
  createdAt: Immutable<EpochMs>;
}

/** A WebAuthn credential (passkey or security key) of an admin. */
export interface AdminPasskeysTable {
  id: Id;
  uid: Immutable<string>;
  adminId: Immutable<number>;
  name: string;
  credentialId: Immutable<string>;
  publicKey: Immutable<string>;
  counter: Generated<number>;
  /** JSON array of transport hints. */
  transports: Generated<string>;
  createdAt: Immutable<EpochMs>;
  lastUsedAt: EpochMs | null;
}

/** What a challenge is for: the sign-in second step, or adding a passkey. */
export type MfaChallengePurpose = "signin" | "passkeyAdd";

/** A short-lived single-use challenge (only its SHA-256 stored). */
export interface MfaChallengesTable {
  id: Id;
  tokenHash: Immutable<string>;
  adminId: Immutable<number>;
  purpose: Immutable<MfaChallengePurpose>;
  /** The WebAuthn challenge (base64url) the ceremony must sign, when there is one. */
  data: string | null;
  expiresAt: Immutable<EpochMs>;
  createdAt: Immutable<EpochMs>;
}

/** When a requiring MFA policy first applied to an admin without a factor: the grace period counts from here. */
export interface MfaGraceTable {
  adminId: number;
  startedAt: EpochMs;
}
