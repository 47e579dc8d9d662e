/**
 * Activation tokens (DESIGN §11): signed offline by the vendor with Ed25519; the console
 * holds only the public key. A token is `base64url(JSON payload) "." base64url(signature)`, the
 * signature taken over the first part's ASCII bytes, so nothing is re-serialized before checking.
 * The payload: `v` 1, `id` (the token id, activated once), `team` (slug, or null: the activator
 * chooses), `type`, `count`, either `exp` (ISO expiration) or `term` (months from activation),
 * optional `inst` (installation id), `iat` (ISO issue time). Shared by the server and the vendor's
 * mint script (scripts/license-mint.ts).
 */
import { sign, verify, type KeyObject } from "node:crypto";
import { z } from "zod";
import { LICENSE_TYPES, type TokenInvalidReason } from "../../../shared/domain/licenses";
import { lengthRange, licenseCountRange, licenseTokenTermMonthsRange } from "../../../shared/limits";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The signed payload. */
export const TokenPayloadSchema = z
  .strictObject({
    v: z.literal(1),
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    team: z.string().regex(SLUG).max(lengthRange.slug.max).nullable(),
    type: z.enum(LICENSE_TYPES),
    count: z.number().int().min(licenseCountRange.min).max(licenseCountRange.max),
    exp: z.iso.datetime().optional(),
    term: z.number().int().min(licenseTokenTermMonthsRange.min).max(licenseTokenTermMonthsRange.max).optional(),
    inst: z.string().min(1).max(64).optional(),
    iat: z.iso.datetime(),
  })
  .refine((p) => (p.exp === undefined) !== (p.term === undefined), { message: "exactly one of exp and term" });
/** A token's payload. */
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;

/** Signs a payload with the vendor's private key (the mint script and tests). */
export function encodeToken(payload: TokenPayload, privateKey: KeyObject): string {
  const body = Buffer.from(JSON.stringify(TokenPayloadSchema.parse(payload))).toString("base64url");
  return `${body}.${sign(null, Buffer.from(body, "ascii"), privateKey).toString("base64url")}`;
}

/** The outcome of reading a token: its payload when the vendor signed it, and why it cannot be activated. */
export type TokenReading = { ok: true; payload: TokenPayload } | { ok: false; reason: TokenInvalidReason; payload?: TokenPayload };

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Checks a token's form and signature and its offer against this installation (not whether it
 * was used: that is the database's unique token id). Never trusts the payload before the
 * signature: an unsigned or differently-signed token is `badSignature` whatever it says.
 */
export function readToken(token: string, publicKey: KeyObject | undefined, installationId: string | undefined, now: number): TokenReading {
  const parts = token.trim().split(".");
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!)) return { ok: false, reason: "malformed" };
  const [body, signature] = parts as [string, string];
  const sig = Buffer.from(signature, "base64url");
  if (sig.length !== 64) return { ok: false, reason: "malformed" };
  if (!publicKey) return { ok: false, reason: "notConfigured" };
  if (!verify(null, Buffer.from(body, "ascii"), publicKey, sig)) return { ok: false, reason: "badSignature" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = TokenPayloadSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "malformed" };
  const payload = parsed.data;
  if (payload.exp !== undefined && Date.parse(payload.exp) <= now) return { ok: false, reason: "expiredOffer", payload };
  if (payload.inst !== undefined && payload.inst !== installationId) return { ok: false, reason: "wrongInstallation", payload };
  return { ok: true, payload };
}
