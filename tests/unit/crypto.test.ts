import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { sha512Hex } from "../../shared/crypto";

describe("sha512Hex", () => {
  it("matches the FIPS 180-2 test vectors", async () => {
    expect(await sha512Hex("abc")).toBe(
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    );
    expect(await sha512Hex("")).toBe(
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
    );
  });

  it("hashes the UTF-8 encoding and returns 128 lowercase hex characters", async () => {
    const text = "Pässwörd-€1";
    const hex = await sha512Hex(text);
    expect(hex).toMatch(/^[0-9a-f]{128}$/);
    expect(hex).toBe(createHash("sha512").update(text, "utf8").digest("hex"));
  });
});
