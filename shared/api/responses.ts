/**
 * Response shapes of the identity calls (docs/API.md). Replies are parsed with these schemas so a
 * server that drifts from the contract fails loudly in the client instead of rendering `undefined`;
 * unknown extra fields are dropped, not rejected, so the server may add fields without breaking
 * older clients.
 */
import { z } from "zod";
import { ROLES } from "../domain/roles";

/** `{ ok: true }`: a mutation that returns no data. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });
/** A mutation's empty success. */
export type OkResponse = z.infer<typeof OkResponseSchema>;

/**
 * `PUT /v2/me/password`: `{ ok: true }`; a bearer caller also gets a fresh `token`, because the
 * change ends every token issued before (a session caller keeps its re-issued session instead).
 */
export const PasswordChangeResponseSchema = z.object({ ok: z.literal(true), token: z.string().min(1).optional() });
/** Password change reply. */
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponseSchema>;

/** `POST /v2/public/auth` for an admin without a second factor: the bearer token and when it expires (ISO 8601; epoch ms is normalised). */
export const SignInTokenSchema = z.object({
  token: z.string().min(1),
  expiresAt: z.union([z.string(), z.number()]).transform((v) => (typeof v === "number" ? new Date(v).toISOString() : v)),
});

/**
 * `POST /v2/public/auth`: the token, or for an admin with a second factor `{ mfaRequired, challenge,
 * methods }` and no token until POST /v2/public/auth/mfa (shared/api/mfa).
 */
export const SignInResponseSchema = z.union([
  SignInTokenSchema,
  z.object({ mfaRequired: z.literal(true), challenge: z.string().min(1), methods: z.array(z.enum(["totp", "recovery", "passkey"])) }),
]);
/** Sign-in reply. */
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/** `GET /v2/public/settings`: what public pages need before anyone signs in. */
export const PublicSettingsResponseSchema = z.object({
  edition: z.enum(["public", "private"]),
  version: z.string(),
  languages: z.array(z.string()),
  registrationEnabled: z.boolean(),
  captcha: z.enum(["altcha", "off"]),
  banners: z.record(z.string(), z.string()),
});
/** Public settings reply. */
export type PublicSettingsResponse = z.infer<typeof PublicSettingsResponseSchema>;

/** `GET /v2/public/captcha`: an ALTCHA challenge (DESIGN §2). */
export const CaptchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().positive(),
  salt: z.string(),
  signature: z.string(),
});
/** An ALTCHA challenge. */
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** A team as listed on an admin: its slug and name. */
export const TeamRefSchema = z.object({ slug: z.string(), teamName: z.string() });
/** A team reference. */
export type TeamRef = z.infer<typeof TeamRefSchema>;

/** `GET /v2/me`, `PUT /v2/me`: the signed-in admin (times are ISO 8601 UTC strings). */
export const MeResponseSchema = z.object({
  uid: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  lang: z.string(),
  timezone: z.string(),
  status: z.string(),
  createdOn: z.string(),
  lastSeen: z.string().nullable(),
  teams: z.array(TeamRefSchema),
});
/** The signed-in admin. */
export type MeResponse = z.infer<typeof MeResponseSchema>;

/**
 * `POST /signin/{lang}`: where the browser goes next (a same-origin path), or the second step's
 * challenge for an admin with a second factor (no session yet).
 */
export const BrowserSignInResponseSchema = z.union([
  z.object({ redirect: z.string().min(1) }),
  z.object({ mfaRequired: z.literal(true), challenge: z.string().min(1), methods: z.array(z.enum(["totp", "recovery", "passkey"])) }),
]);
/** Browser sign-in reply. */
export type BrowserSignInResponse = z.infer<typeof BrowserSignInResponseSchema>;

/** `POST /signin/{lang}` body: the API sign-in body plus the page to return to. */
export interface BrowserSignInReq {
  username: string;
  /** sha512Hex of the password. */
  password: string;
  browser?: string;
  next?: string | null;
}

/** `GET /v2/openapi.json`: an OpenAPI 3.1 document (its details are OpenAPI's own schema, not repeated here). */
export const OpenApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
/** The OpenAPI document, as far as a client needs to know it. */
export type OpenApiDocumentResponse = z.infer<typeof OpenApiDocumentSchema>;
