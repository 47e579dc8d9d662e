/**
 * Encryption at rest of TOTP secrets and the keyed hash of recovery codes. Both keys are derived
 * (HKDF-SHA-256) from the installation's password pepper: it is the one secret an installation
 * already must never rotate (every password hash depends on it), and it is kept outside the
 * database when PASSWORD_PEPPER is set, so a database dump alone yields neither the TOTP secrets
 * nor a way to test recovery-code guesses offline.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/** The 32-byte key for one purpose, derived once per pepper. */
const derived = new Map<string, Buffer>();
function keyFor(pepper: string, purpose: "totp-secret" | "recovery-code"): Buffer {
  const cacheKey = `${purpose}\u0000${pepper}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", pepper, "bulwark-mfa", purpose, 32));
    if (derived.size >= 16) derived.clear();
    derived.set(cacheKey, key);
  }
  return key;
}

/** Encrypts a TOTP secret: `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM. */
export function sealSecret(pepper: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(pepper, "totp-secret"), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** Decrypts what sealSecret produced; throws when it was tampered with or sealed under another pepper. */
export function openSecret(pepper: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("unknown sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(pepper, "totp-secret"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** The stored form of a recovery code: HMAC-SHA-256 (hex) of its normalized text. */
export function recoveryCodeHash(pepper: string, code: string): string {
  return createHmac("sha256", keyFor(pepper, "recovery-code")).update(normalizeRecoveryCode(code)).digest("hex");
}

/** Recovery codes are compared without case, spaces or dashes (people type them from paper). */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}
