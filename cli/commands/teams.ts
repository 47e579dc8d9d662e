/**
 * `bulwark teams list | show | create | update | delete` (issue 5, docs/API.md "Teams") through
 * the shared `createTeamsApi`. Field flags are checked with the shared team schemas before any
 * call; `contactEmail`, `authentication` and `emailTheme` are replaced whole by the API, so `update`
 * merges the given flags over the team's current values (`--no-email-theme` removes the theme); `delete` asks on a terminal and needs `--yes`
 * otherwise.
 */
import type { Command } from "commander";
import { createTeamsApi, type TeamDetails, type TeamListItem } from "../../shared/api";
import { CERT_REVOCATION_STRATEGIES } from "../../shared/domain/statuses";
import { EmailThemeSchema, TeamAuthenticationSchema, TeamCreateSchema, TeamDeleteSchema, TeamListQuerySchema, TeamUpdateSchema, TEAM_SORT_FIELDS } from "../../shared/schemas/team";
import { usageError } from "../errors";
import type { Translate } from "../i18n";
import type { CliContext } from "../runtime";
import {
  addCommonOptions,
  addListOptions,
  apiOptions,
  cell,
  confirmOrRefuse,
  LIST_FLAGS,
  listQuery,
  printList,
  validated,
  yesNo,
  type CommonOptions,
  type ListOptions,
} from "./common";
import { examples } from "./help";

