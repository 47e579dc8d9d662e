/**
 * API tokens: verified on every call (signature, claims and expiry, by jose), and anything not
 * signed by this secret is refused.
 */
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signSessionToken, verifySessionToken, type SessionClaims } from "../../server/services/identity/jwt";

const CLAIMS: SessionClaims = {
  role: "admin",
  uid: "0b6f4a4e-5c1d-4f7e-9a3b-2d8c1e0f7a65",
  username: "ada@example.com",
  first_name: "Ada",
  last_name: "L",
  timezone: "UTC",
  lang: "en",
  ver: 3,
};
const SECRET = "s".repeat(48);

describe("verifySessionToken", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("accepts a token while it is valid and refuses it once expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    const { token } = await signSessionToken(SECRET, CLAIMS, 1);
    expect(await verifySessionToken(SECRET, token)).toMatchObject({ uid: "0b6f4a4e-5c1d-4f7e-9a3b-2d8c1e0f7a65", ver: 3 });
    expect(await verifySessionToken(SECRET, token)).toMatchObject({ uid: CLAIMS.uid });
    vi.setSystemTime(new Date("2026-11-22T11:00:01Z"));
    expect(await verifySessionToken(SECRET, token)).toBeNull();
    expect(await verifySessionToken(SECRET, token)).toBeNull();
  });

  it("refuses a correctly signed token whose uid is not a UUID (a NUL byte once reached PostgreSQL and answered 500)", async () => {
    for (const bad of ["\u0000", "u-1", "x".repeat(400)]) {
      const token = await new SignJWT({ ...CLAIMS, uid: bad })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer("bulwark")
        .setAudience("bulwark-api")
        .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
        .sign(new TextEncoder().encode(SECRET));
      expect(await verifySessionToken(SECRET, token)).toBeNull();
    }
    expect(await verifySessionToken(SECRET, (await signSessionToken(SECRET, CLAIMS, 1)).token)).toMatchObject({ uid: CLAIMS.uid });
  });

  it("refuses a token signed with another secret, even one this process verified for its own secret", async () => {
    const { token } = await signSessionToken(SECRET, CLAIMS, 1);
    expect(await verifySessionToken(SECRET, token)).not.toBeNull();
    expect(await verifySessionToken("o".repeat(48), token)).toBeNull();
  });

  it("refuses a tampered token after its genuine form was verified", async () => {
    const { token } = await signSessionToken(SECRET, CLAIMS, 1);
    expect(await verifySessionToken(SECRET, token)).not.toBeNull();
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), role: "root" })).toString(
      "base64url",
    );
    expect(await verifySessionToken(SECRET, `${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifySessionToken(SECRET, `${token}x`)).toBeNull();
  });
});
