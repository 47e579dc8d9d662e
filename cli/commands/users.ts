/**
 * `bulwark users list | show | create | block | activate | move | delete` (issue 6, docs/API.md
 * "Users and devices") through the shared `createUsersApi`. Flags are checked with the shared
 * user schemas before any call. The bulk actions send many uids per call (`PUT /v2/users/block
 * {uids}` → `{ ok, failed }`) on the shared bulk runner: `--file`, `--dry-run`, `--yes`, progress
 * on a terminal, per-item results, exit 10 when any item failed.
 */
import type { Command } from "commander";
import { createUsersApi, type ApiClientOptions, type UserDetails, type UserListItem, type UsersApi } from "../../shared/api";
import type { BulkResponse } from "../../shared/schemas/list";
import { uid as uidSchema, slug as slugSchema } from "../../shared/schemas/primitives";
import { USER_SORT_FIELDS, UserCreateSchema, UserListQuerySchema } from "../../shared/schemas/user";
import type { BatchFn, BulkOptions, BulkResult } from "../bulk";
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
  passwordFromStdin,
  printList,
  validated,
  yesNo,
  type CommonOptions,
  type ListOptions,
} from "./common";
import { examples } from "./help";
import { registerUserImportCommand } from "./userImport";
import { addFilterOptions, addUserFlagFilterOptions, byFilter, type UserFilterOptions } from "./usersFilter";

interface UserListOptions extends ListOptions {
  status?: string;
  team?: string;
  platform?: string;
  ecs?: boolean;
  sip?: boolean;
  cellcrypt?: boolean;
  outdated?: boolean;
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
} as const;

/** The catalogue code of an id that is not a uid at all: never sent, reported like a 400. */
export const MALFORMED_UID_CODE = "badParameters";

/**
 * A batch for a bulk users call: ids that are not uids fail at once with `badParameters` (so one
 * typo in a file does not fail its whole batch with a 400); the others go in one call whose
 * `{ ok, failed }` answer is reported per item.
 */
export function usersBatch(call: (uids: string[]) => Promise<BulkResponse>): BatchFn {
  return async (items) => {
    const uids: string[] = [];
    const result: BulkResult = { ok: [], failed: [] };
    for (const item of items) {
      if (uidSchema.safeParse(item.id).success) uids.push(item.id);
      else result.failed.push({ id: item.id, code: MALFORMED_UID_CODE });
    }
    if (uids.length === 0) return result;
    const answer = await call(uids);
    return { ok: [...answer.ok], failed: [...result.failed, ...answer.failed] };
  };
}

/** The human view of a user. */
function userFields(t: Translate, user: UserDetails): [string, string][] {
  return [
    [t("fields.uid"), user.uid],
    [t("fields.username"), user.username],
    [t("fields.name"), `${user.firstName} ${user.lastName}`.trim()],
    [t("fields.team"), `${user.team.teamName} (${user.team.slug})`],
    [t("fields.status"), user.status],
    [t("fields.role"), user.role],
    [t("fields.accessLevel"), cell(user.accessLevel)],
    [t("fields.aliases"), cell(user.aliases.join(", "))],
    [t("fields.flags"), `ECS ${yesNo(t, user.ecs)}, SIP ${yesNo(t, user.sip)}, Cellcrypt ${yesNo(t, user.cellcrypt)}`],
    [t("fields.ipAddress"), cell(user.ipAddress)],
    [t("fields.createdOn"), user.createdOn],
    [t("fields.lastSeen"), cell(user.lastSeen)],
  ];
}

/** The devices of a user as a table. */
function deviceRows(t: CliContext["t"], user: UserDetails): string[][] {
  return user.devices.map((d) => {
    const where = d.location ? [d.location.city, d.location.country].filter(Boolean).join(", ") : "";
    const version = d.belowMinimum ? `${cell(d.appVersion)} (${t("users.outdatedMark")})` : cell(d.appVersion);
    return [d.id, d.platformName, version, cell(d.osVersion), cell(d.deviceName), d.lastSeen, d.wipe.status, cell(where)];
  });
}

async function list(cli: CliContext, opts: UserListOptions): Promise<void> {
  const { t } = cli;
  const filters: Record<string, unknown> = { ...listQuery(opts) };
  for (const key of ["status", "team", "platform", "ecs", "sip", "cellcrypt", "outdated"] as const) if (opts[key] !== undefined) filters[key] = opts[key];
  const query = validated(UserListQuerySchema, filters, t, { ...LIST_FLAGS, ...FLAGS });
  const api = createUsersApi(apiOptions(cli, opts));
  const head = ["uid", "username", "name", "team", "status", "lastSeen", "devices"].map((k) => t(`fields.${k}`));
  await printList(cli, opts, (cursor) => api.list({ ...query, ...(cursor ? { cursor } : {}) }), head, (u: UserListItem) => [u.uid, u.username, `${u.firstName} ${u.lastName}`.trim(), u.team.slug, u.status, cell(u.lastSeen), u.appOutdated ? `${u.deviceCount} (${t("users.outdatedMark")})` : String(u.deviceCount)]);
}

async function show(cli: CliContext, uid: string, opts: CommonOptions): Promise<void> {
  const { t } = cli;
  const user = await createUsersApi(apiOptions(cli, opts)).get(uid);
  const out = cli.output(Boolean(opts.json));
  out.result(user, () => {
    out.fields(userFields(t, user));
    if (user.devices.length === 0) return out.note(t("users.noDevices"));
    out.line("");
    const head = ["deviceId", "platform", "appVersion", "osVersion", "deviceName", "lastSeen", "wipe", "location"].map((k) => t(`fields.${k}`));
    out.table(head, deviceRows(t, user));
  });
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

  const listCommand = addListOptions(addCommonOptions(group.command("list").alias("ls").description(t("users.listDescription")), t), t, USER_SORT_FIELDS)
    .option("--status <status>", t("users.optStatus"))
    .option("--team <slug>", t("users.optTeamFilter"))
    .option("--platform <code>", t("users.optPlatform"));
  addUserFlagFilterOptions(listCommand, t)
    .option("--outdated", t("users.optOutdatedFilter"))
    .option("--no-outdated", t("users.optNoOutdatedFilter"))
    .addHelpText("after", examples(t, "users.listExamples"))
    .action((opts: UserListOptions) => list(cli, opts));

  addCommonOptions(group.command("show").description(t("users.showDescription")).argument("<uid>", t("users.argUid")), t)
    .addHelpText("after", examples(t, "users.showExamples"))
    .action((uid: string, opts: CommonOptions) => show(cli, uid, opts));

  addCommonOptions(group.command("create").description(t("users.createDescription")), t)
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

  const api = (options: () => ApiClientOptions): UsersApi => createUsersApi(options());
  for (const name of ["block", "activate", "delete"] as const) {
    const command = addBulkCommand<BulkOptions & CommonOptions & UserFilterOptions>(group, cli, {
      name,
      description: `users.${name}Description`,
      examples: `users.${name}Examples`,
      action: t(`users.${name}Action`),
      configure: (command) => addFilterOptions(command, t),
      batch: (_opts, options) => usersBatch((uids) => (name === "delete" ? api(options).remove({ uids }) : api(options)[name]({ uids }))),
      instead: byFilter(cli, t(`users.${name}Action`), api, (users, filter) => (name === "delete" ? users.remove({ filter }) : users[name]({ filter }))),
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
