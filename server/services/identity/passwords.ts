import { createHmac } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import argon2 from "argon2";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";


/**
 * OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong enough against GPUs while a
 * sign-in still costs tens of milliseconds on a 2-core server.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** How many old hashes are kept per admin: the largest history setting allowed. */
const HISTORY_KEPT = 24;

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

/** Whether the password equals any of the admin's last `count` passwords (the current one included). */
export async function isRecentAdminPassword(
  db: Kysely<Database>,
  pepper: string,
  adminId: number,
  sha512Hex: string,
  count: number,
): Promise<boolean> {
  const rows = await db
    .selectFrom("adminPasswordHistory")
    .select("passwordHash")
    .where("adminId", "=", adminId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(count)
    .execute();
  for (const row of rows) if (await verifyPassword(pepper, row.passwordHash, sha512Hex)) return true;
  return false;
}

/**
 * Sets an admin's password: stores the hash, records it in the history (trimmed to what any
 * setting could ask for) and bumps the token version so every earlier session and token ends.
 */
export async function setAdminPassword(db: Kysely<Database>, adminId: number, passwordHash: string, now = Date.now()): Promise<void> {
  await db
    .updateTable("admins")
    .set((eb) => ({
      passwordHash,
      tokenVersion: eb("tokenVersion", "+", 1),
      failedAttempts: 0,
      lockedUntil: null,
      updatedAt: now,
    }))
    .where("id", "=", adminId)
    .execute();
  await db.insertInto("adminPasswordHistory").values({ adminId, passwordHash, createdAt: now }).execute();
  const keep = await db
    .selectFrom("adminPasswordHistory")
    .select("id")
    .where("adminId", "=", adminId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(HISTORY_KEPT)
    .execute();
  await db
    .deleteFrom("adminPasswordHistory")
    .where("adminId", "=", adminId)
    .where("id", "not in", keep.map((r) => r.id))
    .execute();
}
