/**
 * The license part of the configuration, parsed from the values config.ts read from
 * the environment: the vendor's Ed25519 public key (PEM text, or base64 of its DER or of the raw
 * 32-byte key; or a file holding one of those), this installation's id for tokens bound to one,
 * and the purchase price list. Kept apart from config.ts so that file stays one screen.
 */
import { createPublicKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { LICENSE_TYPES, type LicensePrice } from "../shared/domain/licenses";
import { licenseTermMonths } from "../shared/limits";

/** The license settings every process reads. */
export interface LicenseConfig {
  /** Verifies activation tokens; undefined: no token can be activated (every one is `notConfigured`). */
  publicKey: KeyObject | undefined;
  /** Tokens that name an installation must name this one. */
  installationId: string | undefined;
  /** Prices per seat in minor units of `currency`. */
  priceList: { currency: string; prices: LicensePrice[] };
}

/**
 * The default price list (README "Licenses"): EUR, per seat; a subscription costs 6.00 a month,
 * 60.00 a year, 110.00 for two and 150.00 for three years; a trial is free and lasts one month.
 */
export const DEFAULT_PRICE_LIST = {
  currency: "EUR",
  subscription: { "1": 600, "12": 6000, "24": 11000, "36": 15000 },
  trial: { "1": 0 },
} as const;

const termKey = z.enum(licenseTermMonths.map(String) as [string, ...string[]]);
const PriceListSchema = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR"),
  subscription: z.partialRecord(termKey, z.number().int().min(0)).optional(),
  trial: z.partialRecord(termKey, z.number().int().min(0)).optional(),
});

/** A key given as PEM text, as base64 of an SPKI DER key, or as base64 of the raw 32-byte Ed25519 key. */
function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes("-----BEGIN")
    ? createPublicKey(trimmed)
    : (() => {
        const der = Buffer.from(trimmed.replace(/\s+/g, ""), "base64");
        if (der.length === 32) return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: der.toString("base64url") }, format: "jwk" });
        return createPublicKey({ key: der, format: "der", type: "spki" });
      })();
  if (key.asymmetricKeyType !== "ed25519") throw new Error("is not an Ed25519 public key");
  return key;
}

/** The raw environment values this module reads (config.ts passes them). */
export interface LicenseEnv {
  LICENSE_PUBLIC_KEY?: string | undefined;
  LICENSE_PUBLIC_KEY_FILE?: string | undefined;
  LICENSE_INSTALLATION_ID?: string | undefined;
  LICENSE_PRICES?: string | undefined;
}

/** Parses the license settings; throws an Error whose message names the variable. */
export function parseLicenseConfig(env: LicenseEnv): LicenseConfig {
  if (env.LICENSE_PUBLIC_KEY && env.LICENSE_PUBLIC_KEY_FILE)
    throw new Error("LICENSE_PUBLIC_KEY and LICENSE_PUBLIC_KEY_FILE: give one, not both");
  let publicKey: KeyObject | undefined;
  const [name, text] = env.LICENSE_PUBLIC_KEY_FILE
    ? ["LICENSE_PUBLIC_KEY_FILE", readKeyFile(env.LICENSE_PUBLIC_KEY_FILE)]
    : ["LICENSE_PUBLIC_KEY", env.LICENSE_PUBLIC_KEY];
  if (text) {
    try {
      publicKey = parsePublicKey(text);
    } catch (error) {
      throw new Error(`${name}: not an Ed25519 public key (PEM or base64): ${(error as Error).message}`);
    }
  }
  let raw: unknown = DEFAULT_PRICE_LIST;
  if (env.LICENSE_PRICES) {
    try {
      raw = JSON.parse(env.LICENSE_PRICES);
    } catch {
      throw new Error("LICENSE_PRICES: not JSON");
    }
  }
  const parsed = PriceListSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`LICENSE_PRICES: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  const prices: LicensePrice[] = [];
  for (const licenseType of LICENSE_TYPES) {
    for (const [term, unitPriceMinor] of Object.entries(parsed.data[licenseType] ?? {})) {
      if (unitPriceMinor !== undefined) prices.push({ licenseType, termMonths: Number(term), unitPriceMinor });
    }
  }
  prices.sort((a, b) => a.licenseType.localeCompare(b.licenseType) || a.termMonths - b.termMonths);
  return {
    publicKey,
    installationId: env.LICENSE_INSTALLATION_ID?.trim() || undefined,
    priceList: { currency: parsed.data.currency, prices },
  };
}

function readKeyFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`LICENSE_PUBLIC_KEY_FILE: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
}
