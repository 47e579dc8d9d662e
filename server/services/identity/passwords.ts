import { createHmac } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import argon2 from "argon2";

/**
 * OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong enough against GPUs while a
 * sign-in still costs tens of milliseconds on a 2-core server.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The pepper defeats hash shucking: a leaked database alone cannot be checked against SHA-512 dumps. */
function peppered(pepper: string, sha512Hex: string): Buffer {
  return createHmac("sha256", pepper).update(sha512Hex).digest();
}

/** Stored form of a password the client already hashed with SHA-512 (DESIGN §4). */
export async function hashPassword(pepper: string, sha512Hex: string): Promise<string> {
  return argon2.hash(peppered(pepper, sha512Hex), ARGON2_OPTIONS);
}

/**
 * Where every argon2 verification is announced (node:diagnostics_channel; free when nobody
 * listens). Tests subscribe to prove that refused and unknown accounts cost the same work as a
 * real check, which wall-clock timing could never show reliably.
 */
export const PASSWORD_VERIFY_CHANNEL = diagnostics.channel("bulwark:password-verify");

let dummyHash: Promise<string> | null = null;

/** A hash of a password nobody sends, made with the same parameters, for checks with nothing real to compare. */
function dummyHashFor(pepper: string): Promise<string> {
  dummyHash ??= hashPassword(pepper, "0".repeat(128));
  return dummyHash;
}

/**
 * Whether the client's SHA-512 hex matches a stored hash; a missing or malformed stored hash never
 * matches but still costs one verification (against a dummy hash), so it answers no faster.
 */
export async function verifyPassword(pepper: string, stored: string | null, sha512Hex: string): Promise<boolean> {
  const against = stored ?? (await dummyHashFor(pepper));
  if (PASSWORD_VERIFY_CHANNEL.hasSubscribers) PASSWORD_VERIFY_CHANNEL.publish({ dummy: stored === null });
  try {
    return (await argon2.verify(against, peppered(pepper, sha512Hex))) && stored !== null;
  } catch {
    return false;
  }
}

/** Spends the time a real check would, so an unknown username answers as slowly as a wrong password. */
export async function burnPasswordCheck(pepper: string, sha512Hex: string): Promise<void> {
  await verifyPassword(pepper, null, sha512Hex);
}
