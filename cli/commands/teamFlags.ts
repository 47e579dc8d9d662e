/**
 * The field flags of `teams create` and `teams update`: their definitions, how they map onto the
 * API's body fields, and the create body checked with the shared team schema.
 */
import type { Command } from "commander";
import { CERT_REVOCATION_STRATEGIES } from "../../shared/domain/statuses";
import { TeamCreateSchema } from "../../shared/schemas/team";
import { usageError } from "../errors";
import type { Translate } from "../i18n";
import { validated, type CommonOptions } from "./common";

/** The field flags of `teams create` and `teams update` as commander parses them. */
export interface TeamFieldOptions extends CommonOptions {
  name?: string;
  slug?: string;
  newSlug?: string;
  institution?: string;
  notes?: string;
  city?: string;
  country?: string;
  language?: string;
  timezone?: string;
  financeEmail?: string;
  operationsEmail?: string;
  supportEmail?: string;
  domain?: string[];
  customSettings?: string;
  oauthClientId?: string;
  authority?: string;
  discovery?: string;
  oauthVersion?: string;
  tenantId?: string;
  azureAdSync?: boolean;
  certRevocation?: string;
  emailThemeName?: string;
  emailThemeColor?: string;
  emailThemeLogoUrl?: string;
  emailThemeFooter?: string;
  /** false with `--no-email-theme` (update: remove the theme). */
  emailTheme?: boolean;
}

/** A request body being assembled from flags. */
export type Body = Record<string, unknown>;

/** Text fields: option key → body field. */
const TEXT_FIELDS = {
  name: "teamName",
  institution: "institution",
  notes: "notes",
  city: "city",
  country: "country",
  language: "language",
  timezone: "timezone",
} as const;
/** Contact flags → `contactEmail` fields. */
export const CONTACT_FIELDS = { financeEmail: "finance", operationsEmail: "operations", supportEmail: "support" } as const;
/** Authentication flags → `authentication` fields. */
export const AUTH_FIELDS = {
  oauthClientId: "oauthClientId",
  authority: "authority",
  discovery: "discovery",
  oauthVersion: "version",
  tenantId: "tenantId",
  azureAdSync: "azureAdSync",
  certRevocation: "certRevocation",
} as const;

/** E-mail theme flags → `emailTheme` fields. */
export const THEME_FIELDS = {
  emailThemeName: "name",
  emailThemeColor: "primaryColor",
  emailThemeLogoUrl: "logoUrl",
  emailThemeFooter: "footer",
} as const;

/** Body field → the flag that sets it, for validation messages. */
export const FLAGS = {
  teamName: "--name",
  slug: "--slug",
  newSlug: "--new-slug",
  institution: "--institution",
  notes: "--notes",
  city: "--city",
  country: "--country",
  language: "--language",
  timezone: "--timezone",
  domains: "--domain",
  customSettings: "--custom-settings",
  "contactEmail.finance": "--finance-email",
  "contactEmail.operations": "--operations-email",
  "contactEmail.support": "--support-email",
  "authentication.oauthClientId": "--oauth-client-id",
  "authentication.authority": "--authority",
  "authentication.discovery": "--discovery",
  "authentication.version": "--oauth-version",
  "authentication.tenantId": "--tenant-id",
  "authentication.azureAdSync": "--azure-ad-sync",
  "authentication.certRevocation": "--cert-revocation",
  emailTheme: "--email-theme-name",
  "emailTheme.name": "--email-theme-name",
  "emailTheme.primaryColor": "--email-theme-color",
  "emailTheme.logoUrl": "--email-theme-logo-url",
  "emailTheme.footer": "--email-theme-footer",
} as const;

/** The given flags of a group, as body fields; `""` (clear) is kept for the caller to handle. */
export function groupOf(opts: TeamFieldOptions, fields: Readonly<Record<string, string>>): Body {
  const out: Body = {};
  for (const [option, field] of Object.entries(fields)) {
    const value = opts[option as keyof TeamFieldOptions];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** A group merged over its current value: nulls and `""` leave the field out (cleared). */
export function merged(current: Readonly<Record<string, unknown>>, given: Body): Body {
  const out: Body = {};
  for (const [key, value] of Object.entries({ ...current, ...given })) if (value !== null && value !== "") out[key] = value;
  return out;
}

/** The text fields and custom settings of a body; on update `""` clears country and time zone (null). */
export function scalarFields(opts: TeamFieldOptions, update: boolean, t: Translate): Body {
  const body: Body = groupOf(opts, TEXT_FIELDS);
  if (update) for (const key of ["country", "timezone"]) if (body[key] === "") body[key] = null;
  if (opts.customSettings !== undefined) {
    try {
      body.customSettings = JSON.parse(opts.customSettings) as unknown;
    } catch {
      throw usageError(t("teams.badJson"));
    }
  }
  return body;
}

/** The body of `POST /v2/team`, checked before any call. */
export function createBody(opts: TeamFieldOptions, t: Translate) {
  const body: Body = scalarFields(opts, false, t);
  if (opts.slug !== undefined) body.slug = opts.slug;
  if (opts.domain) body.domains = opts.domain;
  const contact = merged({}, groupOf(opts, CONTACT_FIELDS));
  if (Object.keys(contact).length > 0) body.contactEmail = contact;
  const auth = groupOf(opts, AUTH_FIELDS);
  if (Object.keys(auth).length > 0) body.authentication = merged({ azureAdSync: false, certRevocation: "ocsp" }, auth);
  const theme = merged({}, groupOf(opts, THEME_FIELDS));
  if (Object.keys(theme).length > 0) body.emailTheme = theme;
  return validated(TeamCreateSchema, body, t, FLAGS);
}

/** Adds the field flags; `create` has `--slug` and `--domain`, `update` has `--new-slug`. */
export function addFieldOptions(command: Command, t: Translate, mode: "create" | "update"): Command {
  command.option("--name <name>", t("teams.optName"));
  if (mode === "create") command.option("--slug <slug>", t("teams.optSlug")).option("--domain <domain...>", t("teams.optDomain"));
  else command.option("--new-slug <slug>", t("teams.optNewSlug"));
  for (const flag of ["institution", "notes", "city", "country", "language", "timezone"]) {
    command.option(`--${flag} <value>`, t(`teams.opt${flag[0]!.toUpperCase()}${flag.slice(1)}`));
  }
  return command
    .option("--finance-email <email>", t("teams.optFinanceEmail"))
    .option("--operations-email <email>", t("teams.optOperationsEmail"))
    .option("--support-email <email>", t("teams.optSupportEmail"))
    .option("--custom-settings <json>", t("teams.optCustomSettings"))
    .option("--oauth-client-id <id>", t("teams.optOauthClientId"))
    .option("--authority <url>", t("teams.optAuthority"))
    .option("--discovery <url>", t("teams.optDiscovery"))
    .option("--oauth-version <version>", t("teams.optOauthVersion"))
    .option("--tenant-id <id>", t("teams.optTenantId"))
    .option("--azure-ad-sync", t("teams.optAzureAdSync"))
    .option("--no-azure-ad-sync", t("teams.optNoAzureAdSync"))
    .option("--cert-revocation <strategy>", t("teams.optCertRevocation", { strategies: CERT_REVOCATION_STRATEGIES.join(", ") }))
    .option("--email-theme-name <name>", t("teams.optEmailThemeName"))
    .option("--email-theme-color <color>", t("teams.optEmailThemeColor"))
    .option("--email-theme-logo-url <url>", t("teams.optEmailThemeLogoUrl"))
    .option("--email-theme-footer <text>", t("teams.optEmailThemeFooter"));
}
