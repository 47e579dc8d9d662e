/**
 * Stable validation message keys. Schemas never carry English text: every zod issue's `message`
 * is one of these keys, which the UI and CLI translate. Key `validation.<name>` lives in
 * `locales/<lang>/validation.json` as property `<name>` (i18next: namespace `validation`, key
 * `<name>`, see `toI18nKey`). Interpolation variables come from `validationMessageParams(issue)`.
 */

/** Every validation message key, by short name. */
export const V = {
  /** Fallback for an issue that carries no key of ours (e.g. a zod default). */
  invalid: "validation.invalid",
  controlCharacters: "validation.controlCharacters",
  controlCharactersMultiLine: "validation.controlCharactersMultiLine",
  invalidCharacters: "validation.invalidCharacters",
  bidiControls: "validation.bidiControls",
  required: "validation.required",
  invalidType: "validation.invalidType",
  unknownKey: "validation.unknownKey",
  invalidOption: "validation.invalidOption",
  tooShort: "validation.tooShort",
  tooLong: "validation.tooLong",
  tooSmall: "validation.tooSmall",
  tooBig: "validation.tooBig",
  tooFew: "validation.tooFew",
  tooMany: "validation.tooMany",
  integer: "validation.integer",
  duplicate: "validation.duplicate",
  email: "validation.email",
  username: "validation.username",
  password: "validation.password",
  passwordClasses: "validation.passwordClasses",
  passwordTooShort: "validation.passwordTooShort",
  passwordTooLong: "validation.passwordTooLong",
  passwordMismatch: "validation.passwordMismatch",
  passwordUnchanged: "validation.passwordUnchanged",
  passwordHash: "validation.passwordHash",
  passwordOrInvite: "validation.passwordOrInvite",
  inviteNeedsEmail: "validation.inviteNeedsEmail",
  adminTeamsRequired: "validation.adminTeamsRequired",
  rootNoTeams: "validation.rootNoTeams",
  slug: "validation.slug",
  appVersion: "validation.appVersion",
  appVersionOrder: "validation.appVersionOrder",
  url: "validation.url",
  urlWhitespace: "validation.urlWhitespace",
  urlTrailingDot: "validation.urlTrailingDot",
  turnUrl: "validation.turnUrl",
  prefix: "validation.prefix",
  ciphers: "validation.ciphers",
  cipherUnknown: "validation.cipherUnknown",
  timezone: "validation.timezone",
  language: "validation.language",
  country: "validation.country",
  uid: "validation.uid",
  ip: "validation.ip",
  domain: "validation.domain",
  token: "validation.token",
  inviteCode: "validation.inviteCode",
  licenseType: "validation.licenseType",
  platform: "validation.platform",
  cursor: "validation.cursor",
  color: "validation.color",
  certificate: "validation.certificate",
  certificateExpired: "validation.certificateExpired",
  certificateChain: "validation.certificateChain",
  privateKey: "validation.privateKey",
  privateKeyMismatch: "validation.privateKeyMismatch",
  tenantId: "validation.tenantId",
  httpsUrl: "validation.httpsUrl",
  discoveryUnreachable: "validation.discoveryUnreachable",
  discoveryIssuer: "validation.discoveryIssuer",
  oauthVersion: "validation.oauthVersion",
  azureAdSyncNeedsTenant: "validation.azureAdSyncNeedsTenant",
  callTimeoutOrder: "validation.callTimeoutOrder",
  customSettingsTooLong: "validation.customSettingsTooLong",
  noSpaces: "validation.noSpaces",
} as const;

/** A validation message key. */
export type ValidationMessageKey = (typeof V)[keyof typeof V];

/** The full list of keys; a unit test checks each exists in every locale. */
export const VALIDATION_MESSAGE_KEYS: readonly ValidationMessageKey[] = Object.values(V);

/**
 * Interpolation variables each key uses (`{{min}}` …); keys not listed take none. Every locale
 * must use exactly these variables for the key.
 */
export const VALIDATION_MESSAGE_PARAMS: Readonly<Partial<Record<ValidationMessageKey, readonly string[]>>> = {
  [V.tooShort]: ["min"],
  [V.tooLong]: ["max"],
  [V.tooSmall]: ["min"],
  [V.tooBig]: ["max"],
  [V.tooFew]: ["min"],
  [V.tooMany]: ["max"],
  [V.passwordTooShort]: ["min"],
  [V.passwordTooLong]: ["max"],
  [V.customSettingsTooLong]: ["max"],
};

const KEY_SET: ReadonlySet<string> = new Set(VALIDATION_MESSAGE_KEYS);

/** Narrows a string to a validation message key. */
export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === "string" && KEY_SET.has(value);
}

/** The structural part of a zod issue the helpers below read. */
export interface IssueLike {
  readonly message: string;
  readonly code?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** The key of an issue, falling back to `validation.invalid` for anything not ours. */
export function validationKeyOf(issue: IssueLike): ValidationMessageKey {
  return isValidationMessageKey(issue.message) ? issue.message : V.invalid;
}

/** Interpolation values of an issue: `min` / `max` from zod's minimum / maximum or our params. */
export function validationMessageParams(issue: IssueLike): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (issue.minimum !== undefined) out.min = Number(issue.minimum);
  if (issue.maximum !== undefined) out.max = Number(issue.maximum);
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === "string" || typeof value === "number") out[name] = value;
  }
  return out;
}

/** The i18next key (`validation:<name>`) of a validation message key. */
export function toI18nKey(key: ValidationMessageKey): string {
  return `validation:${key.slice("validation.".length)}`;
}
