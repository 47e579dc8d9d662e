/**
 * The localized texts of commander's usage errors, built from the objects commander raised them
 * with (the flag, the `Option`, the `Argument`, the command), never from its English text.
 */
import { type Argument, type Command, Option } from "commander";
import type { Translate } from "./i18n";

/** What a usage error is about, taken from commander's objects (never from its English text). */
export type UsageProblem =
  | { code: "commander.unknownOption"; flag: string }
  | { code: "commander.unknownCommand" }
  | { code: "commander.missingArgument"; name: string }
  | { code: "commander.optionMissingArgument"; option: Option }
  | { code: "commander.missingMandatoryOptionValue"; option: Option }
  | { code: "commander.excessArguments"; received: number }
  | { code: "commander.conflictingOption"; option: Option; conflicting: Option }
  | { code: "commander.invalidArgument"; target: Option | Argument; value: string; prefix: string };

/** `<name>`, `[name]`, `<name...>`: how commander shows an argument in usage lines. */
export function argumentName(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? "..." : ""}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/** `bulwark teams show`: the command and its ancestors' names. */
export function commandPath(command: Command): string {
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
export function usageMessage(command: Command, problem: UsageProblem, t: Translate, english: string): string {
  switch (problem.code) {
    case "commander.unknownOption":
      return (
        t("usage.unknownOption", { flag: problem.flag }) +
        (problem.flag.startsWith("--") ? suggestion(t, similar(problem.flag, knownLongFlags(command))) : "")
      );
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
      return t("usage.excessArguments", {
        command: commandPath(command),
        expected: command.registeredArguments.length,
        received: problem.received,
      });
    case "commander.conflictingOption":
      return t("usage.conflictingOption", {
        option: problem.option.long ?? problem.option.flags,
        other: problem.conflicting.long ?? problem.conflicting.flags,
      });
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
