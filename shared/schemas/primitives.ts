/**
 * Reusable field rules of SPEC §5, built only from limits.ts. Resource schemas compose these; the
 * UI uses the same ones for instant feedback. Every issue message is a key from messages.ts.
 */
import { z } from "zod";
import {
  failedAttemptsRange,
  languages,
  lengthRange,
  licenseCountRange,
  maxLength,
  otpLengthRange,
  passwordHistoryRange,
  passwordRules,
  portRange,
  rateLimitRange,
  sha512HexLength,
  timeoutRange,
  ttlAllowingZeroRange,
  ttlRange,
} from "../limits";
import { isPlatformCode } from "../domain/platforms";
import { formatError, intIn, integerError, patternText, requiredText, str, typeError } from "./builders";
import { V } from "./messages";

/** A valid e-mail address of at most 320 characters. */
export const email = z.email({ error: formatError(V.email) }).max(maxLength.email, { error: V.tooLong });

const isEmail = (value: string): boolean => email.safeParse(value).success;

/** True when a string has upper and lower case letters, a digit and a special (non-alphanumeric, non-space) character. */
export function hasPasswordClasses(value: string): boolean {
  return /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\p{Nd}/u.test(value) && /[^\p{L}\p{N}\s]/u.test(value);
}

/** The plain-text password rule (client side only; it is hashed before sending). Min 9: see limits.passwordRules. */
export const password = str()
  .min(1, { error: V.required, abort: true })
  .min(passwordRules.minLength, { error: V.passwordTooShort })
  .max(passwordRules.maxLength, { error: V.passwordTooLong })
  .refine(hasPasswordClasses, { error: V.passwordClasses });

/**
 * A superRefine callback for forms with a password and its confirmation: a mismatch is reported
 * on the confirmation field as `validation.passwordMismatch`.
 */
export function passwordConfirmation<P extends string, C extends string>(passwordKey: P, confirmKey: C) {
  return (value: Readonly<Record<P | C, unknown>>, ctx: z.RefinementCtx): void => {
    if (value[passwordKey] !== value[confirmKey]) {
      ctx.addIssue({ code: "custom", message: V.passwordMismatch, path: [confirmKey], input: value[confirmKey] });
    }
  };
}

/** A password typed again (SPEC §9 repeatedPword ≤ 100); whether it matches is passwordConfirmation's. */
export const repeatedPassword = str().max(maxLength.repeatedPword, { error: V.tooLong });

/** The password form of sign-up, reset and admin creation: `{password, confirmPassword}`, both plain text. */
export const PasswordWithConfirmationSchema = z
  .strictObject({ password, confirmPassword: repeatedPassword }, { error: typeError })
  .superRefine(passwordConfirmation("password", "confirmPassword"));

/** The wire form of every password (SPEC §5): SHA-512 as 128 lowercase hex characters. */
export const passwordHash = str().regex(new RegExp(`^[0-9a-f]{${sha512HexLength}}$`), { error: V.passwordHash });

const HANDLE = /^[A-Za-z0-9_.@-]+$/;

/** SPEC §5 username: 1..320 characters of letters, digits, `_ . @ -`, or an e-mail. */
export const username = str()
  .min(1, { error: V.required, abort: true })
  .max(maxLength.username, { error: V.tooLong, abort: true })
  .refine((value) => HANDLE.test(value) || isEmail(value), { error: V.username });

/** SPEC §5 username when the via-e-mail option is on: it must be a valid e-mail. */
export const usernameViaEmail = z.email({ error: formatError(V.email) }).max(maxLength.username, { error: V.tooLong });

/** Required first name, trimmed, 1..100. */
export const firstName = requiredText(maxLength.firstName, { trim: true });

/** Required last name, trimmed, 1..100. */
export const lastName = requiredText(maxLength.lastName, { trim: true });

/** Required team (company) name, trimmed, 1..320. */
export const teamName = requiredText(maxLength.teamName, { trim: true });

/** Required association name, trimmed, 1..320. */
export const associationName = requiredText(lengthRange.associationName.max, { trim: true });

