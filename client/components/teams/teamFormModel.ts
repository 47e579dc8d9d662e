/**
 * The team form's values (strings keyed by the schema paths, so zod issues land on their field)
 * and their conversion to the `POST/PUT v2/team` bodies. Pure: tested without a browser.
 */
import type { TeamDetails } from "../../../shared/api/teams";
import type { CertRevocationStrategy } from "../../../shared/domain/statuses";
import type { TeamCreateReq, TeamUpdateReq } from "../../../shared/schemas/team";

/** What the edit form starts from: the editable fields of a team. */
export type TeamFormInitial = Pick<
  TeamDetails,
  | "slug"
  | "teamName"
  | "institution"
  | "notes"
  | "contactEmail"
  | "city"
  | "country"
  | "language"
  | "timezone"
  | "emailTheme"
  | "authentication"
>;

/** The editable part of a team: what the edit form's island receives (nothing more is sent to the browser). */
export function editableTeam(team: TeamDetails): TeamFormInitial {
  const { slug, teamName, institution, notes, contactEmail, city, country, language, timezone, emailTheme, authentication } = team;
  return { slug, teamName, institution, notes, contactEmail, city, country, language, timezone, emailTheme, authentication };
}

/** The form's values; flags are "true" / "false". Names are the body paths the schemas report. */
export interface TeamFormValues extends Record<string, string> {
  teamName: string;
  slug: string;
  institution: string;
  notes: string;
  "contactEmail.finance": string;
  "contactEmail.operations": string;
  "contactEmail.support": string;
  city: string;
  country: string;
  language: string;
  timezone: string;
  "authentication.oauthClientId": string;
  "authentication.authority": string;
  "authentication.discovery": string;
  "authentication.version": string;
  "authentication.tenantId": string;
  "authentication.azureAdSync": string;
  "authentication.certRevocation": string;
  "emailTheme.enabled": string;
  "emailTheme.name": string;
  "emailTheme.primaryColor": string;
  "emailTheme.logoUrl": string;
  "emailTheme.footer": string;
}

/** The theme colour offered when a theme is switched on (the console's primary colour). */
export const DEFAULT_THEME_COLOR = "#1d4ed8";

/** The values of an empty create form, or of the edit form for `team`. */
export function initialTeamValues(team: TeamFormInitial | null): TeamFormValues {
  const auth = team?.authentication;
  const theme = team?.emailTheme ?? null;
  return {
    teamName: team?.teamName ?? "",
    slug: team?.slug ?? "",
    institution: team?.institution ?? "",
    notes: team?.notes ?? "",
    "contactEmail.finance": team?.contactEmail.finance ?? "",
    "contactEmail.operations": team?.contactEmail.operations ?? "",
    "contactEmail.support": team?.contactEmail.support ?? "",
    city: team?.city ?? "",
    country: team?.country ?? "",
    language: team?.language ?? "en",
    timezone: team?.timezone ?? "",
    "authentication.oauthClientId": auth?.oauthClientId ?? "",
    "authentication.authority": auth?.authority ?? "",
    "authentication.discovery": auth?.discovery ?? "",
    "authentication.version": auth?.version ?? "",
    "authentication.tenantId": auth?.tenantId ?? "",
    "authentication.azureAdSync": String(auth?.azureAdSync ?? false),
    "authentication.certRevocation": auth?.certRevocation ?? "ocsp",
    "emailTheme.enabled": String(theme !== null),
    "emailTheme.name": theme?.name ?? "",
    "emailTheme.primaryColor": theme?.primaryColor ?? DEFAULT_THEME_COLOR,
    "emailTheme.logoUrl": theme?.logoUrl ?? "",
    "emailTheme.footer": theme?.footer ?? "",
  };
}

/** A trimmed value, or undefined when empty (optional fields with a format are left out). */
const present = (value: string): string | undefined => (value.trim() === "" ? undefined : value.trim());

function groups(values: TeamFormValues) {
  const contactEmail = {
    finance: present(values["contactEmail.finance"]),
    operations: present(values["contactEmail.operations"]),
    support: present(values["contactEmail.support"]),
  };
  const authentication = {
    oauthClientId: present(values["authentication.oauthClientId"]),
    authority: present(values["authentication.authority"]),
    discovery: present(values["authentication.discovery"]),
    version: present(values["authentication.version"]),
    tenantId: present(values["authentication.tenantId"]),
    azureAdSync: values["authentication.azureAdSync"] === "true",
    certRevocation: values["authentication.certRevocation"] as CertRevocationStrategy,
  };
  const emailTheme =
    values["emailTheme.enabled"] === "true"
      ? {
          name: values["emailTheme.name"].trim(),
          primaryColor: values["emailTheme.primaryColor"].trim(),
          logoUrl: present(values["emailTheme.logoUrl"]),
          footer: present(values["emailTheme.footer"]),
        }
      : null;
  return { contactEmail, authentication, emailTheme };
}

/** The `POST v2/team` body: empty optional fields are left out (an empty slug is derived by the server). */
export function createBody(values: TeamFormValues): TeamCreateReq {
  const { contactEmail, authentication, emailTheme } = groups(values);
  return {
    teamName: values.teamName,
    slug: present(values.slug),
    institution: present(values.institution),
    notes: present(values.notes),
    contactEmail,
    city: present(values.city),
    country: present(values.country),
    language: values.language as TeamCreateReq["language"],
    timezone: present(values.timezone),
    authentication,
    emailTheme: emailTheme ?? undefined,
  };
}

/**
 * The `PUT v2/team` body for the team now called `slug`: every field is sent, so clearing a field
 * clears it (`""` for text, null for country, time zone and theme); a changed identifier is `newSlug`.
 */
export function updateBody(slug: string, values: TeamFormValues): TeamUpdateReq {
  const { contactEmail, authentication, emailTheme } = groups(values);
  const newSlug = values.slug.trim();
  return {
    slug,
    newSlug: newSlug !== slug ? newSlug : undefined,
    teamName: values.teamName,
    institution: values.institution,
    notes: values.notes,
    contactEmail,
    city: values.city,
    country: present(values.country) ?? null,
    language: values.language as TeamUpdateReq["language"],
    timezone: present(values.timezone) ?? null,
    authentication,
    emailTheme,
  };
}

/** A part of the company profile saved on its own: the details, the authentication, the e-mail theme. */
export type TeamFormPart = "details" | "authentication" | "emailTheme";

/**
 * The `PUT v2/team` body of one part of the profile: only that part's fields, so saving one part
 * never writes another's (stale) values. The identifier is sent only when it changed.
 */
export function partBody(part: TeamFormPart, slug: string, values: TeamFormValues): TeamUpdateReq {
  const body = updateBody(slug, values);
  if (part === "authentication") return { slug, authentication: body.authentication };
  if (part === "emailTheme") return { slug, emailTheme: body.emailTheme };
  const { authentication: _auth, emailTheme: _theme, ...details } = body;
  return details;
}

/** Where an issue's path shows in the form (`newSlug` is the identifier field). */
export function fieldOfIssue(path: string): string {
  return path === "newSlug" ? "slug" : path;
}
