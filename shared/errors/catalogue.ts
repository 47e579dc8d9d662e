import { ADMIN_ENTRIES } from "./entries/admins";
import { AUTH_ENTRIES } from "./entries/auth";
import { GENERIC_ENTRIES } from "./entries/generic";
import { MFA_ENTRIES } from "./entries/mfa";
import { MFA_PASSKEY_ENTRIES } from "./entries/mfaPasskeys";
import { INVITE_LICENSE_ENTRIES } from "./entries/invites";
import { MESSAGE_ENTRIES } from "./entries/messages";
import { SETTINGS_ENTRIES } from "./entries/settings";
import { TOKEN_ENTRIES } from "./entries/tokens";
import { TEAM_ENTRIES } from "./entries/teams";
import { USER_ENTRIES } from "./entries/users";
import { EXIT_CODES, exitCodeForStatus } from "./exitCodes";
import type { ExitCode } from "./exitCodes";
import type { EntrySpec, MessageKind } from "./types";

/** The i18next namespace of every catalogue text: locales/<lang>/errors.json. */
export const ERRORS_NAMESPACE = "errors";

/**
 * The entry tables, in the order locales/<lang>/errors.json lists them. Exported so a test can
 * prove no code is defined twice (a later spread would silently win).
 */
export const CATALOGUE_GROUPS = [
  GENERIC_ENTRIES,
  MESSAGE_ENTRIES,
  AUTH_ENTRIES,
  ADMIN_ENTRIES,
  TEAM_ENTRIES,
  INVITE_LICENSE_ENTRIES,
  USER_ENTRIES,
  SETTINGS_ENTRIES,
  TOKEN_ENTRIES,
  MFA_ENTRIES,
  MFA_PASSKEY_ENTRIES,
] as const;

const SPECS = {
  ...GENERIC_ENTRIES,
  ...MESSAGE_ENTRIES,
  ...AUTH_ENTRIES,
  ...ADMIN_ENTRIES,
  ...TEAM_ENTRIES,
  ...INVITE_LICENSE_ENTRIES,
  ...USER_ENTRIES,
  ...SETTINGS_ENTRIES,
  ...TOKEN_ENTRIES,
  ...MFA_ENTRIES,
  ...MFA_PASSKEY_ENTRIES,
} as const;

/** Every catalogue code: generic, named message, or action prefix + status. The server's typed errors take one. */
export type CatalogueCode = keyof typeof SPECS;

/** The i18n key of a code, `errors:<code>`, for `t()` in islands, pages and the CLI. */
export type CatalogueKey<C extends CatalogueCode = CatalogueCode> = `${typeof ERRORS_NAMESPACE}:${C}`;

/** The HTTP status a code is answered with, as a literal type, so a typed error cannot disagree with it. */
export type HttpStatusForCode<C extends CatalogueCode> = (typeof SPECS)[C]["status"];

/** One resolved catalogue entry: everything the server, islands and CLI need about a code. */
export interface CatalogueEntry<C extends CatalogueCode = CatalogueCode> {
  readonly code: C;
  readonly key: CatalogueKey<C>;
  /** HTTP status; 0 for outcomes with no HTTP response (`net`, `unknown`, `scriptLoadError`). */
  readonly status: HttpStatusForCode<C>;
  readonly kind: MessageKind;
  readonly exit: ExitCode;
  /** English text; equal to locales/en/errors.json (tested); may hold `{{name}}` placeholders. */
  readonly en: string;
}

function resolve(code: string, spec: EntrySpec): CatalogueEntry {
  return {
    code: code as CatalogueCode,
    key: `${ERRORS_NAMESPACE}:${code}` as CatalogueKey,
    status: spec.status as HttpStatusForCode<CatalogueCode>,
    kind: spec.kind,
    exit: spec.exit ?? exitCodeForStatus(spec.status),
    en: spec.en,
  };
}

/** The single error catalogue (SPEC §8, DESIGN §8), keyed by code. */
export const CATALOGUE: { readonly [C in CatalogueCode]: CatalogueEntry<C> } = Object.freeze(
  Object.fromEntries(Object.entries(SPECS).map(([code, spec]) => [code, Object.freeze(resolve(code, spec))])),
) as { readonly [C in CatalogueCode]: CatalogueEntry<C> };

/** Every code in catalogue order; the order of locales/<lang>/errors.json. */
export const CATALOGUE_CODES: readonly CatalogueCode[] = Object.freeze(Object.keys(SPECS) as CatalogueCode[]);

/** Narrows untrusted input (an envelope's `code`, a CLI argument) to a catalogue code. */
export function isCatalogueCode(value: string): value is CatalogueCode {
  return Object.prototype.hasOwnProperty.call(SPECS, value);
}

/** The resolved entry for a code. */
export function entryFor<C extends CatalogueCode>(code: C): CatalogueEntry<C> {
  return CATALOGUE[code];
}

/** The i18n key for a code (`errors:<code>`). */
export function i18nKeyFor<C extends CatalogueCode>(code: C): CatalogueKey<C> {
  return CATALOGUE[code].key;
}

/** The HTTP status a server error with this code is sent with. */
export function httpStatusFor<C extends CatalogueCode>(code: C): HttpStatusForCode<C> {
  return CATALOGUE[code].status;
}

/**
 * The CLI exit code for a code. Takes any string because the CLI gets codes from the wire;
 * a code the catalogue does not know exits with `unknown` (1).
 */
export function exitCodeFor(code: string): ExitCode {
  return isCatalogueCode(code) ? CATALOGUE[code].exit : EXIT_CODES.unknown;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*)\s*(?:,[^}]*)?\}\}/g;

/** The names of the `{{name}}` placeholders in a text, sorted and unique; tests compare languages with it. */
export function placeholdersOf(text: string): readonly string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] ?? ""))].sort();
}

/**
 * The English text of a code with placeholders filled; the server's envelope `message`
 * (DESIGN §3) and the CLI's fallback when it has no locale loaded. A missing variable leaves
 * its placeholder visible rather than inventing a value.
 */
export function englishMessage(code: CatalogueCode, vars?: Readonly<Record<string, string | number>>): string {
  const text = CATALOGUE[code].en;
  if (!vars) return text;
  return text.replace(PLACEHOLDER, (whole: string, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}
