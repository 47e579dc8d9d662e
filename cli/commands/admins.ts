/**
 * `bulwark admins list | show | create | update | set-teams | block | activate | unlock | delete`
 * (docs/API.md "Administrators") through the shared `createAdminsApi`. Flags are checked with the
 * shared admin schemas before any call. The API blocks, activates, unlocks and deletes one admin per call,
 * so those commands run on the shared bulk runner with a batch that calls it for each uid in turn
 * and reports every item (ok, or failed with its catalogue code such as `adminBlock403`).
 */
import type { Command } from "commander";
import { createAdminsApi, type AdminDetail, type AdminListItem, type ApiClientOptions } from "../../shared/api";
import { ADMIN_SORTS, AdminCreateSchema, AdminListQuerySchema, AdminTeamsSchema, AdminUpdateSchema } from "../../shared/schemas/admin";
import { usageError } from "../errors";
import type { Translate } from "../i18n";
import type { CliContext } from "../runtime";
import {
  addBulkCommand,
  addCommonOptions,
  addListOptions,
  apiOptions,
  cell,
  LIST_FLAGS,
  listQuery,
  oneByOne,
  passwordFromStdin,
  printList,
  validated,
  type CommonOptions,
  type ListOptions,
} from "./common";
import { examples } from "./help";
import { ACCESS_LEVEL_FLAG, accessLevelDraft, addAccessLevelOptions } from "./accessLevel";

interface AdminListOptions extends ListOptions {
  role?: string;
  status?: string;
  team?: string;
}

interface AdminFieldOptions extends CommonOptions {
  username?: string;
  firstName?: string;
  lastName?: string;
  team?: string[];
  root?: boolean;
  passwordStdin?: boolean;
  invite?: boolean;
  language?: string;
  timezone?: string;
  /** `--access-level <n>`, or false for `--no-access-level` (root only, #31). */
  accessLevel?: string | false;
}

/** Body field → the flag that sets it, for validation messages. */
const FLAGS = {
  uid: "<uid>",
  username: "--username",
  firstName: "--first-name",
  lastName: "--last-name",
  teams: "--team",
  root: "--root",
  password: "--password-stdin / --invite",
  invite: "--invite",
  lang: "--language",
  timezone: "--timezone",
  role: "--role",
  status: "--status",
  team: "--team",
  accessLevel: ACCESS_LEVEL_FLAG,
} as const;

/** The human view of an admin. */
function adminFields(t: Translate, admin: AdminDetail): [string, string][] {
  return [
    [t("fields.uid"), admin.uid],
    [t("fields.username"), admin.username],
    [t("fields.name"), `${admin.firstName} ${admin.lastName}`.trim()],
    [t("fields.role"), admin.role],
    [t("fields.status"), admin.status],
    [t("fields.accessLevel"), cell(admin.accessLevel)],
    [t("fields.language"), admin.lang],
    [t("fields.timezone"), admin.timezone],
    [t("fields.teams"), cell(admin.teams.map((team) => `${team.teamName} (${team.slug})`).join(", "))],
    [t("fields.failedAttempts"), String(admin.failedAttempts)],
    [t("fields.lockedUntil"), cell(admin.lockedUntil)],
    [t("fields.createdOn"), admin.createdOn],
    [t("fields.lastSeen"), cell(admin.lastSeen)],
  ];
}

/** Prints an admin returned by a change: the catalogue's success message, then the profile. */
function printAdmin(cli: CliContext, opts: CommonOptions, admin: AdminDetail, successKey: string): void {
  const out = cli.output(Boolean(opts.json));
  out.result(admin, () => {
    out.success(cli.t(successKey));
    out.fields(adminFields(cli.t, admin));
  });
}

async function list(cli: CliContext, opts: AdminListOptions): Promise<void> {
  const { t } = cli;
  const filters = {
    ...listQuery(opts),
    ...(opts.role ? { role: opts.role } : {}),
    ...(opts.status ? { status: opts.status } : {}),
    ...(opts.team ? { team: opts.team } : {}),
  };
  const query = validated(AdminListQuerySchema, filters, t, { ...LIST_FLAGS, ...FLAGS });
  const api = createAdminsApi(apiOptions(cli, opts));
  const head = ["uid", "username", "name", "role", "status", "accessLevel", "teams", "lastSeen"].map((k) => t(`fields.${k}`));
  await printList(
    cli,
    opts,
    (cursor) => api.list({ ...query, ...(cursor ? { cursor } : {}) }),
    head,
    (a: AdminListItem) => [
      a.uid,
      a.username,
      `${a.firstName} ${a.lastName}`.trim(),
      a.role,
      a.status,
      cell(a.accessLevel),
      cell(a.teams.map((team) => team.slug).join(", ")),
      cell(a.lastSeen),
    ],
  );
}

async function create(cli: CliContext, opts: AdminFieldOptions): Promise<void> {
  const { t } = cli;
  if (opts.passwordStdin && opts.invite) throw usageError(t("admins.passwordOrInvite"));
  const draft = {
    username: opts.username,
    firstName: opts.firstName,
    lastName: opts.lastName,
    teams: opts.team ?? [],
    ...(opts.root ? { root: true } : {}),
    ...(opts.invite ? { invite: true } : {}),
    ...(opts.language !== undefined ? { lang: opts.language } : {}),
    ...(opts.timezone !== undefined ? { timezone: opts.timezone } : {}),
    ...accessLevelDraft(opts.accessLevel),
  };
  const password = opts.passwordStdin ? await passwordFromStdin(cli) : undefined;
  const body = validated(AdminCreateSchema, password === undefined ? draft : { ...draft, password }, t, FLAGS);
  printAdmin(cli, opts, await createAdminsApi(apiOptions(cli, opts)).create(body), "errors:adminCreate200");
}

