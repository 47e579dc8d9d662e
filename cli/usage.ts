/**
 * commander's own texts in the CLI's language (DESIGN §7). commander 14 has no translation support:
 * each command is a LocalizedCommand whose hooks on commander's internals (COMMANDER_HOOKS) note
 * what a usage error is about, and `error()` swaps in the localized text; exit codes and output
 * stay commander's. An upgrade that renames a hook fails tests/cli/usage.test.ts.
 */
import { type Argument, Command, type ErrorOptions, type Help, type Option } from "commander";
import type { Translate } from "./i18n";
import { LocalizedHelp } from "./localizedHelp";
import { usageMessage, type UsageProblem } from "./usageErrors";

/** commander 14's internal methods that raise usage errors (lib/command.js), with their signatures. */
interface CommanderInternals {
  unknownOption(flag: string): void;
  unknownCommand(): void;
  missingArgument(name: string): void;
  optionMissingArgument(option: Option): void;
  missingMandatoryOptionValue(option: Option): void;
  _excessArguments(receivedArgs: string[]): void;
  _conflictingOption(option: Option, conflictingOption: Option): void;
  _callParseArg(target: Option | Argument, value: string, previous: unknown, invalidArgumentMessage: string): unknown;
}

/** The commander internals {@link LocalizedCommand} hooks; exported so a test proves they still exist. */
export const COMMANDER_HOOKS: readonly (keyof CommanderInternals)[] = [
  "unknownOption",
  "unknownCommand",
  "missingArgument",
  "optionMissingArgument",
  "missingMandatoryOptionValue",
  "_excessArguments",
  "_conflictingOption",
  "_callParseArg",
];

const base = Command.prototype as unknown as CommanderInternals;

/**
 * A commander `Command` whose built-in texts are in the CLI's language: the `-h, --help` option,
 * the help (see {@link LocalizedHelp}) and every usage error. Subcommands made with `.command()`
 * are LocalizedCommands too, so one `t` covers the whole program.
 */
export class LocalizedCommand extends Command {
  /** The usage error being raised, noted by the hooks below for {@link error}. */
  private problem: UsageProblem | null = null;

  constructor(
    private readonly t: Translate,
    name?: string,
  ) {
    super(name);
    this.helpOption("-h, --help", t("program.help"));
  }

  override createCommand(name?: string): Command {
    return new LocalizedCommand(this.t, name);
  }

  override createHelp(): Help {
    return Object.assign(new LocalizedHelp(this.t), this.configureHelp());
  }

  /** commander's `error()`, with the localized text when one of the hooks below noted what it is about. */
  override error(message: string, errorOptions?: ErrorOptions): never {
    const problem = this.problem;
    const text = problem && problem.code === errorOptions?.code ? usageMessage(this, problem, this.t, message) : message;
    return super.error(text, errorOptions);
  }

  private noting<T>(problem: UsageProblem, raise: () => T): T {
    this.problem = problem;
    try {
      return raise();
    } finally {
      this.problem = null;
    }
  }

  unknownOption(flag: string): void {
    this.noting({ code: "commander.unknownOption", flag }, () => base.unknownOption.call(this, flag));
  }

  unknownCommand(): void {
    this.noting({ code: "commander.unknownCommand" }, () => base.unknownCommand.call(this));
  }

  missingArgument(name: string): void {
    this.noting({ code: "commander.missingArgument", name }, () => base.missingArgument.call(this, name));
  }

  optionMissingArgument(option: Option): void {
    this.noting({ code: "commander.optionMissingArgument", option }, () => base.optionMissingArgument.call(this, option));
  }

  missingMandatoryOptionValue(option: Option): void {
    this.noting({ code: "commander.missingMandatoryOptionValue", option }, () => base.missingMandatoryOptionValue.call(this, option));
  }

  _excessArguments(receivedArgs: string[]): void {
    this.noting({ code: "commander.excessArguments", received: receivedArgs.length }, () => base._excessArguments.call(this, receivedArgs));
  }

  _conflictingOption(option: Option, conflictingOption: Option): void {
    this.noting({ code: "commander.conflictingOption", option, conflicting: conflictingOption }, () =>
      base._conflictingOption.call(this, option, conflictingOption),
    );
  }

  _callParseArg(target: Option | Argument, value: string, previous: unknown, invalidArgumentMessage: string): unknown {
    return this.noting({ code: "commander.invalidArgument", target, value, prefix: invalidArgumentMessage }, () =>
      base._callParseArg.call(this, target, value, previous, invalidArgumentMessage),
    );
  }
}

/**
 * The root `bulwark` command with commander's built-ins in `t`'s language: `-h, --help` (inherited
 * by every subcommand) and the `help [command]` command.
 */
export function createLocalizedProgram(name: string, t: Translate): LocalizedCommand {
  const program = new LocalizedCommand(t, name);
  program.helpCommand(`help ${t("help.commandPlaceholder")}`, t("program.helpCommand"));
  return program;
}
