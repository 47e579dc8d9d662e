/**
 * Invitation codes: random, of the 'invite token length' setting (8..20), from an
 * alphabet without look-alike characters so an invitee can type one; only the SHA-256 hash is
 * stored, and a redemption compares hashes in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 32 characters (no 0/O, 1/I): a random byte masked to 5 bits picks one without bias. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A new code of `length` characters (5 random bits each). */
export function newInviteCode(length: number): string {
  const bytes = randomBytes(length);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code;
}

/** The stored form of a code: codes are typed case-insensitively, so the upper-case form is hashed. */
export function inviteCodeHash(code: string): string {
  return createHash("sha256").update(code.trim().toUpperCase()).digest("hex");
}

/** Whether a stored hash equals the hash of a typed code, in time independent of where they differ. */
export function sameCodeHash(stored: string, typed: string): boolean {
  const a = Buffer.from(stored, "hex");
  const b = Buffer.from(typed, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
