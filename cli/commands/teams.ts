/**
 * `bulwark teams list | show | create | update | delete` through the shared `createTeamsApi`.
 * The API replaces `contactEmail`, `authentication` and `emailTheme` whole, so `update` merges the
 * given flags over the team's current values; `delete` asks on a terminal and needs `--yes` otherwise.
 */
import type { Command } from "commander";
import { createTeamsApi, type TeamDetails, type TeamListItem } from "../../shared/api";
import {
  EmailThemeSchema,
  TeamAuthenticationSchema,
  TeamDeleteSchema,
  TeamListQuerySchema,
  TeamUpdateSchema,
  TEAM_SORT_FIELDS,
} from "../../shared/schemas/team";
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
import {
  addFieldOptions,
  AUTH_FIELDS,
  CONTACT_FIELDS,
  createBody,
  FLAGS,
  groupOf,
  merged,
  scalarFields,
  THEME_FIELDS,
  type Body,
  type TeamFieldOptions,
} from "./teamFlags";

/** `teams update`: every flag checked first, then the replaced-whole groups merged over the current team. */
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
  if (
    Object.keys(body).length === 1 &&
    Object.keys(contact).length === 0 &&
    Object.keys(auth).length === 0 &&
    Object.keys(theme).length === 0
  ) {
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
  return [theme.name, theme.primaryColor, theme.logoUrl, theme.footer?.replace(/\n/g, " ")]
    .filter((part) => part !== undefined && part !== "")
    .join(" · ");
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

/** `teams list`: one page, or every page with `--all`. */
async function list(cli: CliContext, opts: ListOptions): Promise<void> {
  const { t } = cli;
  const query = validated(TeamListQuerySchema, listQuery(opts), t, LIST_FLAGS);
  const api = createTeamsApi(apiOptions(cli, opts));
  const head = ["slug", "name", "institution", "city", "country", "language", "admins", "users", "createdOn"].map((k) => t(`fields.${k}`));
  await printList(
    cli,
    opts,
    (cursor) => api.list({ ...query, ...(cursor ? { cursor } : {}) }),
    head,
    (i: TeamListItem) => [
      i.slug,
      i.teamName,
      cell(i.institution),
      cell(i.city),
      cell(i.country),
      i.language,
      String(i.adminCount),
      String(i.userCount),
      i.createdOn,
    ],
  );
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

  addFieldOptions(
    addCommonOptions(group.command("update").description(t("teams.updateDescription")).argument("<slug>", t("teams.argSlug")), t),
    t,
    "update",
  )
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
