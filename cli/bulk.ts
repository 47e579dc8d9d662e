/**
 * The bulk runner every bulk command shares (DESIGN §9): items from arguments and/or
 * `--file` (CSV with a header row, or one id per line; `-` is stdin), `--dry-run` to preview,
 * confirmation unless `--yes` (a refusal off a TTY, never a hanging question), a progress bar on
 * a TTY, per-item results, and exit 10 (EXIT_CODES.partial) when any item failed. A command only
 * supplies the function that sends one batch, e.g. `PUT /v2/users/block {uids}`, which answers
 * `{ ok: [...ids], failed: [{ id, code }] }` (DESIGN §3).
 */
import { readFileSync } from "node:fs";
import type { Writable } from "node:stream";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { parse } from "csv-parse/sync";
import { isApiError } from "../shared/api";
import { EXIT_CODES, mapCallOutcome, type ExitCode } from "../shared/errors";
import { CliError, catalogueMessage, usageError } from "./errors";
import type { Translate } from "./i18n";
import type { Cell, OutStream, Output } from "./output";
import { askYesNo, readAll, type InStream } from "./prompt";
import type { CliContext } from "./runtime";

/** One item to act on: its id and, when it came from a CSV row, that row's fields. */
export interface BulkItem {
  id: string;
  fields: Readonly<Record<string, string>>;
}

/** What a bulk call answers (DESIGN §3) and what `--json` prints. */
export interface BulkResult {
  ok: string[];
  failed: { id: string; code: string }[];
}

/** Sends one batch; may throw an ApiError, which fails the whole batch with its catalogue code. */
export type BatchFn = (items: readonly BulkItem[]) => Promise<BulkResult>;

/** The bulk flags as commander parses them (see {@link addBulkOptions}). */
export interface BulkOptions {
  file?: string;
  dryRun?: boolean;
  yes?: boolean;
  json?: boolean;
}

/** What one bulk command supplies. */
export interface BulkSpec {
  /** Ids given as arguments. */
  ids: readonly string[];
  options: BulkOptions;
  /** The localized name of the action for messages ("block", "bloquear"). */
  action: string;
  /** CSV header names that hold the id, first found wins; a first line equal to one marks a one-column CSV. */
  idColumns?: readonly string[];
  /** Items per call; the API takes at most maxCount.bulkIds. */
  batchSize?: number;
  batch: BatchFn;
}

/** Where the runner reads and writes; built from the CLI context, or faked in tests. */
export interface BulkIO {
  stdin: InStream;
  stderr: OutStream & Writable;
  out: Output;
  t: Translate;
  /** Asks "Proceed with N items? [y/N]"; defaults to a prompt on stdin/stderr. */
  confirm?: (question: string) => Promise<boolean>;
}

/** The runner's IO for a command of the real CLI. */
export function bulkIOFor(cli: CliContext, json: boolean): BulkIO {
  return { stdin: cli.io.stdin, stderr: cli.io.stderr, out: cli.output(json), t: cli.t };
}

/** Default items per call: small enough for a moving progress bar, far below the API's maximum. */
export const DEFAULT_BATCH_SIZE = 500;

/** The `--json` document of a dry run. */
export interface DryRunJson {
  dryRun: true;
  action: string;
  items: BulkItem[];
}

/** Adds `--file`, `--dry-run`, `--yes` and `--json` to a bulk command. */
export function addBulkOptions(command: Command, t: Translate): Command {
  return command
    .option("-f, --file <path>", t("bulk.optFile"))
    .option("--dry-run", t("bulk.optDryRun"))
    .option("-y, --yes", t("bulk.optYes"))
    .option("--json", t("options.json"));
}

/**
 * Parses a file's text into items: a CSV with a header row when the first line has a comma or is
 * one of `idColumns`, otherwise one id per line (blank lines and `#` comments skipped).
 */
export function parseItems(text: string, idColumns: readonly string[], t: Translate): BulkItem[] {
  const body = text.replace(/^\uFEFF/, "");
  const lines = body.split(/\r?\n/).map((l) => l.trim());
  const first = lines.find((l) => l !== "" && !l.startsWith("#"));
  if (first === undefined) return [];
  const isCsv = first.includes(",") || idColumns.includes(first.toLowerCase());
  if (!isCsv) return lines.filter((l) => l !== "" && !l.startsWith("#")).map((id) => ({ id, fields: {} }));

  let rows: Record<string, string>[];
  try {
    rows = parse<Record<string, string>>(body, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      trim: true,
      comment: "#",
    });
  } catch (error) {
    throw usageError(t("bulk.badCsv", { problem: error instanceof Error ? error.message : String(error) }));
  }
  const header = Object.keys(rows[0] ?? {});
  const column = idColumns.find((c) => header.some((h) => h.toLowerCase() === c)) ?? null;
  const key = column === null ? undefined : header.find((h) => h.toLowerCase() === column);
  if (key === undefined) throw usageError(t("bulk.noIdColumn", { columns: idColumns.join(", ") }));
  return rows.map((row, index) => {
    const id = row[key] ?? "";
    if (id === "") throw usageError(t("bulk.emptyId", { row: index + 2 }));
    return { id, fields: row };
  });
}

