import { type Argument, type Command, Help, type Option } from "commander";
import type { Translate } from "./i18n";
import { argumentName, commandPath } from "./usageErrors";

/** commander's help titles (the texts `Help.styleTitle` is documented to receive) and their keys. */
const TITLE_KEYS: Readonly<Record<string, string>> = {
  "Usage:": "help.usage",
  "Arguments:": "help.arguments",
  "Options:": "help.options",
  "Commands:": "help.commands",
  "Global Options:": "help.globalOptions",
};

/**
 * commander's `Help` in the CLI's language: the titles, the `[options]` and `[command]`
 * placeholders of usage lines and command lists, and the "(choices: …, default: …)" notes.
 */
export class LocalizedHelp extends Help {
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

/** A description followed by its notes in parentheses, as commander writes them. */
function withExtra(description: string, extra: readonly string[]): string {
  if (extra.length === 0) return description;
  const note = `(${extra.join(", ")})`;
  return description ? `${description} ${note}` : note;
}
