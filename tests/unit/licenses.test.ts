/**
 * Units: the vendor key and price list configuration, the token format (sign, read,
 * every refusal), calendar terms, prices and the mint command's argument handling.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { DEFAULT_PRICE_LIST, parseLicenseConfig } from "../../server/licenseConfig";
import { parseTerm, runMint } from "../../scripts/lib/licenseMint";
import { encodeToken, readToken, type TokenPayload } from "../../server/services/licenses/tokens";
import { quotePrice, subscriptionActive, teamSeats, termExpiration } from "../../shared/domain/licenses";
import { ROOT_DIR } from "../support/server";

const vendor = generateKeyPairSync("ed25519");
const PEM = vendor.publicKey.export({ type: "spki", format: "pem" }).toString();
const NOW = Date.UTC(2026, 10, 24, 12);
/** Why a token was refused ("ok" when it was not). */
const reasonOf = (reading: ReturnType<typeof readToken>): string => (reading.ok ? "ok" : reading.reason);
const payload = (overrides: Partial<TokenPayload> = {}): TokenPayload => ({
  v: 1,
  id: randomUUID(),
  team: "acme",
  type: "subscription",
  count: 10,
  term: 12,
  iat: new Date(NOW).toISOString(),
  ...overrides,
});

describe("license configuration", () => {
  it("reads the vendor key as PEM, base64 DER, raw base64 or a file", () => {
    const der = vendor.publicKey.export({ type: "spki", format: "der" });
    const raw = Buffer.from(vendor.publicKey.export({ format: "jwk" }).x!, "base64url");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-key-")), "vendor.pub.pem");
    writeFileSync(file, PEM);
    for (const env of [
      { LICENSE_PUBLIC_KEY: PEM },
      { LICENSE_PUBLIC_KEY: der.toString("base64") },
      { LICENSE_PUBLIC_KEY: raw.toString("base64") },
      { LICENSE_PUBLIC_KEY_FILE: file },
    ]) {
      const key = parseLicenseConfig(env).publicKey!;
      expect(readToken(encodeToken(payload(), vendor.privateKey), key, undefined, NOW).ok).toBe(true);
    }
  });

  it("refuses a non-Ed25519 key, both variables at once, and a bad price list, naming the variable", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(() => parseLicenseConfig({ LICENSE_PUBLIC_KEY: rsa })).toThrow(/LICENSE_PUBLIC_KEY/);
    expect(() => parseLicenseConfig({ LICENSE_PUBLIC_KEY: "garbage" })).toThrow(/LICENSE_PUBLIC_KEY/);
    expect(() => parseLicenseConfig({ LICENSE_PUBLIC_KEY: PEM, LICENSE_PUBLIC_KEY_FILE: "/x" })).toThrow(/not both/);
    expect(() => parseLicenseConfig({ LICENSE_PUBLIC_KEY_FILE: "/nonexistent/key.pem" })).toThrow(/LICENSE_PUBLIC_KEY_FILE/);
    expect(() => parseLicenseConfig({ LICENSE_PRICES: '{"currency":"EUR","subscription":{"6":100}}' })).toThrow(/LICENSE_PRICES/);
    expect(() => parseLicenseConfig({ LICENSE_PRICES: "{" })).toThrow(/LICENSE_PRICES: not JSON/);
    expect(() => loadConfig({ NODE_ENV: "test", LICENSE_PUBLIC_KEY: "garbage" }, ROOT_DIR)).toThrow(/LICENSE_PUBLIC_KEY/);
  });

  it("defaults to the documented price list and accepts a partial one", () => {
    const { priceList } = parseLicenseConfig({});
    expect(priceList.currency).toBe(DEFAULT_PRICE_LIST.currency);
    expect(priceList.prices).toContainEqual({ licenseType: "trial", termMonths: 1, unitPriceMinor: 0 });
    const custom = parseLicenseConfig({ LICENSE_PRICES: '{"currency":"USD","subscription":{"12":1000}}' }).priceList;
    expect(custom).toEqual({ currency: "USD", prices: [{ licenseType: "subscription", termMonths: 12, unitPriceMinor: 1000 }] });
    expect(quotePrice(custom.prices, "subscription", 12, 7)).toBe(7000);
    expect(quotePrice(custom.prices, "trial", 12, 7)).toBeNull();
  });
});

