/**
 * License state rule (SPEC §4: valid, near expiration, expired, unlicensed) and the license gauge
 * arithmetic of the dashboard (SPEC §2: Users / Invites / Available).
 */
import { licenseNearExpirationDays } from "../limits";
import type { LicensePackStatus } from "./statuses";

/** The four license states of SPEC §4, in order of decreasing health. */
export const LICENSE_STATES = ["valid", "nearExpiration", "expired", "unlicensed"] as const;

/** A license state. */
export type LicenseState = (typeof LICENSE_STATES)[number];

/** An instant as the database, the API or a Date gives it. */
export type Instant = Date | number | string;

/** The part of a license pack the state rule needs. */
export interface LicensePackTiming {
  readonly status: LicensePackStatus;
  readonly expiration: Instant;
}

const DAY_MS = 86_400_000;

/** The "near expiration" window in milliseconds (limits.licenseNearExpirationDays, chosen 30 days). */
export const NEAR_EXPIRATION_MS = licenseNearExpirationDays * DAY_MS;

/** Epoch milliseconds of an instant; throws RangeError on an unparsable value rather than guessing. */
export function toEpochMs(value: Instant): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant: ${String(value)}`);
  return ms;
}

/**
 * State of one pack at `now`: no pack → unlicensed; status expired or expiration reached →
 * expired; expiration within 30 days → nearExpiration; otherwise valid.
 */
export function licenseState(pack: LicensePackTiming | null | undefined, now: Instant): LicenseState {
  if (!pack) return "unlicensed";
  const remaining = toEpochMs(pack.expiration) - toEpochMs(now);
  if (pack.status === "expired" || remaining <= 0) return "expired";
  if (remaining <= NEAR_EXPIRATION_MS) return "nearExpiration";
  return "valid";
}

/**
 * State of a team from all its packs: the healthiest pack wins (a team with one valid pack is
 * licensed even if older packs expired); no packs → unlicensed.
 */
export function teamLicenseState(packs: readonly LicensePackTiming[], now: Instant): LicenseState {
  let best: LicenseState = "unlicensed";
  for (const pack of packs) {
    const state = licenseState(pack, now);
    if (LICENSE_STATES.indexOf(state) < LICENSE_STATES.indexOf(best)) best = state;
  }
  return best;
}

/** An expired pack rejects invite actions (SPEC §4). */
export function packAcceptsInvites(pack: LicensePackTiming, now: Instant): boolean {
  const state = licenseState(pack, now);
  return state === "valid" || state === "nearExpiration";
}

/** The dashboard gauge of SPEC §2. */
export interface LicenseUsage {
  readonly total: number;
  readonly users: number;
  readonly invites: number;
  readonly available: number;
}

/** Users and pending invites both consume licenses; available never goes below zero. */
export function licenseUsage(total: number, users: number, invites: number): LicenseUsage {
  return { total, users, invites, available: Math.max(0, total - users - invites) };
}

/** SPEC §2: "extend by a number of days from today": the new expiration counts from now, not from the old one. */
export function extendedExpiration(now: Instant, days: number): Date {
  return new Date(toEpochMs(now) + days * DAY_MS);
}

/** The license types a pack can have. */
export const LICENSE_TYPES = ["subscription", "trial"] as const;
/** A license type. */
export type LicenseType = (typeof LICENSE_TYPES)[number];

/** How a pack was obtained. */
export const LICENSE_SOURCES = ["purchase", "activation", "distribution"] as const;
/** How a pack was obtained. */
export type LicenseSource = (typeof LICENSE_SOURCES)[number];

/** The states one pack can be in (a team, not a pack, is unlicensed). */
export const PACK_STATES = ["valid", "nearExpiration", "expired"] as const;
/** The state of one pack. */
export type PackState = (typeof PACK_STATES)[number];

/**
 * Why an activation token is invalid (SPEC §4 'valid or invalid', with why):
 * malformed, not signed by the vendor's key, already activated, its offer expired, issued for
 * another installation, or this installation has no vendor key configured.
 */
export const TOKEN_INVALID_REASONS = [
  "malformed",
  "badSignature",
  "alreadyUsed",
  "expiredOffer",
  "wrongInstallation",
  "notConfigured",
] as const;
/** Why an activation token is invalid. */
export type TokenInvalidReason = (typeof TOKEN_INVALID_REASONS)[number];

/** SPEC §4 subscription: active while the team has at least one unexpired pack. */
export function subscriptionActive(packs: readonly LicensePackTiming[], now: Instant): boolean {
  return packs.some((pack) => packAcceptsInvites(pack, now));
}

/**
 * The expiration of a pack bought or activated for `months` from `from`: the same day-of-month
 * and time in UTC, clamped to the last day of a shorter month (31 Jan + 1 month = 28/29 Feb).
 */
export function termExpiration(from: Instant, months: number): Date {
  const start = new Date(toEpochMs(from));
  const target = new Date(start.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}

/** Seats of a team (DESIGN §11): what the seats call and the gauge show; available never below zero. */
export interface TeamSeats {
  readonly capacity: number;
  readonly users: number;
  readonly invites: number;
  readonly available: number;
}

/** Seats from capacity and use: available = capacity − users − invites, never shown below zero. */
export function teamSeats(capacity: number, users: number, invites: number): TeamSeats {
  return { capacity, users, invites, available: Math.max(0, capacity - users - invites) };
}

/** One price of the price list: per seat for one type and term, in minor units (cents). */
export interface LicensePrice {
  readonly licenseType: LicenseType;
  readonly termMonths: number;
  readonly unitPriceMinor: number;
}

/** The price of `licenseCount` seats, in minor units, or null when the list has no such type and term. */
export function quotePrice(prices: readonly LicensePrice[], licenseType: string, termMonths: number, licenseCount: number): number | null {
  const price = prices.find((p) => p.licenseType === licenseType && p.termMonths === termMonths);
  return price ? price.unitPriceMinor * licenseCount : null;
}
