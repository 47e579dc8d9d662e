/**
 * commander's own texts in the CLI's language (DESIGN §7, docs/DECISIONS.md "CLI"): usage errors
 * and the fixed parts of `--help`. commander 14 has no translation support, so this module uses
 * the hooks it offers for customising them instead of rewriting its English output:
 *
 * - every command is a {@link LocalizedCommand} (`createCommand` is commander's documented way to
 *   customise subcommands, its help command included) whose help is a {@link LocalizedHelp}
 *   (`createHelp`, a `Help` subclass): titles, `[options]`/`[command]`, choices and defaults;
 * - usage errors all pass through `Command.error(message, { code })`. commander builds their
 *   English text itself and the `CommanderError` it throws carries only that text and the code, so
 *   the methods that raise them (internal to commander 14, listed in {@link COMMANDER_HOOKS})
 *   note the objects involved (the unknown flag, the `Option`, the `Argument`, the command) and
 *   `error()` replaces the text with the localized one built from them for that code. Exit codes,
 *   `exitOverride` and `configureOutput` work exactly as before. A commander upgrade that renames
 *   a hook fails tests/cli/usage.test.ts instead of silently printing English.
 */
import { type Argument, Command, Help, Option, type ErrorOptions } from "commander";
import type { Translate } from "./i18n";

/** What a usage error is about, taken from commander's objects (never from its English text). */
type UsageProblem =
  | { code: "commander.unknownOption"; flag: string }
  | { code: "commander.unknownCommand" }
  | { code: "commander.missingArgument"; name: string }
  | { code: "commander.optionMissingArgument"; option: Option }
  | { code: "commander.missingMandatoryOptionValue"; option: Option }
  | { code: "commander.excessArguments"; received: number }
  | { code: "commander.conflictingOption"; option: Option; conflicting: Option }
  | { code: "commander.invalidArgument"; target: Option | Argument; value: string; prefix: string };

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

/** commander's help titles (the texts `Help.styleTitle` is documented to receive) and their keys. */
const TITLE_KEYS: Readonly<Record<string, string>> = {
  "Usage:": "help.usage",
  "Arguments:": "help.arguments",
  "Options:": "help.options",
  "Commands:": "help.commands",
  "Global Options:": "help.globalOptions",
};

/** `<name>`, `[name]`, `<name...>`: how commander shows an argument in usage lines. */
function argumentName(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? "..." : ""}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/** `bulwark teams show`: the command and its ancestors' names. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** Optimal string alignment distance, as commander's suggestSimilar computes it (at most 3 is useful). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Math.max(a.length, b.length);
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d[i] = [i];
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      const row = d[i]!;
      const prev = d[i - 1]!;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidates closest to `word` (commander's rule: the fewest edits, at most 3, and more than
 * 40 % alike; `--` ignored for options), sorted; empty when none is close.
 */
function similar(word: string, candidates: readonly string[]): string[] {
  const options = word.startsWith("--");
  const strip = (s: string) => (options ? s.slice(2) : s);
  const target = strip(word);
  let best = 3;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    const bare = strip(candidate);
    if (bare.length <= 1) continue;
    const distance = editDistance(target, bare);
    const length = Math.max(target.length, bare.length);
    if ((length - distance) / length <= 0.4) continue;
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) found.push(candidate);
  }
  return found.sort((a, b) => a.localeCompare(b));
}

/** The localized "(Did you mean …?)" line, or nothing. */
function suggestion(t: Translate, found: readonly string[]): string {
  if (found.length === 0) return "";
  return `\n${found.length === 1 ? t("usage.didYouMean", { suggestion: found[0]! }) : t("usage.didYouMeanOneOf", { suggestions: found.join(", ") })}`;
}

/** The long options a command and its ancestors accept (commander suggests among these). */
function knownLongFlags(command: Command): string[] {
  const flags: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) {
    for (const option of c.createHelp().visibleOptions(c)) if (option.long) flags.push(option.long);
  }
  return flags;
}

