/**
 * What the resource command groups (teams, admins, users, devices) share: the options of the
 * shared API modules for the current connection, flag values checked with the shared zod schemas
 * before any call (the localized `validation:` message, exit 2), list paging (`--all` follows
 * `nextCursor`), confirmations that never hang a pipeline, `--password-stdin`, per-item batches
 * for APIs that act on one id per call, and the exit status of a command that printed its result
 * but did not fully succeed (a bulk command's partial failure, exit 10).
 */
import type { Command } from "commander";
import type { z } from "zod";
import { isApiError, type ApiClientOptions } from "../../shared/api";
import { sha512Hex } from "../../shared/crypto";
import { EXIT_CODES, mapCallOutcome, type ExitCode } from "../../shared/errors";
import { toI18nKey, validationKeyOf, validationMessageParams } from "../../shared/schemas/messages";
import { password as passwordRule } from "../../shared/schemas/primitives";
import { addBulkOptions, bulkIOFor, runBulk, type BatchFn, type BulkOptions, type BulkResult } from "../bulk";
import { CliError, usageError } from "../errors";
import type { Translate } from "../i18n";
import type { Output } from "../output";
import { ExitStatus } from "../exitStatus";
import { askYesNo, readSecret } from "../prompt";
import type { CliContext } from "../runtime";
import { examples } from "./help";
import { connectionOf } from "../connection";
import { cliReauthHandler } from "../reauth";

/** Finishes a command with `code`: nothing happens for 0, otherwise an {@link ExitStatus} is thrown. */
export function exitWith(code: ExitCode): void {
  if (code !== EXIT_CODES.ok) throw new ExitStatus(code);
}

/** The options every resource command takes. */
export interface CommonOptions {
  context?: string;
  json?: boolean;
}

/** Adds `--context` and `--json` to a command. */
export function addCommonOptions(command: Command, t: Translate): Command {
  return command.option("--context <name>", t("options.context")).option("--json", t("options.json"));
}

/** The shared API modules' options for the connection of a command (a token is required). */
export function apiOptions(cli: CliContext, opts: CommonOptions): ApiClientOptions {
  const connection = connectionOf(cli, { ...(opts.context ? { context: opts.context } : {}), needToken: true });
  return {
    baseUrl: connection.url,
    ...(connection.token ? { token: connection.token } : {}),
    fetch: cli.fetch(),
    onReauth: cliReauthHandler(cli, connection),
  };
}

/** Names the flag that set a body field (`"contactEmail.finance"` → `"--finance-email"`); `""` is a lone value. */
export type FlagNames = Readonly<Record<string, string>>;

function flagOf(path: readonly PropertyKey[], flags: FlagNames): string {
  for (let end = path.length; end >= 0; end--) {
    const flag = flags[path.slice(0, end).map(String).join(".")];
    if (flag !== undefined) return flag;
  }
  return path.map(String).join(".");
}

/**
 * Checks a value with a shared schema before anything is sent: on failure a usage error (exit 2)
 * listing each problem as `<flag>: <localized validation message>`, so no request is ever made.
 */
export function validated<S extends z.ZodType>(schema: S, value: unknown, t: Translate, flags: FlagNames = {}): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const message = t(toI18nKey(validationKeyOf(issue)), validationMessageParams(issue));
    const flag = flagOf(issue.path, flags);
    return flag ? `${flag}: ${message}` : message;
  });
  throw usageError([...new Set(problems)].join("\n"));
}

/** A page of a list call. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly nextCursor: string | null;
}

/** What a list command prints with `--json`: the items (every page with `--all`) and the filtered total. */
export interface ListJson<T> {
  items: T[];
  total: number;
}

/** Fetches the first page, and with `all` every following one through `nextCursor`. */
export async function collectPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, all: boolean): Promise<ListJson<T>> {
  const first = await fetchPage(undefined);
  const items = [...first.items];
  const seen = new Set<string>();
  let cursor = first.nextCursor;
  while (all && cursor !== null && !seen.has(cursor)) {
    seen.add(cursor);
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
  }
  return { items, total: first.total };
}

/** On a partial listing, a note (stderr) that `--all` fetches every page; nothing when all items are shown. */
export function noteMore(out: Output, t: Translate, result: ListJson<unknown>): void {
  if (result.items.length < result.total) out.note(t("list.shown", { shown: result.items.length, total: result.total }));
}

/**
 * How every list command ends: one page, or every page with `--all`; then the `{ items, total }`
 * document with `--json`, else a table (`head`, a `row` per item) and the note on a partial listing.
 */
export async function printList<T>(
  cli: CliContext,
  opts: { json?: boolean; all?: boolean },
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  head: string[],
  row: (item: T) => string[],
): Promise<void> {
  const result: ListJson<T> = await collectPages(fetchPage, Boolean(opts.all));
  const out = cli.output(Boolean(opts.json));
  out.result(result, () => {
    out.table(head, result.items.map(row));
    noteMore(out, cli.t, result);
  });
}

/** The paging and sorting flags of a list command as commander parses them. */
export interface ListOptions extends CommonOptions {
  search?: string;
  sort?: string;
  order?: string;
  limit?: string;
  all?: boolean;
}