/** Team identifier: lowercase letters and digits in hyphen-separated words, 2..64. */
export const slug = patternText(lengthRange.slug, /^[a-z0-9]+(?:-[a-z0-9]+)*$/, V.slug);

const APP_VERSION_RE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** App version X.Y.Z, numeric parts without leading zeros, ≤30 characters. */
export const appVersion = patternText({ min: 1, max: maxLength.appVersion }, APP_VERSION_RE, V.appVersion);

/** Compares two valid X.Y.Z versions numerically: negative, zero or positive like a sort comparator. */
export function compareAppVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Which rule of the URL checks fails first, or null when the string is a valid http(s) URL. */
export function urlProblem(value: string, schemes: readonly string[] = ["http:", "https:"]) {
  if (value.length === 0) return V.required;
  if (/\s/.test(value)) return V.urlWhitespace;
  if (value.endsWith(".")) return V.urlTrailingDot;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return V.url;
  }
  if (!schemes.includes(parsed.protocol)) return V.url;
  if (parsed.hostname === "" || parsed.hostname.endsWith(".")) return parsed.hostname === "" ? V.url : V.urlTrailingDot;
  return null;
}

/** SPEC §5 URL: required, no whitespace anywhere, no trailing dot (string or host), http(s), ≤300. */
export const url = str()
  .max(maxLength.url, { error: V.tooLong, abort: true })
  .superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
  });

/** A TURN/STUN server URI (RFC 7064/7065), e.g. `turns:turn.example.com:5349`, with the URL rules. */
export const turnUrl = str()
  .max(maxLength.url, { error: V.tooLong, abort: true })
  .superRefine((value, ctx) => {
    const problem = value.length === 0 ? V.required : /\s/.test(value) ? V.urlWhitespace : value.endsWith(".") ? V.urlTrailingDot : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
    else if (!/^(turns?|stuns?):(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?(\?transport=(udp|tcp))?$/.test(value)) {
      ctx.addIssue({ code: "custom", message: V.turnUrl, input: value });
    }
  });

/** Port 1..65535. */
export const port = intIn(portRange);

/** URL prefix: letters, digits, `_` or `-`, 1..50. */
export const prefix = patternText({ min: 1, max: maxLength.prefix }, /^[A-Za-z0-9_-]+$/, V.prefix);

/** TTL: integer ≥1, bounded (limits.ttlRange). */
export const ttl = intIn(ttlRange);

/** TTL variant that allows 0 (= never expires). */
export const ttlAllowingZero = intIn(ttlAllowingZeroRange);

/** Timeout: integer 1..10000. */
export const timeout = intIn(timeoutRange);

/** Rate limit: integer 1..10000. */
export const rateLimit = intIn(rateLimitRange);

/** Failed sign-in attempts before lockout: integer, bounded. */
export const failedAttempts = intIn(failedAttemptsRange);

/** OTP length: integer ≥1, bounded. */
export const otpLength = intIn(otpLengthRange);

/** Password history depth: integer ≥1, bounded. */
export const passwordHistory = intIn(passwordHistoryRange);

const CIPHER_TOKEN = /^(?:[!+-]?[A-Za-z0-9_.-]+(?:\+[A-Za-z0-9_.-]+)*|@STRENGTH|@SECLEVEL=[0-5])$/;

/** True for a syntactically valid OpenSSL cipher list ("HIGH:!aNULL:@STRENGTH"). */
export function isCipherList(value: string): boolean {
  if (!/^[A-Za-z0-9_.+!@=:, -]+$/.test(value)) return false;
  const tokens = value.split(/[:, ]+/);
  return tokens.every((token) => CIPHER_TOKEN.test(token));
}

/** TLS cipher list: required, OpenSSL syntax, ≤500. */
export const ciphers = requiredText(maxLength.ciphers).refine(isCipherList, { error: V.ciphers });

/** Warning banner: required (trimmed), ≤1000, may span lines. */
export const warningBanner = requiredText(maxLength.warningBanner, { trim: true, multiLine: true });

/** License count: integer 1..9_999_999_999 (10 digits, limits.licenseCountRange). */
export const licenseCount = intIn(licenseCountRange);

/**
 * License activation token as pasted: surrounding whitespace dropped, then 16..1000 characters of
 * base64url and dots (`payload.signature`). The signature is the server's to check.
 */
export const activationToken = z
  .string({ error: typeError })
  // Trimmed before any other rule: a pasted token often ends with a newline. The pattern below
  // then admits nothing but base64url and dots, so no control character gets through.
  .trim()
  .min(1, { error: V.required, abort: true })
  .min(lengthRange.activationToken.min, { error: V.tooShort, abort: true })
  .max(lengthRange.activationToken.max, { error: V.tooLong, abort: true })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: V.token });

