/**
 * WebAuthn ceremonies for passkeys and security keys (issue #29), with @simplewebauthn/server.
 * The relying party is the console's configured public URL: its host name is the rpID and its
 * origin the only origin accepted. User presence is always required; user verification is asked
 * for ("preferred") but not required, since a passkey here is the second factor after a password
 * (a security key without a PIN must work). The signature counter must grow whenever the
 * authenticator keeps one (a cloned key shows as a counter that does not), and is stored with a
 * conditional UPDATE so two uses of one assertion cannot both pass.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { PasskeyAuthenticationResponseSchema, PasskeyRegistrationResponseSchema } from "../../../shared/schemas/mfaPasskey";
import type { Config } from "../../config";
import type { Database, Row } from "../../db/types";

/** How long the browser may take over a ceremony (the challenge row lives CHALLENGE_MINUTES). */
const CEREMONY_MS = 120_000;

/** The relying party: rpID (the public URL's host name), the one accepted origin, and the name shown. */
export function relyingPartyOf(config: Pick<Config, "publicUrl">): { rpID: string; origin: string; rpName: string } {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: `Bulwark (${url.host})` };
}

/** Stored transports back into the library's type (unknown values dropped). */
function transportsOf(json: string): AuthenticatorTransport[] {
  const known: ReadonlySet<string> = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((t): t is AuthenticatorTransport => typeof t === "string" && known.has(t)) : [];
  } catch {
    return [];
  }
}

/** The admin's passkeys, oldest first. */
export function passkeysOf(db: Kysely<Database>, adminId: number): Promise<Row<"adminPasskeys">[]> {
  return db.selectFrom("adminPasskeys").selectAll().where("adminId", "=", adminId).orderBy("id").execute();
}

/** Creation options for a new passkey of the admin; their existing ones are excluded (no double registration). */
export async function registrationOptionsFor(
  db: Kysely<Database>,
  config: Pick<Config, "publicUrl">,
  admin: { id: number; uid: string; username: string; firstName: string; lastName: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID, rpName } = relyingPartyOf(config);
  const existing = await passkeysOf(db, admin.id);
  return generateRegistrationOptions({
    rpName,
    rpID,
    userName: admin.username,
    userID: new TextEncoder().encode(admin.uid),
    userDisplayName: `${admin.firstName} ${admin.lastName}`.trim() || admin.username,
    timeout: CEREMONY_MS,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** A verified new credential, ready to store. */
export interface VerifiedRegistration {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Verifies a registration answer against the challenge issued for it; null when it does not verify. */
export async function verifyRegistration(
  config: Pick<Config, "publicUrl">,
  expectedChallenge: string,
  response: z.infer<typeof PasskeyRegistrationResponseSchema>,
): Promise<VerifiedRegistration | null> {
  const { rpID, origin } = relyingPartyOf(config);
  try {
    const result = await verifyRegistrationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserPresence: true,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    // A malformed attestation, a wrong origin or challenge: all "does not verify".
    return null;
  }
}

/** Request options for a passkey of the admin (only their own credentials are allowed). */
export async function assertionOptionsFor(
  db: Kysely<Database>,
  config: Pick<Config, "publicUrl">,
  adminId: number,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const passkeys = await passkeysOf(db, adminId);
  if (passkeys.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: relyingPartyOf(config).rpID,
    timeout: CEREMONY_MS,
    userVerification: "preferred",
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
  });
}

/** A verified assertion: which passkey, and whether the authenticator verified the user (PIN, biometrics). */
export interface VerifiedAssertion {
  passkeyUid: string;
  userVerified: boolean;
}

/**
 * Verifies an assertion of one of the admin's passkeys against `expectedChallenge` (from
 * {@link assertionOptionsFor}): the credential must be the admin's own, the origin and rpID the
 * console's, the user present, and the signature counter larger than the stored one (when the
 * authenticator counts). On success the counter and last use are stored; null otherwise. The
 * caller keeps the challenge single-use. Exposed for re-authentication ("sudo mode") too.
 */
export async function verifyPasskeyAssertion(
  db: Kysely<Database>,
  config: Pick<Config, "publicUrl">,
  adminId: number,
  expectedChallenge: string,
  response: z.infer<typeof PasskeyAuthenticationResponseSchema>,
): Promise<VerifiedAssertion | null> {
  const passkey = await db
    .selectFrom("adminPasskeys")
    .selectAll()
    .where("adminId", "=", adminId)
    .where("credentialId", "=", response.id)
    .executeTakeFirst();
  if (!passkey) return null;
  const { rpID, origin } = relyingPartyOf(config);
  const stored = Number(passkey.counter);
  let newCounter: number;
  let userVerified: boolean;
  try {
    const result = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: stored },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    ({ newCounter, userVerified } = result.authenticationInfo);
  } catch {
    // Bad signature, wrong origin or challenge, no user presence, a counter that did not grow.
    return null;
  }
  const updated = await db
    .updateTable("adminPasskeys")
    .set({ counter: newCounter, lastUsedAt: Date.now() })
    .where("id", "=", passkey.id)
    .where("counter", "=", stored)
    .returning("id")
    .executeTakeFirst();
  return updated ? { passkeyUid: passkey.uid, userVerified } : null;
}
