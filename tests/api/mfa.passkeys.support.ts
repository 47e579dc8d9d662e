/**
 * A software WebAuthn authenticator for the passkey API tests: an ES256 key pair, "none"
 * attestation, and assertions whose flags (user present / verified) and signature counter the
 * test chooses, so the server's checks can be driven one by one without a browser.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();
const b64 = (data: Uint8Array): string => isoBase64URL.fromBuffer(new Uint8Array(data));
const u32 = (n: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** What an assertion may vary: flags and the counter it reports (default: the next one). */
export interface AssertionOptions {
  userPresent?: boolean;
  userVerified?: boolean;
  counter?: number;
  origin?: string;
  challenge?: string;
}

/** One credential of a software authenticator. */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    private readonly rpID: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.publicJwk = { x: jwk.x ?? "", y: jwk.y ?? "" };
  }

  /** The credential id as the API names it. */
  get id(): string {
    return b64(this.credentialId);
  }

  /** The answer to creation options with `challenge` (base64url), as @simplewebauthn/browser sends it. */
  register(challenge: string, origin = this.origin) {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([UP | UV | AT]),
      u32(this.counter),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge, origin, crossOrigin: false }));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ["usb" as const] },
    };
  }

  /** An assertion for request options with `challenge`; moves the counter on unless told which to report. */
  assert(challenge: string, options: AssertionOptions = {}) {
    const counter = options.counter ?? ++this.counter;
    const flags = (options.userPresent === false ? 0 : UP) | (options.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(this.rpID), Buffer.from([flags]), u32(counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge: options.challenge ?? challenge,
        origin: options.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature) },
    };
  }
}
