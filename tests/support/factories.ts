/**
 * Test factories in the Outline style: buildX(overrides) inserts a valid row and creates the
 * parents it needs; signIn() opens a browser session for an admin the way sign-in will.
 */
import { randomBytes, randomUUID } from "node:crypto";
import signature from "cookie-signature";
import type { Kysely } from "kysely";
import type { Response } from "supertest";
import type { Database, Row } from "../../server/db/types";
import { sessionCookieName } from "../../server/http/session";
import type { Config } from "../../server/config";
import { signSessionToken } from "../../server/services/identity/jwt";
import { forgetMfaPolicy } from "../../server/services/mfa/policy";
import { setPassword } from "../../server/services/identity/passwordHistory";
import { hashPassword } from "../../server/services/identity/passwords";
import { sha512Hex } from "../../shared/crypto";
import type { TestServer } from "./server";

/** A password that passes every rule of SPEC §5 (upper, lower, digit, special, 9–19 characters). */
export const GOOD_PASSWORD = "Str0ng!Pass";

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

let clients = 0;
/**
 * A fresh client address per call, for servers that trust X-Forwarded-For from loopback
 * (TRUST_PROXY=loopback): only a test that means to meets a per-IP rate limit.
 */
export function nextClientIp(): string {
  clients++;
  return `198.51.${Math.floor(clients / 250) % 256}.${(clients % 250) + 1}`;
}

/** A valid `POST /v2/public/register` body with a fresh e-mail username (captcha off unless given). */
export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: `reg-${next()}@example.test`,
    name: "Acme Secure Ltd",
    first_name: "Ada",
    last_name: "Lovelace",
    lang: "en",
    country: "PT",
    timezone: "Europe/Lisbon",
    captcha: "off",
    ...overrides,
  };
}

