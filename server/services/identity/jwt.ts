import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { z } from "zod";
import { uid } from "../../../shared/schemas/primitives";

const ISSUER = "bulwark";
const AUDIENCE = "bulwark-api";
/** Only this algorithm is accepted: no `none`, no key confusion. */
const ALGORITHMS = ["HS256"];

/** The session claims of SPEC §3, plus the admin's token version (DESIGN §4). */
export interface SessionClaims {
  role: "root" | "admin";
  uid: string;
  username: string;
  first_name: string;
  last_name: string;
  timezone: string;
  lang: string;
  ver: number;
  /** When the admin last proved who they are (epoch seconds, OIDC's `auth_time`): sudo mode's clock. */
  auth_time?: number;
  /** How (RFC 8176 `amr`): `pwd`, plus `mfa` when a second factor was checked too. */
  amr?: string[];
}

const ClaimsSchema = z.object({
  role: z.enum(["root", "admin"]),
  // Every admin uid is a UUID; anything else (a NUL byte, say) must not reach the admin lookup.
  uid,
  username: z.string().min(1),
  first_name: z.string(),
  last_name: z.string(),
  timezone: z.string(),
  lang: z.string(),
  ver: z.number().int(),
  // Tokens signed before sudo mode lack both: they count as never re-verified.
  auth_time: z.number().int().optional(),
  amr: z.array(z.string()).optional(),
  exp: z.number().int(),
});

/** A verified token's claims with its expiry (epoch seconds). */
export type VerifiedClaims = z.infer<typeof ClaimsSchema>;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Signs an API token valid for `hours`. */
export async function signSessionToken(
  secret: string,
  claims: SessionClaims,
  hours: number,
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = Math.floor(Date.now() / 1000) + Math.round(hours * 3600);
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt: expiresAt * 1000 };
}

/** Verifies signature, algorithm, issuer, audience and expiry; null for anything not valid. */
export async function verifySessionToken(secret: string, token: string): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ALGORITHMS, issuer: ISSUER, audience: AUDIENCE });
    const parsed = ClaimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
