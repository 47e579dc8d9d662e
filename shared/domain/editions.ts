/**
 * Product editions (SPEC §1): public (licenses are purchased) or private (licenses are activated).
 */
import { editions } from "../limits";

/** Both editions, from limits.ts. */
export const EDITIONS = editions;

/** A product edition. */
export type Edition = (typeof editions)[number];

/** The edition used when `EDITION` is not configured (DESIGN §2). */
export const DEFAULT_EDITION: Edition = "public";

/** How an edition acquires licenses: drives the Purchase vs Activate menu item (SPEC §2). */
export type LicenseAcquisition = "purchase" | "activate";

/** Narrows an unknown value (e.g. an environment variable) to an edition. */
export function isEdition(value: unknown): value is Edition {
  return typeof value === "string" && (editions as readonly string[]).includes(value);
}

/** Public edition purchases licenses, private edition activates them with a token. */
export function licenseAcquisition(edition: Edition): LicenseAcquisition {
  return edition === "public" ? "purchase" : "activate";
}