/** Inserts a team. */
export async function buildTeam(db: Kysely<Database>, overrides: Partial<Row<"teams">> = {}): Promise<Row<"teams">> {
  const id = next();
  const now = Date.now();
  return db
    .insertInto("teams")
    .values({ slug: `team-${id}`, teamName: `Team ${id}`, createdAt: now, updatedAt: now, ...overrides, id: undefined })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Options for an admin: row overrides plus the teams to assign (one is created for a plain admin when none is given). */
export type AdminOverrides = Partial<Row<"admins">> & { teams?: Row<"teams">[] };

/** Inserts an active admin (role admin unless overridden) with team assignments. */
export async function buildAdmin(db: Kysely<Database>, overrides: AdminOverrides = {}): Promise<Row<"admins">> {
  const { teams, ...fields } = overrides;
  const id = next();
  const now = Date.now();
  const admin = await db
    .insertInto("admins")
    .values({
      uid: randomUUID(),
      username: `admin-${id}@example.test`,
      firstName: "Ada",
      lastName: "Lovelace",
      role: "admin",
      status: "active",
      lang: "en",
      timezone: "UTC",
      createdAt: now,
      updatedAt: now,
      ...fields,
      id: undefined,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const assigned = teams ?? (admin.role === "admin" ? [await buildTeam(db)] : []);
  for (const team of assigned) await db.insertInto("adminTeams").values({ adminId: admin.id, teamId: team.id }).execute();
  return admin;
}

/** A signed-in browser session for an admin: the cookie to send and the CSRF token it expects. */
export interface TestSession {
  cookie: { name: string; value: string };
  header: string;
  csrfToken: string;
}

/**
 * When and how a test session or token last verified (sudo mode, issue #29): by default just now,
 * with the second factor (as a real sign-in of an admin with one would have); `at: null` for never.
 */
export interface TestVerification {
  at?: number | null;
  factor?: boolean;
}

/** Stores a session for the admin exactly as the session middleware would and signs its cookie. */
export async function signIn(
  db: Kysely<Database>,
  config: Config,
  admin: Row<"admins">,
  verification: TestVerification = {},
): Promise<TestSession> {
  const sid = randomBytes(24).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  const expires = Date.now() + 60 * 60 * 1000;
  const { tokenVersion } = await db.selectFrom("admins").select("tokenVersion").where("id", "=", admin.id).executeTakeFirstOrThrow();
  const sess = {
    cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: "/", sameSite: "lax", secure: false },
    adminId: admin.id,
    tokenVersion,
    csrfToken,
    ...(verification.at === null ? {} : { verifiedAt: verification.at ?? Date.now() }),
    factorVerified: verification.factor ?? true,
  };
  await db
    .insertInto("sessions")
    .values({ sid, sess: JSON.stringify(sess), expiresAt: expires })
    .execute();
  const value = `s:${signature.sign(sid, config.secrets.sessionSecret)}`;
  const name = sessionCookieName(config.secureCookies);
  return { cookie: { name, value }, header: `${name}=${encodeURIComponent(value)}`, csrfToken };
}

/** GETs a server-rendered page in a fresh browser session of `admin`, as the page tests all do. */
export async function pageAs(server: TestServer, url: string, admin: Row<"admins">): Promise<Response> {
  return server
    .request()
    .get(url)
    .set("Cookie", (await signIn(server.database.db, server.config, admin)).header);
}

/**
 * The Authorization header of a bearer token for an admin, signed the way `POST /v2/public/auth`
 * signs it (claims from the row, valid one hour); pass `tokenVersion` when the row may be stale.
 */
export async function bearerFor(
  config: Config,
  admin: Row<"admins">,
  tokenVersion = admin.tokenVersion,
  verification: TestVerification = {},
): Promise<string> {
  const at = verification.at === undefined ? Date.now() : verification.at;
  const claims = {
    role: admin.role,
    uid: admin.uid,
    username: admin.username,
    first_name: admin.firstName,
    last_name: admin.lastName,
    timezone: admin.timezone,
    lang: admin.lang,
    ver: tokenVersion,
    ...(at === null ? {} : { auth_time: Math.floor(at / 1000), amr: verification.factor === false ? ["pwd"] : ["pwd", "mfa"] }),
  };
  const { token } = await signSessionToken(config.secrets.jwtSecret, claims, 1);
  return `Bearer ${token}`;
}

/** Gives an admin a password (as the browser would send it: SHA-512 hex, then argon2id); returns the hex. */
export async function givePassword(db: Kysely<Database>, config: Config, admin: Row<"admins">, plain = GOOD_PASSWORD): Promise<string> {
  const hex = await sha512Hex(plain);
  await setPassword(db, "admin", admin.id, await hashPassword(config.secrets.passwordPepper, hex));
  return hex;
}

/** Sets a system settings group (merged over its defaults) the way the settings API will. */
export async function setSettings(db: Kysely<Database>, group: "general" | "security", values: Record<string, unknown>): Promise<void> {
  const { DEFAULT_SETTINGS } = await import("../../shared/schemas/settingsDefaults");
  const value = JSON.stringify({ ...DEFAULT_SETTINGS[group], ...values });
  await db.deleteFrom("systemSettings").where("groupName", "=", group).execute();
  await db.insertInto("systemSettings").values({ groupName: group, value, updatedAt: Date.now() }).execute();
  // The server caches the MFA policy per process (services/mfa/policy): a write behind its back forgets it, as the API's does.
  if (group === "security") forgetMfaPolicy(db);
}

/** Options for a user: row overrides, the team (one is created when neither it nor teamId is given) and aliases. */
export type UserOverrides = Partial<Row<"users">> & { team?: Row<"teams">; aliases?: string[] };

/** Inserts an end user (active, in a fresh team unless one is given) with optional aliases. */
export async function buildUser(db: Kysely<Database>, overrides: UserOverrides = {}): Promise<Row<"users">> {
  const { team, aliases, ...fields } = overrides;
  const id = next();
  const now = Date.now();
  const teamId = fields.teamId ?? team?.id ?? (await buildTeam(db)).id;
  const user = await db
    .insertInto("users")
    .values({
      uid: randomUUID(),
      username: `user-${id}@example.test`,
      firstName: "Grace",
      lastName: "Hopper",
      status: "active",
      createdAt: now,
      updatedAt: now,
      ...fields,
      teamId,
      id: undefined,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (aliases?.length)
    await db
      .insertInto("userAliases")
      .values(aliases.map((alias) => ({ userId: user.id, alias })))
      .execute();
  return user;
}

/** Options for a device: row overrides plus an optional location recorded for it. */
export type DeviceOverrides = Partial<Row<"devices">> & { location?: Partial<Row<"locations">> };

/** Inserts a device of the user (Android unless overridden), and its location when given. */
export async function buildDevice(db: Kysely<Database>, user: Row<"users">, overrides: DeviceOverrides = {}): Promise<Row<"devices">> {
  const { location, ...fields } = overrides;
  const now = Date.now();
  const device = await db
    .insertInto("devices")
    .values({
      uid: randomUUID(),
      platform: 1,
      appVersion: "5.0.1",
      deviceName: "Pixel",
      deviceToken: `token-${next()}`,
      osVersion: "14",
      createdAt: now,
      lastSeenAt: now,
      ...fields,
      userId: user.id,
      id: undefined,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (location)
    await db
      .insertInto("locations")
      .values({ recordedAt: now, ...location, deviceId: device.id, id: undefined })
      .execute();
  return device;
}

/** Options for a license pack: row overrides plus the team it belongs to. */
export type PackOverrides = Partial<Row<"licensePacks">> & { team?: Row<"teams"> };

/** Inserts a license pack (subscription, 10 seats, valid for a year, purchased) in a fresh team unless one is given. */
export async function buildPack(db: Kysely<Database>, overrides: PackOverrides = {}): Promise<Row<"licensePacks">> {
  const { team, ...fields } = overrides;
  const now = Date.now();
  const teamId = fields.teamId === undefined ? (team?.id ?? (await buildTeam(db)).id) : fields.teamId;
  return db
    .insertInto("licensePacks")
    .values({
      uid: randomUUID(),
      licenseType: "subscription",
      licenseCount: 10,
      status: "active",
      expiresAt: now + 365 * 86_400_000,
      source: "purchase",
      createdAt: now,
      updatedAt: now,
      ...fields,
      teamId,
      id: undefined,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