async function update(cli: CliContext, uid: string, opts: AdminFieldOptions): Promise<void> {
  const { t } = cli;
  const changes = {
    ...(opts.firstName !== undefined ? { firstName: opts.firstName } : {}),
    ...(opts.lastName !== undefined ? { lastName: opts.lastName } : {}),
    ...(opts.language !== undefined ? { lang: opts.language } : {}),
    ...(opts.timezone !== undefined ? { timezone: opts.timezone } : {}),
    ...accessLevelDraft(opts.accessLevel),
  };
  if (Object.keys(changes).length === 0) throw usageError(t("resource.nothingToUpdate"));
  const body = validated(AdminUpdateSchema, { uid, ...changes }, t, FLAGS);
  printAdmin(cli, opts, await createAdminsApi(apiOptions(cli, opts)).update(body), "errors:adminEdit200");
}

/** Adds the name, language and time zone flags. */
function addProfileOptions(command: Command, t: Translate): Command {
  return command
    .option("--first-name <name>", t("admins.optFirstName"))
    .option("--last-name <name>", t("admins.optLastName"))
    .option("--language <lang>", t("admins.optLanguage"))
    .option("--timezone <zone>", t("admins.optTimezone"));
}

/** Registers the `admins` group on the program. */
export function registerAdminsCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("admins").description(t("admins.description")).addHelpText("after", examples(t, "admins.examples"));

  addListOptions(addCommonOptions(group.command("list").alias("ls").description(t("admins.listDescription")), t), t, ADMIN_SORTS)
    .option("--role <role>", t("admins.optRole"))
    .option("--status <status>", t("admins.optStatus"))
    .option("--team <slug>", t("admins.optTeamFilter"))
    .addHelpText("after", examples(t, "admins.listExamples"))
    .action((opts: AdminListOptions) => list(cli, opts));

  addCommonOptions(group.command("show").description(t("admins.showDescription")).argument("<uid>", t("admins.argUid")), t)
    .addHelpText("after", examples(t, "admins.showExamples"))
    .action(async (uid: string, opts: CommonOptions) => {
      const admin = await createAdminsApi(apiOptions(cli, opts)).get(uid);
      const out = cli.output(Boolean(opts.json));
      out.result(admin, () => out.fields(adminFields(t, admin)));
    });

  addAccessLevelOptions(addProfileOptions(addCommonOptions(group.command("create").description(t("admins.createDescription")), t), t), t, {
    clear: false,
  })
    .option("-u, --username <username>", t("admins.optUsername"))
    .option("--team <slug...>", t("admins.optTeams"))
    .option("--root", t("admins.optRoot"))
    .option("--password-stdin", t("admins.optPasswordStdin"))
    .option("--invite", t("admins.optInvite"))
    .addHelpText("after", examples(t, "admins.createExamples"))
    .action((opts: AdminFieldOptions) => create(cli, opts));

  addAccessLevelOptions(
    addProfileOptions(
      addCommonOptions(group.command("update").description(t("admins.updateDescription")).argument("<uid>", t("admins.argUid")), t),
      t,
    ),
    t,
    { clear: true },
  )
    .addHelpText("after", examples(t, "admins.updateExamples"))
    .action((uid: string, opts: AdminFieldOptions) => update(cli, uid, opts));

  addCommonOptions(group.command("set-teams").description(t("admins.setTeamsDescription")).argument("<uid>", t("admins.argUid")), t)
    .requiredOption("--team <slug...>", t("admins.optTeams"))
    .addHelpText("after", examples(t, "admins.setTeamsExamples"))
    .action(async (uid: string, opts: CommonOptions & { team: string[] }) => {
      const body = validated(AdminTeamsSchema, { uid, teams: opts.team }, t, FLAGS);
      printAdmin(cli, opts, await createAdminsApi(apiOptions(cli, opts)).setTeams(body), "errors:adminTeams200");
    });

  const api = (options: () => ApiClientOptions) => createAdminsApi(options());
  addBulkCommand(group, cli, {
    name: "block",
    description: "admins.blockDescription",
    examples: "admins.blockExamples",
    action: t("admins.blockAction"),
    batchSize: 1,
    batch: (_opts, options) => oneByOne((uid) => api(options).block(uid)),
  });
  addBulkCommand(group, cli, {
    name: "activate",
    description: "admins.activateDescription",
    examples: "admins.activateExamples",
    action: t("admins.activateAction"),
    batchSize: 1,
    batch: (_opts, options) => oneByOne((uid) => api(options).activate(uid)),
  });
  addBulkCommand(group, cli, {
    name: "unlock",
    description: "admins.unlockDescription",
    examples: "admins.unlockExamples",
    action: t("admins.unlockAction"),
    batchSize: 1,
    batch: (_opts, options) => oneByOne((uid) => api(options).unlock(uid)),
  });
  addBulkCommand(group, cli, {
    name: "delete",
    description: "admins.deleteDescription",
    examples: "admins.deleteExamples",
    action: t("admins.deleteAction"),
    batchSize: 1,
    batch: (_opts, options) => oneByOne((uid) => api(options).remove(uid)),
  }).alias("rm");
}
