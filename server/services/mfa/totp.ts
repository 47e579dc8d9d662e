/**
 * TOTP (RFC 6238: 30 s, 6 digits, SHA-1 for authenticator-app compatibility) with the `otpauth`
 * library. A code is accepted from the current step or one step either side (clock drift), and
 * only from a step later than the last one accepted: a code, or any other code of a step already
 * used, is refused (no replay). The step is recorded with one conditional UPDATE, so two
 * concurrent uses of one code cannot both pass.
 */
import { Secret, TOTP } from "otpauth";
import { toString as qrSvgOf } from "qrcode";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { openSecret } from "./secretBox";

const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;

/** A TOTP generator for a base32 secret, labelled for the authenticator app. */
export function totpOf(base32: string, label = "admin", issuer = "Bulwark"): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(base32) });
}

/** A fresh random secret (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the profile shows to enrol: the otpauth:// URI, the same as a server-rendered SVG QR code, and the text secret. */
export async function enrolmentOf(base32: string, label: string, issuer: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const uri = totpOf(base32, label, issuer).toString();
  const qrSvg = await qrSvgOf(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: base32, uri, qrSvg };
}

/** The time step a 6-digit code matches (within the window), or null. */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Checks a code against the admin's TOTP factor (confirmed or, with `pending`, the one being
 * enrolled) and records its step: true only for a valid code of a step after the last used one.
 */
export async function useTotpCode(db: Kysely<Database>, pepper: string, adminId: number, code: string, pending = false): Promise<boolean> {
  const row = await db
    .selectFrom("adminTotp")
    .select(["secret", "lastStep", "confirmedAt"])
    .where("adminId", "=", adminId)
    .executeTakeFirst();
  if (!row || (row.confirmedAt === null) !== pending) return false;
  const step = matchingStep(openSecret(pepper, row.secret), code);
  if (step === null) return false;
  const updated = await db
    .updateTable("adminTotp")
    .set({ lastStep: step })
    .where("adminId", "=", adminId)
    .where((eb) => eb.or([eb("lastStep", "is", null), eb("lastStep", "<", step)]))
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}