/** E-mailed verification / confirmation / reset token: 16..96 base64url characters. */
export const token = patternText(lengthRange.token, /^[A-Za-z0-9_-]+$/, V.token);

/** True when Intl knows the IANA time zone. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** IANA time zone known to Intl, ≤100. */
export const timezone = requiredText(maxLength.timezone).refine(isTimeZone, { error: V.timezone });

/** Console language: en, pt or es. */
export const language = z.enum(languages, { error: (issue) => (issue.input === undefined ? V.required : V.language) });

/** Country: ISO 3166-1 alpha-2 or alpha-3 code in upper case (format checked, ≤3). */
export const country = str()
  .max(maxLength.country, { error: V.tooLong, abort: true })
  .regex(/^[A-Z]{2,3}$/, { error: V.country });

/** Entity identifier: a UUID (36 characters). */
export const uid = z.uuid({ error: formatError(V.uid) });

/** True for a well-formed uid: a path parameter that is not one names nothing (a 404, not a query). */
export function isUid(value: unknown): value is string {
  return uid.safeParse(value).success;
}

/** True for a well-formed team slug (see isUid). */
export function isSlug(value: unknown): value is string {
  return slug.safeParse(value).success;
}

/** IPv4 address (≤15 characters). */
export const ip = z.ipv4({ error: formatError(V.ip) }).max(maxLength.ip, { error: V.tooLong });

/** Letters, digits, dots, hyphens and non-ASCII: the only input IDNA host parsing may rewrite. */
const IDN_CANDIDATE = /^[a-z0-9.\-\u0080-\uffff]+$/u;

/**
 * IDNA-normalizes a lowercased domain (SPEC §5): `bücher.example` → `xn--bcher-kva.example`.
 * The WHATWG URL host parser is the algorithm node:url's domainToASCII runs, and it exists in
 * browsers too, so the islands and the server agree. Anything that is not a plain host name is
 * returned as given and refused by the pattern that follows.
 */
export function toAsciiDomain(value: string): string {
  if (value === "" || !IDN_CANDIDATE.test(value) || /^\p{ASCII}*$/u.test(value)) return value;
  try {
    return new URL(`http://${value}/`).hostname;
  } catch {
    return value;
  }
}

/** Whitelisted domain name: lowercase, IDNA-normalized DNS labels with a TLD, no trailing dot, ≤100. */
export const domainName = str({ trim: true })
  .toLowerCase()
  .transform(toAsciiDomain)
  .pipe(
    z
      .string()
      .min(1, { error: V.required, abort: true })
      .max(maxLength.domains, { error: V.tooLong, abort: true })
      .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/, { error: V.domain }),
  );

/** Device platform code of SPEC §3. */
export const platformCode = z.int({ error: integerError }).refine(isPlatformCode, { error: V.platform });

/** Invite code: 1..20 letters and digits. */
export const inviteCode = patternText(lengthRange.inviteCode, /^[A-Za-z0-9]+$/, V.inviteCode);

/** License type: 1..10 letters, digits, `_`, `-`. */
export const licenseType = patternText({ min: 1, max: maxLength.licenseType }, /^[A-Za-z0-9_-]+$/, V.licenseType);

/** Opaque keyset cursor (base64url, ≤512). */
export const cursor = patternText({ min: 1, max: maxLength.cursor }, /^[A-Za-z0-9_-]+$/, V.cursor);

/** Browser description sent at sign-in, ≤50. */
export const browser = str().max(maxLength.browser, { error: V.tooLong });

/** `#rrggbb` colour. */
export const color = str().regex(/^#[0-9a-fA-F]{6}$/, { error: V.color });
