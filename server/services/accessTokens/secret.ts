import { createHash, randomBytes } from "node:crypto";
import { ACCESS_TOKEN_PREFIX } from "../../../shared/schemas/accessToken";

/** A `bwk_` secret is the prefix and 43 base64url characters (256 random bits); anything else is not one. */
const SECRET_RE = /^bwk_[A-Za-z0-9_-]{43}$/;

/** A new secret: `bwk_` + 32 random bytes in base64url (43 characters). */
export function newAccessTokenSecret(): string {
  return ACCESS_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/** The stored form of a secret: SHA-256 hex (256 random bits need no salt or slow hash). */
export function accessTokenHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Whether a bearer credential is shaped like an access-token secret (the caller then looks it up by hash). */
export function isAccessTokenSecret(value: string): boolean {
  return SECRET_RE.test(value);
}