/** The localized text of a usage error of `command`; `english` is commander's text, used only for a parser's own detail. */
function usageMessage(command: Command, problem: UsageProblem, t: Translate, english: string): string {
  switch (problem.code) {
    case "commander.unknownOption":
      return t("usage.unknownOption", { flag: problem.flag }) + (problem.flag.startsWith("--") ? suggestion(t, similar(problem.flag, knownLongFlags(command))) : "");
    case "commander.unknownCommand": {
      const name = command.args[0] ?? "";
      const names = command
        .createHelp()
        .visibleCommands(command)
        .flatMap((sub) => [sub.name(), ...sub.aliases().slice(0, 1)]);
      return t("usage.unknownCommand", { name }) + suggestion(t, similar(name, names));
    }
    case "commander.missingArgument": {
      const argument = command.registeredArguments.find((a) => a.name() === problem.name);
      return t("usage.missingArgument", { argument: argument ? argumentName(argument) : problem.name, command: commandPath(command) });
    }
    case "commander.optionMissingArgument":
      return t("usage.optionMissingArgument", { option: problem.option.flags });
    case "commander.missingMandatoryOptionValue":
      return t("usage.missingMandatoryOption", { option: problem.option.flags, command: commandPath(command) });
    case "commander.excessArguments":
      return t("usage.excessArguments", { command: commandPath(command), expected: command.registeredArguments.length, received: problem.received });
    case "commander.conflictingOption":
      return t("usage.conflictingOption", { option: problem.option.long ?? problem.option.flags, other: problem.conflicting.long ?? problem.conflicting.flags });
    case "commander.invalidArgument": {
      const { target, value } = problem;
      const name = target instanceof Option ? (target.long ?? target.flags) : argumentName(target);
      if (target.argChoices) return t("usage.invalidChoice", { name, value, choices: target.argChoices.join(", ") });
      // A parser of ours threw InvalidArgumentError with its own (already localized) text.
      const detail = english.startsWith(problem.prefix) ? english.slice(problem.prefix.length).trim() : "";
      return t("usage.invalidValue", { name, value }) + (detail ? ` (${detail})` : "");
    }
  }
}

/**
 * commander's `Help` in the CLI's language: the titles, the `[options]` and `[command]`
 * placeholders of usage lines and command lists, and the "(choices: …, default: …)" notes.
 */
class LocalizedHelp extends Help {
  constructor(private readonly t: Translate) {
    super();
  }

  override styleTitle(title: string): string {
    const key = TITLE_KEYS[title];
    return key ? this.t(key) : title;
  }

  /** commander's default usage (`[options] [command] <args>`; these commands set no custom usage), localized. */
  override commandUsage(cmd: Command): string {
    const parts = [
      commandPath(cmd) + (cmd.aliases()[0] ? `|${cmd.aliases()[0]}` : ""),
      ...(this.visibleOptions(cmd).length > 0 ? [this.t("help.optionsPlaceholder")] : []),
      ...(cmd.commands.length > 0 ? [this.t("help.commandPlaceholder")] : []),
      ...cmd.registeredArguments.map(argumentName),
    ];
    return parts.join(" ");
  }

  override subcommandTerm(cmd: Command): string {
    return [
      cmd.name() + (cmd.aliases()[0] ? `|${cmd.aliases()[0]}` : ""),
      ...(cmd.options.length > 0 ? [this.t("help.optionsPlaceholder")] : []),
      ...cmd.registeredArguments.map(argumentName),
    ].join(" ");
  }

  override optionDescription(option: Option): string {
    const extra: string[] = [];
    if (option.argChoices) extra.push(this.choices(option.argChoices));
    const showDefault = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === "boolean");
    if (option.defaultValue !== undefined && showDefault) extra.push(this.defaultNote(option));
    if (option.presetArg !== undefined && option.optional) extra.push(this.t("help.preset", { value: JSON.stringify(option.presetArg) }));
    if (option.envVar !== undefined) extra.push(this.t("help.env", { name: option.envVar }));
    return withExtra(option.description, extra);
  }

  override argumentDescription(argument: Argument): string {
    const extra: string[] = [];
    if (argument.argChoices) extra.push(this.choices(argument.argChoices));
    if (argument.defaultValue !== undefined) extra.push(this.defaultNote(argument));
    return withExtra(argument.description, extra);
  }

  private choices(values: readonly string[]): string {
    return this.t("help.choices", { choices: values.map((v) => JSON.stringify(v)).join(", ") });
  }

  private defaultNote(item: Option | Argument): string {
    const value: unknown = item.defaultValue;
    return this.t("help.default", { value: item.defaultValueDescription || JSON.stringify(value) });
  }
}

function withExtra(description: string, extra: readonly string[]): string {
  if (extra.length === 0) return description;
  const note = `(${extra.join(", ")})`;
  return description ? `${description} ${note}` : note;
}

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
