/**
 * `bulwark users block | activate | delete | move --all-matching [filters]` ('select all
 * matching' in the CLI): the bulk call carries the list's filter (`{filter}`) instead of uids, and
 * the server resolves it inside its transaction, in the caller's scope. Before anything changes
 * the CLI counts the same filter (`GET /v2/users?limit=1&…`): `--dry-run` prints that count, and
 * the confirmation states it.
 */
import type { Command } from "commander";
import type { ApiClientOptions, UsersApi } from "../../shared/api";
import { EXIT_CODES, type ExitCode } from "../../shared/errors";
import { TIME_GROUPS } from "../../shared/domain/timeGroups";
import type { BulkResponse } from "../../shared/schemas/list";
import { UserFilterSchema, type UserFilter } from "../../shared/schemas/user";
import { bulkIOFor, confirmChange, printResults, type BulkOptions } from "../bulk";
import { usageError } from "../errors";
import type { Translate } from "../i18n";
import type { CliContext } from "../runtime";
import { validated, type CommonOptions } from "./common";

/** The filter flags as commander parses them. */
export interface UserFilterOptions {
  allMatching?: boolean;
  search?: string;
  status?: string;
  inTeam?: string;
  platform?: string;
  ecs?: boolean;
  sip?: boolean;
  cellcrypt?: boolean;
  lastSeen?: string;
}

/** Filter field → its flag, for validation messages. */
const FILTER_FLAGS = {
  search: "--search",
  status: "--status",
  team: "--in-team",
  platform: "--platform",
  ecs: "--ecs",
  sip: "--sip",
  cellcrypt: "--cellcrypt",
  lastSeen: "--last-seen",
} as const;

/** What `--dry-run --all-matching --json` prints. */
export interface FilterDryRunJson {
  dryRun: true;
  action: string;
  filter: UserFilter;
  count: number;
}

/** Adds `--all-matching` and the list's filter flags (`--in-team`, since `move` has `--team` for its target). */
export function addFilterOptions(command: Command, t: Translate): Command {
  command
    .option("--all-matching", t("users.optAllMatching"))
    .option("--search <text>", t("users.optSearch"))
    .option("--status <status>", t("users.optStatus"))
    .option("--in-team <slug>", t("users.optInTeam"))
    .option("--platform <code>", t("users.optPlatform"))
    .option("--last-seen <group>", t("users.optLastSeen", { groups: TIME_GROUPS.join(", ") }));
  return addUserFlagFilterOptions(command, t);
}

/**
 * Adds `--ecs`/`--no-ecs`, `--sip`/`--no-sip` and `--cellcrypt`/`--no-cellcrypt`, the user's
 * three yes/no flags (only users with it, only users without it; neither: no filter). `users list`
 * and the bulk commands' `--all-matching` filter take the same flags, so they are declared once.
 */
export function addUserFlagFilterOptions(command: Command, t: Translate): Command {
  return command
    .option("--ecs", t("users.optEcsFilter"))
    .option("--no-ecs", t("users.optNoEcsFilter"))
    .option("--sip", t("users.optSipFilter"))
    .option("--no-sip", t("users.optNoSipFilter"))
    .option("--cellcrypt", t("users.optCellcryptFilter"))
    .option("--no-cellcrypt", t("users.optNoCellcryptFilter"));
}

/** The filter the flags describe, checked with the API's own schema (a usage error names the flag). */
export function filterFromOptions(opts: UserFilterOptions, t: Translate): UserFilter {
  const raw: Record<string, unknown> = {};
  if (opts.search !== undefined) raw.search = opts.search;
  if (opts.status !== undefined) raw.status = opts.status;
  if (opts.inTeam !== undefined) raw.team = opts.inTeam;
  if (opts.platform !== undefined) raw.platform = Number(opts.platform);
  if (opts.lastSeen !== undefined) raw.lastSeen = opts.lastSeen;
  for (const flag of ["ecs", "sip", "cellcrypt"] as const) if (opts[flag] !== undefined) raw[flag] = opts[flag];
  return validated(UserFilterSchema, raw, t, FILTER_FLAGS);
}

/**
 * The `instead` of a users bulk command: null without `--all-matching` (filter flags alone are a
 * usage error: they would otherwise be ignored); with it, no ids or `--file`, then count, dry run
 * or confirm, and one call by filter. Exit 10 when any matched user failed.
 */
export function byFilter<O extends BulkOptions & CommonOptions & UserFilterOptions>(
  cli: CliContext,
  action: string,
  api: (options: () => ApiClientOptions) => UsersApi,
  call: (users: UsersApi, filter: UserFilter, opts: O) => Promise<BulkResponse>,
): (ids: string[], opts: O, options: () => ApiClientOptions) => Promise<ExitCode | null> {
  const { t } = cli;
  return async (ids, opts, options) => {
    const filterGiven = ["search", "status", "inTeam", "platform", "ecs", "sip", "cellcrypt", "lastSeen"].some(
      (key) => opts[key as keyof UserFilterOptions] !== undefined,
    );
    if (!opts.allMatching) {
      if (filterGiven) throw usageError(t("users.filterNeedsAllMatching"));
      return null;
    }
    if (ids.length > 0 || opts.file) throw usageError(t("users.allMatchingNoIds"));
    const filter = filterFromOptions(opts, t);
    const users = api(options);
    const { total } = await users.list({ ...filter, limit: 1 });
    const io = bulkIOFor(cli, Boolean(opts.json));
    if (opts.dryRun) {
      const doc: FilterDryRunJson = { dryRun: true, action, filter, count: total };
      io.out.result(doc, () => io.out.line(t("users.filterDryRun", { count: total, action })));
      return EXIT_CODES.ok;
    }
    if (total === 0) {
      io.out.result({ ok: [], failed: [] }, () => io.out.note(t("users.filterNone")));
      return EXIT_CODES.ok;
    }
    await confirmChange(opts, io, total, t("users.filterConfirm", { count: total, action }));
    const result = await call(users, filter, opts);
    printResults(result, result.ok.length + result.failed.length, { action }, io);
    return result.failed.length === 0 ? EXIT_CODES.ok : EXIT_CODES.partial;
  };
}