/** Adds `--search`, `--sort` (with its fields in the help), `--order`, `--limit` and `--all`. */
export function addListOptions(command: Command, t: Translate, sortFields: readonly string[]): Command {
  return command
    .option("-s, --search <text>", t("list.optSearch"))
    .option("--sort <field>", t("list.optSort", { fields: sortFields.join(", ") }))
    .option("--order <order>", t("list.optOrder"))
    .option("--limit <n>", t("list.optLimit"))
    .option("--all", t("list.optAll"));
}

/** The list query parts common to every list (empty ones left out for the schema's defaults). */
export function listQuery(opts: ListOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ["search", "sort", "order", "limit"] as const) {
    const value = opts[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Flag names of the list query fields. */
export const LIST_FLAGS: FlagNames = { search: "--search", sort: "--sort", order: "--order", limit: "--limit", cursor: "--all" };

/**
 * Asks `question` on a terminal unless `yes`; off a terminal refuses with `needYes` (exit 2)
 * instead of waiting on a pipe; a "no" is `declined` (exit 1) and nothing changes.
 */
export async function confirmOrRefuse(cli: CliContext, question: string, yes: boolean | undefined, needYes: string): Promise<void> {
  if (yes) return;
  const { io, t } = cli;
  if (!io.stdin.isTTY) throw usageError(needYes);
  if (!(await askYesNo(io.stdin, io.stderr, `${question} `, t("bulk.yesWords").split(","))))
    throw new CliError("declined", t("bulk.declined"));
}

/** Reads a new password from stdin, checks it against SPEC §5 and returns its `sha512Hex` (never sent in plain text). */
export async function passwordFromStdin(cli: CliContext): Promise<string> {
  const plain = await readSecret(cli.io.stdin);
  if (plain === "") throw usageError(cli.t("login.emptyPassword"));
  validated(passwordRule, plain, cli.t, { "": "--password-stdin" });
  return sha512Hex(plain);
}

/**
 * A batch for an API that takes one id per call: calls it for each item in turn and reports each
 * result (a failed call gives its catalogue code, e.g. `adminBlock403`), so one refusal never
 * stops the others.
 */
export function oneByOne(call: (id: string) => Promise<unknown>): BatchFn {
  return async (items) => {
    const result: BulkResult = { ok: [], failed: [] };
    for (const item of items) {
      try {
        await call(item.id);
        result.ok.push(item.id);
      } catch (error) {
        if (!isApiError(error)) throw error;
        result.failed.push({ id: item.id, code: mapCallOutcome(error.outcome).code });
      }
    }
    return result;
  };
}

/** A value for a table cell: "—" for nothing. */
export function cell(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === "" ? "—" : String(value);
}

/** The localized yes/no of a flag. */
export function yesNo(t: Translate, value: boolean): string {
  return t(value ? "fields.yes" : "fields.no");
}

/** One bulk command of a group: `<name> [uids...]` with the bulk runner's flags. */
export interface BulkCommandSpec<O> {
  name: string;
  /** cli.json keys of its description and examples. */
  description: string;
  examples: string;
  /** The localized action for messages ("block"). */
  action: string;
  /** Items per call: 1 for APIs that act on one id per call, so the progress bar moves per item. */
  batchSize?: number;
  /** CSV header names that hold the id (default `uid`). */
  idColumns?: readonly string[];
  /** Adds the command's own flags. */
  configure?: (command: Command) => Command;
  /** Checks the command's own flags before anything is read or sent; throws a usage error. */
  check?: (opts: O) => void;
  /** The batch function, given the API options (resolved once, not at all for a dry run). */
  batch: (opts: O, api: () => ApiClientOptions) => BatchFn;
  /**
   * Another way to name the items than ids (the users' `--all-matching` filter): when it answers
   * an exit code, the command ran that way and the id runner is skipped; null runs the ids.
   */
  instead?: (ids: string[], opts: O, api: () => ApiClientOptions) => Promise<ExitCode | null>;
}

/**
 * Registers a bulk command on the shared runner (cli/bulk.ts): uids as arguments and/or `--file`
 * (a CSV with a `uid` column or one uid per line, `-` for stdin), `--dry-run`, `--yes`, progress
 * on a terminal, per-item results, and exit 10 when any item failed.
 */
export function addBulkCommand<O extends BulkOptions & CommonOptions>(group: Command, cli: CliContext, spec: BulkCommandSpec<O>): Command {
  const { t } = cli;
  const command = addBulkOptions(
    group.command(spec.name).description(t(spec.description)).argument("[uids...]", t("resource.argUids")),
    t,
  ).option("--context <name>", t("options.context"));
  spec.configure?.(command);
  return command.addHelpText("after", examples(t, spec.examples)).action(async (ids: string[], opts: O) => {
    spec.check?.(opts);
    let resolved: ApiClientOptions | null = opts.dryRun ? null : apiOptions(cli, opts);
    const api = () => (resolved ??= apiOptions(cli, opts));
    const other = spec.instead ? await spec.instead(ids, opts, api) : null;
    if (other !== null) return exitWith(other);
    const code = await runBulk(
      {
        ids,
        options: opts,
        action: spec.action,
        idColumns: spec.idColumns ?? ["uid"],
        ...(spec.batchSize ? { batchSize: spec.batchSize } : {}),
        batch: spec.batch(opts, api),
      },
      bulkIOFor(cli, Boolean(opts.json)),
    );
    exitWith(code);
  });
}