/** Every item of a run: arguments first, then the file, without duplicate ids. */
export async function collectItems(spec: BulkSpec, io: BulkIO): Promise<BulkItem[]> {
  const { t } = io;
  const items: BulkItem[] = spec.ids.map((id) => ({ id: id.trim(), fields: {} })).filter((i) => i.id !== "");
  const file = spec.options.file;
  if (file !== undefined) {
    let text: string;
    try {
      text = file === "-" ? await readAll(io.stdin) : readFileSync(file, "utf8");
    } catch (error) {
      throw usageError(t("bulk.cannotRead", { file, problem: error instanceof Error ? error.message : String(error) }));
    }
    items.push(...parseItems(text, spec.idColumns ?? ["id"], t));
  }
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Calls the batch function per chunk and merges the answers; an id the server did not mention fails as `unknown`. */
export async function runBatches(items: readonly BulkItem[], spec: BulkSpec, onProgress: (done: number) => void): Promise<BulkResult> {
  const ok: string[] = [];
  const failed: { id: string; code: string }[] = [];
  let done = 0;
  for (const chunk of chunks(items, Math.max(1, spec.batchSize ?? DEFAULT_BATCH_SIZE))) {
    let answer: BulkResult;
    try {
      answer = await spec.batch(chunk);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const code = mapCallOutcome(error.outcome).code;
      answer = { ok: [], failed: chunk.map((item) => ({ id: item.id, code })) };
    }
    const mentioned = new Set([...answer.ok, ...answer.failed.map((f) => f.id)]);
    ok.push(...answer.ok);
    failed.push(...answer.failed);
    for (const item of chunk) if (!mentioned.has(item.id)) failed.push({ id: item.id, code: "unknown" });
    done += chunk.length;
    onProgress(done);
  }
  return { ok, failed };
}

function printDryRun(items: BulkItem[], spec: BulkSpec, io: BulkIO): void {
  const { out, t } = io;
  const doc: DryRunJson = { dryRun: true, action: spec.action, items };
  out.result(doc, () => {
    out.line(t("bulk.dryRun", { count: items.length, action: spec.action }));
    const columns = [...new Set(items.flatMap((i) => Object.keys(i.fields)))];
    out.table(
      [t("bulk.id"), ...columns],
      items.map((i) => [i.id, ...columns.map((c) => i.fields[c] ?? "")]),
    );
  });
}

/** The per-item results and the summary line (also for a call by filter, cli/commands/usersFilter.ts). */
export function printResults(result: BulkResult, total: number, spec: Pick<BulkSpec, "action">, io: BulkIO): void {
  const { out, t } = io;
  out.result(result, () => {
    const rows = [
      ...result.ok.map((id): Cell[] => [id, { text: t("bulk.ok"), color: "green" }, ""]),
      ...result.failed.map((f): Cell[] => [f.id, { text: t("bulk.failed"), color: "red" }, `${f.code}: ${catalogueMessage(t, f.code)}`]),
    ];
    out.table([t("bulk.id"), t("bulk.result"), t("bulk.detail")], rows);
    if (result.failed.length === 0) out.success(t("bulk.allOk", { count: total, action: spec.action }));
    else out.note(t("errors:bulkPartial", { failed: result.failed.length, total }));
  });
}

/**
 * Asks `question` before changing `count` items, unless `--yes`: off a terminal without `--yes`
 * a usage error that names the count (never a hanging question); a refusal cancels.
 */
export async function confirmChange(options: BulkOptions, io: BulkIO, count: number, question: string): Promise<void> {
  const { t } = io;
  if (options.yes) return;
  if (!io.stdin.isTTY) throw usageError(t("bulk.needYes", { count }));
  const confirm = io.confirm ?? ((q: string) => askYesNo(io.stdin, io.stderr, q, t("bulk.yesWords").split(",")));
  if (!(await confirm(`${question} `))) throw new CliError("declined", t("bulk.declined"));
}

/** Runs a bulk command end to end and returns its exit code: 0 when every item succeeded, 10 otherwise. */
export async function runBulk(spec: BulkSpec, io: BulkIO): Promise<ExitCode> {
  const { t } = io;
  const items = await collectItems(spec, io);
  if (items.length === 0) throw usageError(t("bulk.nothing"));
  if (spec.options.dryRun) {
    printDryRun(items, spec, io);
    return EXIT_CODES.ok;
  }
  await confirmChange(spec.options, io, items.length, t("bulk.confirm", { count: items.length, action: spec.action }));
  const bar = io.stderr.isTTY
    ? new SingleBar({ stream: io.stderr, format: `${spec.action} [{bar}] {value}/{total}`, hideCursor: true, clearOnComplete: true })
    : null;
  bar?.start(items.length, 0);
  let result: BulkResult;
  try {
    result = await runBatches(items, spec, (done) => bar?.update(done));
  } finally {
    bar?.stop();
  }
  printResults(result, items.length, spec, io);
  return result.failed.length === 0 ? EXIT_CODES.ok : EXIT_CODES.partial;
}
