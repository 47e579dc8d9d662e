/**
 * `bulwark users list | show | create | update | reset | block | activate | move | delete` through
 * the shared `createUsersApi`, flags checked with the shared user schemas before any call. The bulk
 * actions send many uids per call on the shared bulk runner (cli/bulk.ts).
 */
import type { Command } from "commander";
import { createUsersApi, type ApiClientOptions, type UserListItem, type UsersApi } from "../../shared/api";
import { slug as slugSchema } from "../../shared/schemas/primitives";
import { TIME_GROUPS } from "../../shared/domain/timeGroups";
import { USER_SORT_FIELDS, UserCreateSchema, UserListQuerySchema, UserResetSchema, UserUpdateSchema } from "../../shared/schemas/user";
import type { BulkOptions } from "../bulk";
import { usageError } from "../errors";
import type { CliContext } from "../runtime";
import {
  addBulkCommand,
  addCommonOptions,
  addListOptions,
  apiOptions,
  cell,
  LIST_FLAGS,
  listQuery,
  passwordFromStdin,
  printList,
  validated,
  type CommonOptions,
  type ListOptions,
} from "./common";
import { examples } from "./help";
import { resolveUid, usersBatch } from "./userIds";
import { registerUserImportCommand } from "./userImport";
import { deviceRows, userFields } from "./userView";
import { ACCESS_LEVEL_FLAG, accessLevelDraft, addAccessLevelOptions } from "./accessLevel";
import { addFilterOptions, addUserFlagFilterOptions, byFilter, type UserFilterOptions } from "./usersFilter";

interface UserListOptions extends ListOptions {
  status?: string;
  team?: string;
  platform?: string;
  ecs?: boolean;
  sip?: boolean;
  cellcrypt?: boolean;
  outdated?: boolean;
  lastSeen?: string;
}

interface UserCreateOptions extends CommonOptions {
  username?: string;
  firstName?: string;
  lastName?: string;
  team?: string;
  passwordStdin?: boolean;
  alias?: string[];
  ecs?: boolean;
  sip?: boolean;
  cellcrypt?: boolean;
  viaEmail?: boolean;
  accessLevel?: string;
}

/** The flags of `users update` as commander parses them (`--no-alias` gives `alias: false`). */
interface UserUpdateOptions extends CommonOptions {
  firstName?: string;
  lastName?: string;
  alias?: string[] | false;
  ecs?: boolean;
  sip?: boolean;
  cellcrypt?: boolean;
  passwordStdin?: boolean;
  /** `--access-level <n>`, or false for `--no-access-level`. */
  accessLevel?: string | false;
}

/** Body or query field → the flag that sets it, for validation messages. */
const FLAGS = {
  username: "--username",
  firstName: "--first-name",
  lastName: "--last-name",
  team: "--team",
  password: "--password-stdin",
  aliases: "--alias",
  status: "--status",
  platform: "--platform",
  ecs: "--ecs",
  sip: "--sip",
  cellcrypt: "--cellcrypt",
  outdated: "--outdated",
  lastSeen: "--last-seen",
  accessLevel: ACCESS_LEVEL_FLAG,
} as const;

async function list(cli: CliContext, opts: UserListOptions): Promise<void> {
  const { t } = cli;
  const filters: Record<string, unknown> = { ...listQuery(opts) };
  for (const key of ["status", "team", "platform", "ecs", "sip", "cellcrypt", "outdated", "lastSeen"] as const)
    if (opts[key] !== undefined) filters[key] = opts[key];
  const query = validated(UserListQuerySchema, filters, t, { ...LIST_FLAGS, ...FLAGS });
  const api = createUsersApi(apiOptions(cli, opts));
  const head = ["uid", "username", "name", "team", "status", "accessLevel", "lastSeen", "devices"].map((k) => t(`fields.${k}`));
  await printList(
    cli,
    opts,
    (cursor) => api.list({ ...query, ...(cursor ? { cursor } : {}) }),
    head,
    (u: UserListItem) => [
      u.uid,
      u.username,
      `${u.firstName} ${u.lastName}`.trim(),
      u.team.slug,
      u.status,
      cell(u.accessLevel),
      cell(u.lastSeen),
      u.appOutdated ? `${u.deviceCount} (${t("users.outdatedMark")})` : String(u.deviceCount),
    ],
  );
}

