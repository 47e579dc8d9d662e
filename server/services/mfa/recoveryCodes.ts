/**
 * Recovery codes: ten single-use codes per generation, shown once, stored only as a keyed hash
 * (secretBox.recoveryCodeHash). A new generation replaces every earlier code, used or not.
 */
import { randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import { recoveryCodeHash } from "./secretBox";

/** How many codes one generation holds. */
export const RECOVERY_CODE_COUNT = 10;

/** Lowercase letters and digits without the look-alikes (0/o, 1/l/i). */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** One code: three groups of four characters (about 59 bits), e.g. `k7pq-2mzx-9dft`. */
function newCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)] ?? "a").join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** Replaces the admin's recovery codes with a new generation and answers the codes (the only time they are seen). */
export async function replaceRecoveryCodes(
  db: Kysely<Database> | Transaction<Database>,
  pepper: string,
  adminId: number,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const now = Date.now();
  await db.deleteFrom("adminRecoveryCodes").where("adminId", "=", adminId).execute();
  await db
    .insertInto("adminRecoveryCodes")
    .values(codes.map((code) => ({ adminId, codeHash: recoveryCodeHash(pepper, code), usedAt: null, createdAt: now })))
    .execute();
  return codes;
}

/** Spends a recovery code: true when it was one of the admin's unused codes (one conditional UPDATE, so a code works once even when raced). */
export async function spendRecoveryCode(db: Kysely<Database>, pepper: string, adminId: number, code: string): Promise<boolean> {
  const row = await db
    .updateTable("adminRecoveryCodes")
    .set({ usedAt: Date.now() })
    .where("adminId", "=", adminId)
    .where("codeHash", "=", recoveryCodeHash(pepper, code))
    .where("usedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of the admin's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Kysely<Database>, adminId: number): Promise<number> {
  const row = await db
    .selectFrom("adminRecoveryCodes")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("adminId", "=", adminId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
