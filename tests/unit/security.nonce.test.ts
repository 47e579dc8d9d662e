/** CSP nonces: 128 random bits each, never repeated. */
import { describe, expect, it } from "vitest";
import { nextCspNonce } from "../../server/http/security";

describe("nextCspNonce", () => {
  it("hands out distinct 16-byte base64 nonces", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const nonce = nextCspNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(100);
  });
});