async function show(cli: CliContext, uid: string, opts: CommonOptions): Promise<void> {
  const { t } = cli;
  const user = await createUsersApi(apiOptions(cli, opts)).get(uid);
  const out = cli.output(Boolean(opts.json));
  out.result(user, () => {
    out.fields(userFields(t, user));
    if (user.devices.length === 0) return out.note(t("users.noDevices"));
    out.line("");
    const head = ["deviceId", "platform", "appVersion", "osVersion", "deviceName", "lastSeen", "wipe", "location"].map((k) =>
      t(`fields.${k}`),
    );
    out.table(head, deviceRows(t, user));
  });
}

async function update(cli: CliContext, idOrName: string, opts: UserUpdateOptions): Promise<void> {
  const { t } = cli;
  const draft: Record<string, unknown> = {};
  if (opts.firstName !== undefined) draft.firstName = opts.firstName;
  if (opts.lastName !== undefined) draft.lastName = opts.lastName;
  if (opts.alias !== undefined) draft.aliases = opts.alias === false ? [] : opts.alias;
  for (const key of ["ecs", "sip", "cellcrypt"] as const) if (opts[key] !== undefined) draft[key] = opts[key];
  Object.assign(draft, accessLevelDraft(opts.accessLevel));
  if (opts.passwordStdin) draft.password = await passwordFromStdin(cli);
  if (Object.keys(draft).length === 0) throw usageError(t("resource.nothingToUpdate"));
  // The flags are checked before anything is sent (the uid may need a call to resolve).
  validated(UserUpdateSchema.omit({ uid: true }), draft, t, FLAGS);
  const api = createUsersApi(apiOptions(cli, opts));
  const uid = await resolveUid(api, idOrName);
  const user = await api.update(validated(UserUpdateSchema, { uid, ...draft }, t, { ...FLAGS, uid: "<uid|username>" }));
  const out = cli.output(Boolean(opts.json));
  out.result(user, () => {
    out.success(t("errors:userEdit200"));
    out.fields(userFields(t, user));
  });
}

/** The `--json` document of `users reset`. */
export interface UserResetJson {
  uid: string;
  /** The reset e-mail was handed to the mailer. */
  sent: true;
}

async function reset(cli: CliContext, idOrName: string, opts: CommonOptions): Promise<void> {
  const { t } = cli;
  const api = createUsersApi(apiOptions(cli, opts));
  const uid = await resolveUid(api, idOrName);
  await api.reset(validated(UserResetSchema, { uid }, t, { uid: "<uid|username>" }));
  const doc: UserResetJson = { uid, sent: true };
  const out = cli.output(Boolean(opts.json));
  out.result(doc, () => out.success(`${t("errors:userReset200")}: ${uid}`));
}

async function create(cli: CliContext, opts: UserCreateOptions): Promise<void> {
  const { t } = cli;
  const draft = {
    username: opts.username,
    firstName: opts.firstName,
    lastName: opts.lastName,
    team: opts.team,
    ...(opts.alias ? { aliases: opts.alias } : {}),
    ecs: Boolean(opts.ecs),
    sip: Boolean(opts.sip),
    cellcrypt: Boolean(opts.cellcrypt),
    ...(opts.viaEmail ? { viaEmail: true } : {}),
    ...accessLevelDraft(opts.accessLevel),
  };
  validated(UserCreateSchema, draft, t, FLAGS);
  const password = opts.passwordStdin ? await passwordFromStdin(cli) : undefined;
  const body = validated(UserCreateSchema, password === undefined ? draft : { ...draft, password }, t, FLAGS);
  const user = await createUsersApi(apiOptions(cli, opts)).create(body);
  const out = cli.output(Boolean(opts.json));
  out.result(user, () => {
    out.success(t("errors:userCreate200"));
    out.fields(userFields(t, user));
  });
}