describe("activation tokens", () => {
  it("reads what the vendor signed, and refuses anything else with its reason", () => {
    const good = encodeToken(payload(), vendor.privateKey);
    expect(readToken(good, vendor.publicKey, undefined, NOW)).toMatchObject({ ok: true, payload: { count: 10, team: "acme" } });
    expect(readToken(good, undefined, undefined, NOW)).toEqual({ ok: false, reason: "notConfigured" });
    const other = generateKeyPairSync("ed25519");
    expect(readToken(encodeToken(payload(), other.privateKey), vendor.publicKey, undefined, NOW)).toEqual({
      ok: false,
      reason: "badSignature",
    });
    const [body, sig] = good.split(".") as [string, string];
    const flipped = Buffer.from(sig, "base64url");
    flipped[0]! ^= 1;
    expect(reasonOf(readToken(`${body}.${flipped.toString("base64url")}`, vendor.publicKey, undefined, NOW))).toBe("badSignature");
    expect(reasonOf(readToken(`${body}.${sig}.x`, vendor.publicKey, undefined, NOW))).toBe("malformed");
    expect(reasonOf(readToken(`${body}.${sig.slice(0, 20)}`, vendor.publicKey, undefined, NOW))).toBe("malformed");
    expect(reasonOf(readToken("no dots here", vendor.publicKey, undefined, NOW))).toBe("malformed");
    const expired = encodeToken(payload({ term: undefined, exp: new Date(NOW - 1).toISOString() }), vendor.privateKey);
    expect(reasonOf(readToken(expired, vendor.publicKey, undefined, NOW))).toBe("expiredOffer");
    const bound = encodeToken(payload({ inst: "eu-1" }), vendor.privateKey);
    expect(reasonOf(readToken(bound, vendor.publicKey, undefined, NOW))).toBe("wrongInstallation");
    expect(readToken(bound, vendor.publicKey, "eu-1", NOW).ok).toBe(true);
  });

  it("refuses a signed payload that breaks the format (both or neither of exp and term)", () => {
    expect(() => encodeToken(payload({ exp: new Date(NOW + 1000).toISOString() }), vendor.privateKey)).toThrow();
    expect(() => encodeToken(payload({ term: undefined }), vendor.privateKey)).toThrow();
  });
});

describe("license rules", () => {
  it("counts terms in calendar months, clamped to the month's end", () => {
    expect(termExpiration(Date.UTC(2026, 0, 31, 9), 1).toISOString()).toBe("2026-02-28T09:00:00.000Z");
    expect(termExpiration(Date.UTC(2026, 10, 24), 12).toISOString()).toBe("2027-11-24T00:00:00.000Z");
    expect(termExpiration(Date.UTC(2027, 11, 31), 2).toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });

  it("never shows available seats below zero; a subscription is active while one pack is unexpired", () => {
    expect(teamSeats(10, 12, 1)).toEqual({ capacity: 10, users: 12, invites: 1, available: 0 });
    expect(
      subscriptionActive(
        [
          { status: "expired", expiration: NOW + 1e9 },
          { status: "active", expiration: NOW - 1 },
        ],
        NOW,
      ),
    ).toBe(false);
    expect(subscriptionActive([{ status: "active", expiration: NOW + 1 }], NOW)).toBe(true);
  });
});

describe("license:mint", () => {
  const run = (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = runMint(
      args,
      (l) => out.push(l),
      (l) => err.push(l),
      NOW,
    );
    return { code, out, err };
  };

  it("prints one verifiable token and reads terms as months or years", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-mint-")), "vendor.pem");
    writeFileSync(file, vendor.privateKey.export({ type: "pkcs8", format: "pem" }));
    const { code, out, err } = run(["--key", file, "--count", "100", "--term", "1y", "--team", "acme"]);
    expect([code, err, out.length]).toEqual([0, [], 1]);
    expect(readToken(out[0]!, vendor.publicKey, undefined, NOW)).toMatchObject({
      ok: true,
      payload: { count: 100, term: 12, team: "acme" },
    });
    expect(parseTerm("12m")).toBe(12);
    expect(parseTerm("3")).toBe(3);
    expect(parseTerm("twelve")).toBeNull();
    expect(run(["--key", file, "--count", "0", "--term", "1"]).code).toBe(2);
    expect(run(["--key", file, "--count", "5"]).code).toBe(2);
    expect(run(["--key", "/nonexistent.pem", "--count", "5", "--term", "1"]).code).toBe(2);
  });
});
