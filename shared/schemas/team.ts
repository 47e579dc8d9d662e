/**
 * Teams (companies) of SPEC §3: `POST/PUT v2/team`, `PUT v2/team/settings`. A body names a team by
 * its `slug` (DESIGN §3).
 */
import type { z } from "zod";
import { lengthRange, maxLength } from "../limits";
import { CERT_REVOCATION_STRATEGIES } from "../domain/statuses";
import { bool, oneOf, obj, optionalText, patternText, requiredText } from "./builders";
import { CustomSettingsInputSchema, CustomSettingsSchema } from "./customSettings";
import { teamDomains } from "./domain";
import { ListQuerySchema, search, sortOrder } from "./list";
import { V } from "./messages";
import { color, country, email, language, slug, teamName, timezone, url } from "./primitives";

/** Finance, operations and support contacts of a team; each optional. */
export const ContactEmailSchema = obj({
  finance: email.optional(),
  operations: email.optional(),
  support: email.optional(),
});
/** Team contacts. */
export type ContactEmail = z.infer<typeof ContactEmailSchema>;

/** Branding of the e-mails sent to a team's users. */
export const EmailThemeSchema = obj({
  name: requiredText(lengthRange.emailThemeName.max, { trim: true }),
  primaryColor: color,
  logoUrl: url.optional(),
  footer: optionalText(maxLength.emailThemeFooter, { multiLine: true }),
});
/** E-mail theme. */
export type EmailTheme = z.infer<typeof EmailThemeSchema>;

/**
 * Team authentication (SPEC §3): OAuth / Azure AD and the certificate revocation strategy.
 * Azure AD sync needs the OAuth client ID and the tenant ID.
 */
/** An identity provider's address: TLS only, since tokens and keys are fetched from it. */
const httpsUrl = url.refine((value) => value.startsWith("https://"), { error: V.httpsUrl });

export const TeamAuthenticationSchema = obj({
  oauthClientId: requiredText(maxLength.oauthClientId).optional(),
  authority: httpsUrl.optional(),
  discovery: httpsUrl.optional(),
  version: patternText({ min: 1, max: maxLength.oauthVersion }, /^v?\d+(?:\.\d+)*$/, V.oauthVersion).optional(),
  // An Entra ID (Azure AD) tenant ID is a GUID; the directory's domain names are not IDs.
  tenantId: patternText(
    { min: 1, max: maxLength.tenantId },
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    V.tenantId,
  ).optional(),
  azureAdSync: bool(),
  certRevocation: oneOf(CERT_REVOCATION_STRATEGIES),
}).superRefine((value, ctx) => {
  if (value.azureAdSync && (value.tenantId === undefined || value.oauthClientId === undefined)) {
    ctx.addIssue({ code: "custom", message: V.azureAdSyncNeedsTenant, path: ["azureAdSync"], input: value.azureAdSync });
  }
});
/** Team authentication settings. */
export type TeamAuthentication = z.infer<typeof TeamAuthenticationSchema>;

/** The editable fields of a team other than its name, slug and domains; all optional. */
const teamFields = {
  institution: optionalText(maxLength.institution),
  notes: optionalText(maxLength.notes, { multiLine: true }),
  contactEmail: ContactEmailSchema.optional(),
  city: optionalText(maxLength.city),
  country: country.optional(),
  language: language.optional(),
  timezone: timezone.optional(),
  customSettings: CustomSettingsSchema.optional(),
  emailTheme: EmailThemeSchema.optional(),
  authentication: TeamAuthenticationSchema.optional(),
};

/**
 * `POST v2/team`: create a team; the slug is derived from the name when omitted (see
 * `suggestSlug`). `domains` is the new team's initial white-list.
 */
export const TeamCreateSchema = obj({ teamName, slug: slug.optional(), domains: teamDomains.optional(), ...teamFields });
/** Team creation body. */
export type TeamCreateReq = z.infer<typeof TeamCreateSchema>;

/**
 * `PUT v2/team`: edit the team named by `slug`; absent fields are left unchanged, `""` clears a
 * text field and `null` clears country, time zone or e-mail theme. `contactEmail` and
 * `authentication` replace the whole group. `newSlug` renames the identifier. Domains are not
 * edited here: they change through `PUT/DELETE v2/team/domains`, which ask for the password.
 */
export const TeamUpdateSchema = obj({
  slug,
  newSlug: slug.optional(),
  teamName: teamName.optional(),
  ...teamFields,
  country: country.nullable().optional(),
  timezone: timezone.nullable().optional(),
  emailTheme: EmailThemeSchema.nullable().optional(),
});
/** Team edit body. */
export type TeamUpdateReq = z.infer<typeof TeamUpdateSchema>;

/** Team deletion: the team named by `slug`. */
export const TeamDeleteSchema = obj({ slug });
/** Team deletion body. */
export type TeamDeleteReq = z.infer<typeof TeamDeleteSchema>;

/** `PUT v2/team/settings`: replace a team's overrides (`{}` clears them). */
export const TeamSettingsSchema = obj({ slug, customSettings: CustomSettingsInputSchema });
/** Team settings body. */
export type TeamSettingsReq = z.infer<typeof TeamSettingsSchema>;

/** Sortable columns of the team list. */
export const TEAM_SORT_FIELDS = ["name", "slug", "createdOn"] as const;
/** A sortable column of the team list. */
export type TeamSortField = (typeof TEAM_SORT_FIELDS)[number];

/**
 * `GET v2/teams` query: free-text search on name and slug, sort, order and keyset paging
 * (query-string friendly; unknown parameters are ignored).
 */
export const TeamListQuerySchema = ListQuerySchema.extend({
  search,
  sort: oneOf(TEAM_SORT_FIELDS).default("name"),
  order: sortOrder,
});
/** Team list query. */
export type TeamListQuery = z.infer<typeof TeamListQuerySchema>;

/**
 * A slug proposal for a team name: lowercase ASCII words joined by hyphens, cut to the slug
 * length; "" when the name has no usable characters (the caller then asks for one).
 */
export function suggestSlug(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let out = "";
  for (const word of words) {
    const next = out ? `${out}-${word}` : word;
    if (next.length > lengthRange.slug.max) break;
    out = next;
  }
  if (!out && words[0]) out = words[0].slice(0, lengthRange.slug.max);
  return out.length >= lengthRange.slug.min ? out : "";
}
