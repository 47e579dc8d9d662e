/**
 * `bulwark users import --file F [--dry-run] [--yes] [--all-or-nothing] [--resume ID] [--json]`:
 * sends the CSV to `POST /v2/users/import`. It always previews first (counts
 * and the first rows of each problem); `--dry-run` stops there and changes nothing. Otherwise,
 * after confirmation (`--yes` off a terminal), it applies under an import id — printed, so a run
 * cut short can be finished with `--resume ID` and the same file — with a progress bar on a
 * terminal, and exits 10 (partial) when any row was not imported.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { createUserImportApi, type ImportErrors, type ImportPreview, type ImportStatus } from "../../shared/api";
import { EXIT_CODES } from "../../shared/errors";
import { uid as uidSchema } from "../../shared/schemas/primitives";
import { CliError, usageError } from "../errors";
import type { Translate } from "../i18n";
import type { Output } from "../output";
import { askYesNo, readAll } from "../prompt";
import type { CliContext } from "../runtime";
import { addCommonOptions, apiOptions, exitWith, type CommonOptions } from "./common";
import { examples } from "./help";

interface ImportOptions extends CommonOptions {
  file: string;
  dryRun?: boolean;
  yes?: boolean;
  allOrNothing?: boolean;
  resume?: string;
}

/** chosen: an apply may run for minutes (100,000 rows); the progress is polled meanwhile. */
const APPLY_TIMEOUT_MS = 60 * 60_000;
const POLL_MS = 500;

/** The problem rows of a preview or an import, one line each: code text, rows, usernames. */
function printErrors(out: Output, t: Translate, errors: ImportErrors): void {
  const rows = Object.entries(errors).map(([code, list]) => [
    t(`importCodes.${code}`),
    (list ?? []).map((e) => (e.field ? `${e.row} (${e.field})` : String(e.row))).join(", "),
    (list ?? [])
      .map((e) => e.username ?? "")
      .filter(Boolean)
      .join(", "),
  ]);
  if (rows.length > 0) out.table([t("users.import.problem"), t("users.import.rows"), t("fields.username")], rows);
}

function printPreview(out: Output, t: Translate, preview: ImportPreview): void {
  out.fields([
    [t("users.import.total"), String(preview.total)],
    ...(["new", "changed", "unchanged", "invalid", "duplicate"] as const).map((k): [string, string] => [
      t(`users.import.counts.${k}`),
      String(preview.counts[k]),
    ]),
  ]);
  printErrors(out, t, preview.errors);
}

function printStatus(out: Output, t: Translate, status: ImportStatus): void {
  out.fields([
    [t("users.import.id"), status.id],
    [t("users.import.status"), t(`users.import.statuses.${status.status}`)],
    // Why an all-or-nothing import imported nothing, also when no row is to blame (the database refused the run).
    ...(status.status === "rejected" && status.errorCode
      ? [[t("users.import.reason"), t(`importCodes.${status.errorCode}`)] as [string, string]]
      : []),
    [t("users.import.total"), String(status.total)],
    ...(["created", "changed", "unchanged", "invalid", "duplicate", "failed", "skipped"] as const).map((k): [string, string] => [
      t(`users.import.counts.${k}`),
      String(status.counts[k]),
    ]),
  ]);
  printErrors(out, t, status.errors);
}

/** Whether any row was left out (exit 10). */
function incomplete(status: ImportStatus): boolean {
  const { invalid, duplicate, failed, skipped } = status.counts;
  return status.status !== "done" || invalid + duplicate + failed + skipped > 0;
}

async function importUsers(cli: CliContext, opts: ImportOptions): Promise<void> {
  const { t } = cli;
  if (opts.resume !== undefined && !uidSchema.safeParse(opts.resume).success) throw usageError(t("users.import.badResume"));
  let csv: string;
  try {
    csv = opts.file === "-" ? await readAll(cli.io.stdin) : readFileSync(opts.file, "utf8");
  } catch (error) {
    throw usageError(t("bulk.cannotRead", { file: opts.file, problem: error instanceof Error ? error.message : String(error) }));
  }
  const options = apiOptions(cli, opts);
  const api = createUserImportApi(options);
  const out = cli.output(Boolean(opts.json));
  const preview = await api.preview(csv);
  if (opts.dryRun) {
    out.result({ dryRun: true, ...preview }, () => {
      printPreview(out, t, preview);
      out.note(t("users.import.dryRun"));
    });
    return;
  }
  if (!opts.yes) {
    if (!cli.io.stdin.isTTY) throw usageError(t("bulk.needYes", { count: preview.total }));
    if (!opts.json) printPreview(out, t, preview);
    const question = `${t("users.import.confirm", { count: preview.counts.new + preview.counts.changed })} `;
    if (!(await askYesNo(cli.io.stdin, cli.io.stderr, question, t("bulk.yesWords").split(","))))
      throw new CliError("declined", t("bulk.declined"));
  }
  const id = opts.resume ?? randomUUID();
  cli.io.stderr.write(`${t("users.import.started", { id })}\n`);
  const applying = createUserImportApi({ ...options, fetch: cli.fetch({ timeoutMs: APPLY_TIMEOUT_MS }) }).apply(csv, id, {
    allOrNothing: Boolean(opts.allOrNothing),
  });
  const bar = cli.io.stderr.isTTY
    ? new SingleBar({
        stream: cli.io.stderr,
        format: `${t("users.import.progress")} [{bar}] {value}/{total}`,
        hideCursor: true,
        clearOnComplete: true,
      })
    : null;
  let status: ImportStatus;
  if (bar) {
    bar.start(preview.total, 0);
    const timer = setInterval(() => {
      api.status(id).then(
        (s) => bar.update(s.processed),
        () => undefined,
      );
    }, POLL_MS);
    try {
      status = await applying;
    } finally {
      clearInterval(timer);
      bar.stop();
    }
  } else status = await applying;
  out.result(status, () => {
    printStatus(out, t, status);
    if (incomplete(status)) out.note(t("users.import.incomplete", { id }));
    else out.success(t("errors:usersImport200"));
  });
  exitWith(incomplete(status) ? EXIT_CODES.partial : EXIT_CODES.ok);
}

/** Registers `users import` on the users group. */
export function registerUserImportCommand(group: Command, cli: CliContext): void {
  const { t } = cli;
  addCommonOptions(group.command("import").description(t("users.import.description")), t)
    .requiredOption("-f, --file <path>", t("users.import.optFile"))
    .option("--dry-run", t("users.import.optDryRun"))
    .option("-y, --yes", t("bulk.optYes"))
    .option("--all-or-nothing", t("users.import.optAllOrNothing"))
    .option("--resume <id>", t("users.import.optResume"))
    .addHelpText("after", examples(t, "users.import.examples"))
    .action((opts: ImportOptions) => importUsers(cli, opts));
}