/** Registers the `users` group on the program. */
export function registerUsersCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("users").description(t("users.description")).addHelpText("after", examples(t, "users.examples"));

  const listCommand = addListOptions(
    addCommonOptions(group.command("list").alias("ls").description(t("users.listDescription")), t),
    t,
    USER_SORT_FIELDS,
  )
    .option("--status <status>", t("users.optStatus"))
    .option("--team <slug>", t("users.optTeamFilter"))
    .option("--platform <code>", t("users.optPlatform"));
  addUserFlagFilterOptions(listCommand, t)
    .option("--outdated", t("users.optOutdatedFilter"))
    .option("--no-outdated", t("users.optNoOutdatedFilter"))
    .option("--last-seen <group>", t("users.optLastSeen", { groups: TIME_GROUPS.join(", ") }))
    .addHelpText("after", examples(t, "users.listExamples"))
    .action((opts: UserListOptions) => list(cli, opts));

  addCommonOptions(group.command("show").description(t("users.showDescription")).argument("<uid>", t("users.argUid")), t)
    .addHelpText("after", examples(t, "users.showExamples"))
    .action((uid: string, opts: CommonOptions) => show(cli, uid, opts));

  addAccessLevelOptions(addCommonOptions(group.command("create").description(t("users.createDescription")), t), t, { clear: false })
    .option("-u, --username <username>", t("users.optUsername"))
    .option("--first-name <name>", t("users.optFirstName"))
    .option("--last-name <name>", t("users.optLastName"))
    .option("--team <slug>", t("users.optTeam"))
    .option("--password-stdin", t("users.optPasswordStdin"))
    .option("--alias <alias...>", t("users.optAlias"))
    .option("--ecs", t("users.optEcs"))
    .option("--sip", t("users.optSip"))
    .option("--cellcrypt", t("users.optCellcrypt"))
    .option("--via-email", t("users.optViaEmail"))
    .addHelpText("after", examples(t, "users.createExamples"))
    .action((opts: UserCreateOptions) => create(cli, opts));

  addAccessLevelOptions(
    addCommonOptions(
      group.command("update").description(t("users.updateDescription")).argument("<uid|username>", t("users.argUidOrUsername")),
      t,
    ),
    t,
    { clear: true },
  )
    .option("--first-name <name>", t("users.optFirstName"))
    .option("--last-name <name>", t("users.optLastName"))
    .option("--alias <alias...>", t("users.optAliasReplace"))
    .option("--no-alias", t("users.optNoAlias"))
    .option("--ecs", t("users.optEcs"))
    .option("--no-ecs", t("users.optNoEcs"))
    .option("--sip", t("users.optSip"))
    .option("--no-sip", t("users.optNoSip"))
    .option("--cellcrypt", t("users.optCellcrypt"))
    .option("--no-cellcrypt", t("users.optNoCellcrypt"))
    .option("--password-stdin", t("users.optNewPasswordStdin"))
    .addHelpText("after", examples(t, "users.updateExamples"))
    .action((idOrName: string, opts: UserUpdateOptions) => update(cli, idOrName, opts));

  addCommonOptions(
    group.command("reset").description(t("users.resetDescription")).argument("<uid|username>", t("users.argUidOrUsername")),
    t,
  )
    .addHelpText("after", examples(t, "users.resetExamples"))
    .action((idOrName: string, opts: CommonOptions) => reset(cli, idOrName, opts));

  const api = (options: () => ApiClientOptions): UsersApi => createUsersApi(options());
  for (const name of ["block", "activate", "delete"] as const) {
    const command = addBulkCommand<BulkOptions & CommonOptions & UserFilterOptions>(group, cli, {
      name,
      description: `users.${name}Description`,
      examples: `users.${name}Examples`,
      action: t(`users.${name}Action`),
      configure: (command) => addFilterOptions(command, t),
      batch: (_opts, options) => usersBatch((uids) => (name === "delete" ? api(options).remove({ uids }) : api(options)[name]({ uids }))),
      instead: byFilter(cli, t(`users.${name}Action`), api, (users, filter) =>
        name === "delete" ? users.remove({ filter }) : users[name]({ filter }),
      ),
    });
    if (name === "delete") command.alias("rm");
  }
  addBulkCommand<BulkOptions & CommonOptions & UserFilterOptions & { team: string }>(group, cli, {
    name: "move",
    description: "users.moveDescription",
    examples: "users.moveExamples",
    action: t("users.moveAction"),
    configure: (command) => addFilterOptions(command.requiredOption("--team <slug>", t("users.optMoveTeam")), t),
    check: (opts) => validated(slugSchema, opts.team, t, { "": "--team" }),
    batch: (opts, options) => usersBatch((uids) => api(options).move({ uids, team: opts.team })),
    instead: byFilter(cli, t("users.moveAction"), api, (users, filter, opts) => users.move({ filter, team: opts.team })),
  });
  registerUserImportCommand(group, cli);
}
