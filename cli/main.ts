import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CommanderError, Option, type Command } from "commander";
import { EXIT_CODES, type ExitCode } from "../shared/errors";
import { languages } from "../shared/limits";
import { COMMAND_GROUPS, COMPLETE_COMMAND, commandWord, groupsFor, type CommandGroup, type CommandSummary } from "./commands/groups";
import { markSummary } from "./commands/summaries";
import { examples } from "./commands/help";
import { describeFailure } from "./errors";
import { ExitStatus } from "./exitStatus";
import { languageFromArgv, type Language } from "./i18n";
import { createCliContext, startLanguage, type CliContext, type CliIO, type GlobalOptions } from "./runtime";
import { createLocalizedProgram } from "./usage";

/** Thrown from the `--version` option event to stop commander and print versions asynchronously. */
class VersionRequested extends Error {}

/** Codes whose human message gets a "run bulwark login" hint. */
const LOGIN_HINT_CODES: ReadonlySet<string> = new Set(["sessionExpired", "unauthorized", "notSignedIn"]);

/** The real process as a {@link CliIO}. */
export function processIO(): CliIO {
  return { argv: process.argv.slice(2), env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

/** Whether `--json` was asked for (before a `--`); errors then print as JSON too, even commander's. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).includes("--json");
}

/** The program and the per-run context its commands share. */
export interface BuiltProgram {
  program: Command;
  cli: CliContext;
}

/** Which groups a build registers for real: the ones a run needs, or every one (the full tree). */
type GroupChoice = "all" | ((program: Command) => readonly CommandGroup[]);

/** A top-level command whose module is not loaded: its name, arguments and description for the help. */
function addSummary(program: Command, summary: CommandSummary, cli: CliContext): void {
  const command = program.command(summary.name).description(cli.t(summary.description));
  for (const arg of summary.args ?? []) command.argument(arg);
  // The help writes `[options]` after a command that has some; the real ones are added on load.
  if (summary.options) command.addOption(new Option("--json").hideHelp());
  markSummary(command);
}

/** The global options that take a value (`--url <url>`), so the command word can be told from their values. */
function valueOptionsOf(program: Command): Set<string> {
  return new Set(program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short].filter((f): f is string => !!f)));
}

async function build(io: CliIO, lang: Language, choice: GroupChoice): Promise<BuiltProgram> {
  const cli = createCliContext(io, lang, () => program.opts<GlobalOptions>());
  const { t } = cli;
  const program = createLocalizedProgram("bulwark", t);
  const json = wantsJson(io.argv);
  program
    .description(t("program.description"))
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // Usage errors arrive already localized (cli/usage.ts); print them like every other failure.
      outputError: (s) => cli.output(json).error({ code: "usage", status: 0, message: s.trimEnd(), exit: EXIT_CODES.usage }),
    })
    .option("-V, --version", t("program.version"))
    .option("--url <url>", t("program.url"))
    .option("--token <token>", t("program.token"))
    .addOption(new Option("--lang <lang>", t("program.lang")).choices(languages))
    .option("--ca-file <pem>", t("program.caFile"))
    .option("--timeout <seconds>", t("program.timeout"))
    .option("--retries <n>", t("program.retries"))
    .option("--debug", t("program.debug"))
    .addHelpText("after", examples(t, "program.examples"));
  if (!json) program.showHelpAfterError(t("program.helpHint"));
  program.on("option:version", () => {
    throw new VersionRequested();
  });
  const needed = choice === "all" ? COMMAND_GROUPS : choice(program);
  const registrations = new Map(await Promise.all(needed.map(async (group) => [group, await group.load()] as const)));
  for (const group of COMMAND_GROUPS) {
    const register = registrations.get(group);
    if (register) register(program, cli);
    else for (const summary of group.commands) addSummary(program, summary, cli);
  }
  return { program, cli };
}

/** The groups a run needs, from its arguments (a completion request's from the words it completes). */
function groupsOfRun(argv: readonly string[]): (program: Command) => readonly CommandGroup[] {
  const words = argv[0] === COMPLETE_COMMAND ? argv.slice(1) : argv;
  return (program) => groupsFor(commandWord(words, valueOptionsOf(program)));
}

/**
 * The `bulwark` command (DESIGN §9) with every command group registered from
 * cli/commands/<group>.ts: the full tree, so tests can inspect commands and help without a process.
 */
export async function buildProgram(io: CliIO = processIO(), lang?: Language): Promise<Command> {
  return (await build(io, lang ?? startLanguage(languageFromArgv(io.argv), io.env), "all")).program;
}

/** The program as a run of `io.argv` builds it: the groups its command needs, the others as summaries. */
export async function buildProgramForRun(io: CliIO, lang: Language): Promise<Command> {
  return (await build(io, lang, groupsOfRun(io.argv))).program;
}

/**
 * Runs the CLI once and returns the exit code (EXIT_CODES): every failure is printed here, once,
 * as the localized catalogue message (or JSON with `--json`); commander's usage errors give 2.
 */
export async function run(io: CliIO = processIO()): Promise<ExitCode> {
  let built: BuiltProgram | null = null;
  try {
    built = await build(io, startLanguage(languageFromArgv(io.argv), io.env), groupsOfRun(io.argv));
    // The shells' completion helper reads the words itself: commander must not parse them as options.
    if (io.argv[0] === COMPLETE_COMMAND) {
      const { runComplete } = await import("./commands/completion");
      await runComplete(built.program, built.cli, io.argv.slice(1));
      return EXIT_CODES.ok;
    }
    await built.program.parseAsync([...io.argv], { from: "user" });
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
    if (error instanceof ExitStatus) return error.exit; // the result is printed; e.g. a bulk command's partial failure
    if (error instanceof VersionRequested && built) {
      const { printVersion } = await import("./commands/version");
      await printVersion(built.cli, wantsJson(io.argv));
      return EXIT_CODES.ok;
    }
    const cli = built?.cli ?? createCliContext(io, "en", () => ({}));
    const failure = describeFailure(error, cli.t);
    const json = wantsJson(io.argv);
    cli.output(json).error(failure, !json && LOGIN_HINT_CODES.has(failure.code) ? cli.t("hints.login") : undefined);
    return failure.exit;
  } finally {
    await built?.cli.closeHttp();
  }
}

/** True when this module is the process entry (`node dist/cli/main.js`), not imported by tests or bin/. */
function isEntry(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/** A reader that closed the pipe early (`bulwark --help | head`) is not an error: stop quietly. */
function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

if (isEntry()) {
  exitQuietlyOnClosedPipe(process.stdout);
  process.exitCode = await run();
}
