import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CommanderError, Option, type Command } from "commander";
import { EXIT_CODES, type ExitCode } from "../shared/errors";
import { languages } from "../shared/limits";
import { registerAdminsCommands } from "./commands/admins";
import { registerApiCommand } from "./commands/api";
import { registerAuthCommands } from "./commands/auth";
import { ExitStatus } from "./commands/common";
import { COMPLETE_COMMAND, registerCompletionCommand, runComplete } from "./commands/completion";
import { registerContextCommands } from "./commands/context";
import { registerDevicesCommands } from "./commands/devices";
import { registerLicensesCommands } from "./commands/licenses";
import { registerMeCommands } from "./commands/me";
import { examples } from "./commands/help";
import { registerTeamsCommands } from "./commands/teams";
import { registerDomainsCommands } from "./commands/domains";
import { registerExportCommands } from "./commands/export";
import { registerUsersCommands } from "./commands/users";
import { registerCertsCommands } from "./commands/certs";
import { registerInvitesCommands } from "./commands/invites";
import { registerAppsCommands, registerSettingsCommands } from "./commands/settings";
import { registerTokensCommands } from "./commands/tokens";
import { printVersion } from "./commands/version";
import { describeFailure } from "./errors";
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

function build(io: CliIO, lang: Language): BuiltProgram {
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
  registerAuthCommands(program, cli);
  registerContextCommands(program, cli);
  registerMeCommands(program, cli);
  registerTeamsCommands(program, cli);
  registerAdminsCommands(program, cli);
  registerUsersCommands(program, cli);
  registerInvitesCommands(program, cli);
  registerDevicesCommands(program, cli);
  registerLicensesCommands(program, cli);
  registerSettingsCommands(program, cli);
  registerAppsCommands(program, cli);
  registerCertsCommands(program, cli);
  registerDomainsCommands(program, cli);
  registerExportCommands(program, cli);
  registerTokensCommands(program, cli);
  registerApiCommand(program, cli);
  registerCompletionCommand(program, cli);
  return { program, cli };
}

/**
 * The `bulwark` command (DESIGN §9): the commander program with every command group registered
 * from cli/commands/<group>.ts. Exported so tests can inspect commands and help without a process.
 */
export function buildProgram(io: CliIO = processIO(), lang?: Language): Command {
  return build(io, lang ?? startLanguage(languageFromArgv(io.argv), io.env)).program;
}

/**
 * Runs the CLI once and returns the exit code (EXIT_CODES): every failure is printed here, once,
 * as the localized catalogue message (or JSON with `--json`); commander's usage errors give 2.
 */
export async function run(io: CliIO = processIO()): Promise<ExitCode> {
  let built: BuiltProgram | null = null;
  try {
    built = build(io, startLanguage(languageFromArgv(io.argv), io.env));
    // The shells' completion helper reads the words itself: commander must not parse them as options.
    if (io.argv[0] === COMPLETE_COMMAND) {
      await runComplete(built.program, built.cli, io.argv.slice(1));
      return EXIT_CODES.ok;
    }
    await built.program.parseAsync([...io.argv], { from: "user" });
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
    if (error instanceof ExitStatus) return error.exit; // the result is printed; e.g. a bulk command's partial failure
    if (error instanceof VersionRequested && built) {
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