/** The field flags of `teams create` and `teams update` as commander parses them. */
interface TeamFieldOptions extends CommonOptions {
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

type Body = Record<string, unknown>;

/** Text fields: option key → body field. */
const TEXT_FIELDS = { name: "teamName", institution: "institution", notes: "notes", city: "city", country: "country", language: "language", timezone: "timezone" } as const;
/** Contact flags → `contactEmail` fields. */
const CONTACT_FIELDS = { financeEmail: "finance", operationsEmail: "operations", supportEmail: "support" } as const;
/** Authentication flags → `authentication` fields. */
const AUTH_FIELDS = {
  oauthClientId: "oauthClientId",
  authority: "authority",
  discovery: "discovery",
  oauthVersion: "version",
  tenantId: "tenantId",
  azureAdSync: "azureAdSync",
  certRevocation: "certRevocation",
} as const;

/** E-mail theme flags → `emailTheme` fields. */
const THEME_FIELDS = { emailThemeName: "name", emailThemeColor: "primaryColor", emailThemeLogoUrl: "logoUrl", emailThemeFooter: "footer" } as const;

/** Body field → the flag that sets it, for validation messages. */
const FLAGS = {
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
function groupOf(opts: TeamFieldOptions, fields: Readonly<Record<string, string>>): Body {
  const out: Body = {};
  for (const [option, field] of Object.entries(fields)) {
    const value = opts[option as keyof TeamFieldOptions];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** A group merged over its current value: nulls and `""` leave the field out (cleared). */
function merged(current: Readonly<Record<string, unknown>>, given: Body): Body {
  const out: Body = {};
  for (const [key, value] of Object.entries({ ...current, ...given })) if (value !== null && value !== "") out[key] = value;
  return out;
}

/** The text fields and custom settings of a body; on update `""` clears country and time zone (null). */
function scalarFields(opts: TeamFieldOptions, update: boolean, t: Translate): Body {
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
function createBody(opts: TeamFieldOptions, t: Translate) {
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

async function update(cli: CliContext, slug: string, opts: TeamFieldOptions): Promise<void> {
  const { t } = cli;
  const flags = { ...FLAGS, slug: "<slug>" };
  const body: Body = { slug, ...scalarFields(opts, true, t) };
  if (opts.newSlug !== undefined) body.newSlug = opts.newSlug;
  const contact = groupOf(opts, CONTACT_FIELDS);
  const auth = groupOf(opts, AUTH_FIELDS);
  const theme = groupOf(opts, THEME_FIELDS);
  const removeTheme = opts.emailTheme === false;
  if (removeTheme && Object.keys(theme).length > 0) throw usageError(t("teams.themeConflict"));
  if (removeTheme) body.emailTheme = null;
  if (Object.keys(body).length === 1 && Object.keys(contact).length === 0 && Object.keys(auth).length === 0 && Object.keys(theme).length === 0) {
    throw usageError(t("resource.nothingToUpdate"));
  }
  // Every given value is checked before the first call, the whole body again once merged.
  validated(TeamUpdateSchema, { ...body, contactEmail: merged({}, contact) }, t, flags);
  for (const [field, value] of Object.entries(auth)) {
    if (value === "") continue;
    const schema = TeamAuthenticationSchema.shape[field as keyof typeof TeamAuthenticationSchema.shape];
    validated(schema, value, t, { "": FLAGS[`authentication.${field}` as keyof typeof FLAGS] });
  }
  for (const [field, value] of Object.entries(theme)) {
    if (value === "") continue;
    const schema = EmailThemeSchema.shape[field as keyof typeof EmailThemeSchema.shape];
    validated(schema, value, t, { "": FLAGS[`emailTheme.${field}` as keyof typeof FLAGS] });
  }
  const api = createTeamsApi(apiOptions(cli, opts));
  if (Object.keys(contact).length > 0 || Object.keys(auth).length > 0 || Object.keys(theme).length > 0) {
    const current = await api.get(slug);
    if (Object.keys(contact).length > 0) body.contactEmail = merged(current.contactEmail, contact);
    if (Object.keys(auth).length > 0) body.authentication = merged(current.authentication, auth);
    // The theme is replaced whole: the given flags over the current theme ("" clears a field).
    if (Object.keys(theme).length > 0) body.emailTheme = merged(current.emailTheme ?? {}, theme);
  }
  const team = await api.update(validated(TeamUpdateSchema, body, t, flags));
  const out = cli.output(Boolean(opts.json));
  out.result(team, () => {
    out.success(t("errors:teamEdit200"));
    out.fields(teamFields(t, team));
  });
}

/** A team's e-mail theme on one line: name, color, logo and footer; "—" without a theme. */
function themeText(theme: TeamDetails["emailTheme"]): string {
  if (!theme) return cell(null);
  return [theme.name, theme.primaryColor, theme.logoUrl, theme.footer?.replace(/\n/g, " ")].filter((part) => part !== undefined && part !== "").join(" · ");
}

/** The human view of a team. */
function teamFields(t: Translate, team: TeamDetails): [string, string][] {
  const { contactEmail: c, authentication: a } = team;
  return [
    [t("fields.slug"), team.slug],
    [t("fields.name"), team.teamName],
    [t("fields.institution"), cell(team.institution)],
    [t("fields.notes"), cell(team.notes)],
    [t("fields.city"), cell(team.city)],
    [t("fields.country"), cell(team.country)],
    [t("fields.language"), team.language],
    [t("fields.timezone"), cell(team.timezone)],
    [t("fields.contacts"), [c.finance, c.operations, c.support].map(cell).join(" / ")],
    [t("fields.domains"), cell(team.domains.join(", "))],
    [t("fields.admins"), cell(team.admins.map((admin) => admin.username).join(", "))],
    [t("fields.users"), String(team.userCount)],
    [t("fields.licensePacks"), String(team.licensePacks.length)],
    [t("fields.certRevocation"), a.certRevocation],
    [t("fields.azureAdSync"), yesNo(t, a.azureAdSync)],
    [t("fields.customSettings"), JSON.stringify(team.customSettings)],
    [t("fields.emailTheme"), themeText(team.emailTheme)],
    [t("fields.createdOn"), team.createdOn],
    [t("fields.updatedOn"), team.updatedOn],
  ];
}

async function list(cli: CliContext, opts: ListOptions): Promise<void> {
  const { t } = cli;
  const query = validated(TeamListQuerySchema, listQuery(opts), t, LIST_FLAGS);
  const api = createTeamsApi(apiOptions(cli, opts));
  const head = ["slug", "name", "institution", "city", "country", "language", "admins", "users", "createdOn"].map((k) => t(`fields.${k}`));
  await printList(cli, opts, (cursor) => api.list({ ...query, ...(cursor ? { cursor } : {}) }), head, (i: TeamListItem) => [i.slug, i.teamName, cell(i.institution), cell(i.city), cell(i.country), i.language, String(i.adminCount), String(i.userCount), i.createdOn]);
}

/** Adds the field flags; `create` has `--slug` and `--domain`, `update` has `--new-slug`. */
function addFieldOptions(command: Command, t: Translate, mode: "create" | "update"): Command {
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

/** Registers the `teams` group on the program. */
export function registerTeamsCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("teams").description(t("teams.description")).addHelpText("after", examples(t, "teams.examples"));

  addListOptions(addCommonOptions(group.command("list").alias("ls").description(t("teams.listDescription")), t), t, TEAM_SORT_FIELDS)
    .addHelpText("after", examples(t, "teams.listExamples"))
    .action((opts: ListOptions) => list(cli, opts));

  addCommonOptions(group.command("show").description(t("teams.showDescription")).argument("<slug>", t("teams.argSlug")), t)
    .addHelpText("after", examples(t, "teams.showExamples"))
    .action(async (slug: string, opts: CommonOptions) => {
      const team = await createTeamsApi(apiOptions(cli, opts)).get(slug);
      const out = cli.output(Boolean(opts.json));
      out.result(team, () => out.fields(teamFields(t, team)));
    });

  addFieldOptions(addCommonOptions(group.command("create").description(t("teams.createDescription")), t), t, "create")
    .addHelpText("after", examples(t, "teams.createExamples"))
    .action(async (opts: TeamFieldOptions) => {
      if (opts.name === undefined) throw usageError(t("teams.needName"));
      const body = createBody(opts, t);
      const team = await createTeamsApi(apiOptions(cli, opts)).create(body);
      const out = cli.output(Boolean(opts.json));
      out.result(team, () => {
        out.success(t("errors:teamCreate200"));
        out.fields(teamFields(t, team));
      });
    });

  addFieldOptions(addCommonOptions(group.command("update").description(t("teams.updateDescription")).argument("<slug>", t("teams.argSlug")), t), t, "update")
    .option("--no-email-theme", t("teams.optNoEmailTheme"))
    .addHelpText("after", examples(t, "teams.updateExamples"))
    .action((slug: string, opts: TeamFieldOptions) => update(cli, slug, opts));

  addCommonOptions(group.command("delete").alias("rm").description(t("teams.deleteDescription")).argument("<slug>", t("teams.argSlug")), t)
    .option("-y, --yes", t("teams.optYes"))
    .addHelpText("after", examples(t, "teams.deleteExamples"))
    .action(async (slug: string, opts: CommonOptions & { yes?: boolean }) => {
      const body = validated(TeamDeleteSchema, { slug }, t, { slug: "<slug>" });
      const api = createTeamsApi(apiOptions(cli, opts));
      await confirmOrRefuse(cli, t("teams.confirmDelete", { slug }), opts.yes, t("teams.needYes", { slug }));
      await api.remove(body);
      const out = cli.output(Boolean(opts.json));
      out.result({ deleted: slug }, () => out.success(`${t("errors:teamDelete200")}: ${slug}`));
    });
}
