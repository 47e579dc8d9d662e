/**
 * Bodies of the passkey calls (WebAuthn, issue #29): the profile's registration and renaming, and
 * the sign-in second step with a passkey. The browser's answers are checked for shape and size
 * here; their cryptography is checked by the server (services/mfa/passkeys).
 */
import { z } from "zod";
import { bool, obj, oneOf, requiredText, str, typeError } from "./builders";
import { V } from "./messages";
import { browser } from "./primitives";

/** Longest passkey name. */
export const PASSKEY_NAME_MAX = 64;

/** A base64url field of a WebAuthn answer, at most `max` characters. */
const b64url = (max: number) =>
  str()
    .min(1, { error: V.required, abort: true })
    .max(max, { error: V.tooLong, abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, { error: V.invalid });

/** The sign-in challenge of the first step (or of a passkey registration). */
const challenge = str().min(16, { error: V.tooShort }).max(128, { error: V.tooLong });

/** A passkey's name, as its owner calls it ("Work laptop"). */
export const passkeyName = requiredText(PASSKEY_NAME_MAX, { trim: true });

/** Transport hints ("usb", "internal"…): browsers may add new ones, so any short names; the server keeps the known ones. */
const transports = z.array(str().max(32, { error: V.tooLong }), { error: typeError }).max(8, { error: V.tooMany });
const attachment = oneOf(["platform", "cross-platform"]).optional();
/** Extension outputs are not used: an object, whose unknown members are dropped. */
const extensions = z.object({ credProps: z.object({ rk: bool().optional() }, { error: typeError }).optional() }, { error: typeError });
const publicKeyType = oneOf(["public-key"]);

/** `navigator.credentials.create()`'s answer as @simplewebauthn/browser serializes it. */
export const PasskeyRegistrationResponseSchema = z.object(
  {
    id: b64url(1024),
    rawId: b64url(1024),
    type: publicKeyType,
    authenticatorAttachment: attachment,
    clientExtensionResults: extensions,
    response: z.object(
      {
        clientDataJSON: b64url(8192),
        attestationObject: b64url(32768),
        authenticatorData: b64url(32768).optional(),
        transports: transports.optional(),
        publicKeyAlgorithm: z.int({ error: typeError }).optional(),
        publicKey: b64url(8192).optional(),
      },
      { error: typeError },
    ),
  },
  { error: typeError },
);

/** `navigator.credentials.get()`'s answer as @simplewebauthn/browser serializes it. */
export const PasskeyAuthenticationResponseSchema = z.object(
  {
    id: b64url(1024),
    rawId: b64url(1024),
    type: publicKeyType,
    authenticatorAttachment: attachment,
    clientExtensionResults: extensions,
    response: z.object(
      {
        clientDataJSON: b64url(8192),
        authenticatorData: b64url(8192),
        signature: b64url(2048),
        userHandle: b64url(512).optional(),
      },
      { error: typeError },
    ),
  },
  { error: typeError },
);

/** `POST v2/me/mfa/passkeys`: the registration's challenge, the name, and the authenticator's answer. */
export const PasskeyAddSchema = obj({ challenge, name: passkeyName, response: PasskeyRegistrationResponseSchema });
/** Registration body. */
export type PasskeyAddReq = z.infer<typeof PasskeyAddSchema>;

/** `PUT v2/me/mfa/passkeys/{uid}`: a new name. */
export const PasskeyRenameSchema = obj({ name: passkeyName });
/** Rename body. */
export type PasskeyRenameReq = z.infer<typeof PasskeyRenameSchema>;

/** `POST v2/public/auth/mfa/passkey/options`: the first step's challenge. */
export const PasskeySignInOptionsSchema = obj({ challenge });
/** Options body. */
export type PasskeySignInOptionsReq = z.infer<typeof PasskeySignInOptionsSchema>;

/** `POST v2/public/auth/mfa/passkey` and `POST /signin/{lang}/mfa/passkey`: the challenge and the assertion. */
export const PasskeySignInSchema = obj({ challenge, response: PasskeyAuthenticationResponseSchema, browser: browser.optional() });
/** Second step with a passkey. */
export type PasskeySignInReq = z.infer<typeof PasskeySignInSchema>;
