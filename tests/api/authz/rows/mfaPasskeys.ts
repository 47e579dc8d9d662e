import { randomUUID } from "node:crypto";
import type { MatrixFixtures } from "../fixtures";
import { everyone, signedIn, type MatrixRow } from "../types";

/** A passkey of team A's admin, stored as registration leaves it: only they may rename or remove it. */
async function passkeyOfAdminA(f: MatrixFixtures): Promise<string> {
  const uid = randomUUID();
  await f.db
    .insertInto("adminPasskeys")
    .values({
      uid,
      adminId: f.adminA.id,
      name: "Matrix key",
      credentialId: `cred-${uid}`,
      publicKey: "pQECAyYgASFYIA",
      createdAt: Date.now(),
      lastUsedAt: null,
    })
    .execute();
  return uid;
}

const fakeCredential = { id: "AAAA", rawId: "AAAA", type: "public-key", clientExtensionResults: {} };
const challenge = "z".repeat(43);

/** Passkeys (issue #29): one's own only (another admin's is unknown, 404), sessions and sign-in tokens only; the public second step. */
export const mfaPasskeyRows: MatrixRow[] = [
  {
    method: "POST",
    route: "/public/auth/mfa/passkey/options",
    request: () => ({ url: "/v2/public/auth/mfa/passkey/options", body: { challenge } }),
    expect: everyone(410),
  },
  {
    method: "POST",
    route: "/public/auth/mfa/passkey",
    request: () => ({
      url: "/v2/public/auth/mfa/passkey",
      body: { challenge, response: { ...fakeCredential, response: { clientDataJSON: "AA", authenticatorData: "AA", signature: "AA" } } },
    }),
    expect: everyone(410),
  },
  {
    method: "GET",
    route: "/me/mfa/passkeys",
    request: () => ({ url: "/v2/me/mfa/passkeys" }),
    expect: signedIn(200, 200, 200),
    permission: "never",
  },
  {
    method: "POST",
    route: "/me/mfa/passkeys/options",
    request: () => ({ url: "/v2/me/mfa/passkeys/options", body: {} }),
    expect: signedIn(200, 200, 200),
    permission: "never",
  },
  {
    method: "POST",
    route: "/me/mfa/passkeys",
    request: () => ({
      url: "/v2/me/mfa/passkeys",
      body: { challenge, name: "Key", response: { ...fakeCredential, response: { clientDataJSON: "AA", attestationObject: "AA" } } },
    }),
    expect: signedIn(410, 410, 410),
    permission: "never",
  },
  {
    method: "PUT",
    route: "/me/mfa/passkeys/:uid",
    request: async (f) => ({ url: `/v2/me/mfa/passkeys/${await passkeyOfAdminA(f)}`, body: { name: "Renamed" } }),
    expect: signedIn(404, 200, 404),
    permission: "never",
  },
  {
    method: "DELETE",
    route: "/me/mfa/passkeys/:uid",
    request: async (f) => ({ url: `/v2/me/mfa/passkeys/${await passkeyOfAdminA(f)}` }),
    expect: signedIn(404, 200, 404),
    permission: "never",
  },
];
