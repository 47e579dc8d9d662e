/**
 * `bulwark completion bash|zsh|fish`: shell completion. Each script is a thin wrapper that asks the
 * CLI itself (`bulwark __complete <words…>`) for the candidates, the way cobra-based tools do, so
 * the commands, subcommands and options offered are always the commander program's own (no
 * generated list to drift), descriptions come in the CLI's language, and the dynamic values —
 * stored context names (read from the config file) and company slugs (one `GET /v2/teams` call with
 * a short time limit, only when a context or BULWARK_URL/BULWARK_TOKEN is signed in) — are filled
 * in at completion time. `__complete` never fails loudly: any error prints nothing and exits 0.
 */
import type { Argument, Command, Option } from "commander";
import { createTeamsApi } from "../../shared/api";
import { languages } from "../../shared/limits";
import { readConfig } from "../config";
import { usageError } from "../errors";
import type { CliContext } from "../runtime";
import { examples } from "./help";
import { connectionOf } from "../connection";

/** The hidden helper the scripts call; handled by cli/main.ts before commander parses anything. */
export const COMPLETE_COMMAND = "__complete";

/** The shells a script exists for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;
/** One supported shell. */
export type Shell = (typeof SHELLS)[number];

/** How long a company-slug lookup may take before completion gives up on it (silently). */
export const SLUG_LOOKUP_MS = 1500;

/** One completion candidate; the description is shown by zsh and fish. */
export interface Candidate {
  value: string;
  description: string;
}

/** What kind of value a word is: a command or option name, a context, a company slug, a fixed choice, or free text. */
type Slot =
  { kind: "words" } | { kind: "contexts" } | { kind: "slugs" } | { kind: "choices"; values: readonly string[] } | { kind: "free" };

const visibleOptions = (command: Command): readonly Option[] => command.options.filter((option) => !option.hidden);
const takesValue = (option: Option): boolean => option.required || option.optional;
const variadic = (option: Option): boolean => option.variadic;

function findOption(command: Command, program: Command, word: string): Option | undefined {
  const flag = word.split("=", 1)[0];
  return [...command.options, ...program.options].find((option) => option.long === flag || option.short === flag);
}

/** The kind of value an option takes (by its long name and its value placeholder). */
function optionSlot(option: Option): Slot {
  if (option.argChoices) return { kind: "choices", values: option.argChoices };
  if (option.long === "--context") return { kind: "contexts" };
  if (option.long === "--lang") return { kind: "choices", values: languages };
  if (/<slug(\.\.\.)?>/.test(option.flags)) return { kind: "slugs" };
  return { kind: "free" };
}

/** The kind of value a positional argument takes. */
function argumentSlot(command: Command, argument: Argument | undefined): Slot {
  if (!argument) return { kind: "words" };
  if (argument.name() === "slug") return { kind: "slugs" };
  if (command.parent?.name() === "context" && argument.name() === "name") return { kind: "contexts" };
  if (command.name() === "completion") return { kind: "choices", values: SHELLS };
  return { kind: "free" };
}

/**
 * Walks the words before the cursor through the program: the command they reach and what the
 * word under the cursor is (an option's value, a positional argument, or a command/option name).
 */
export function completionSlot(program: Command, words: readonly string[]): { command: Command; slot: Slot } {
  let command = program;
  let positional = 0;
  let pendingValue: Option | null = null;
  let optionsEnded = false;
  for (const word of words.slice(0, -1)) {
    if (pendingValue) {
      pendingValue = variadic(pendingValue) && !word.startsWith("-") ? pendingValue : null;
      if (pendingValue) continue;
      if (!word.startsWith("-")) continue;
    }
    if (!optionsEnded && word === "--") {
      optionsEnded = true;
      continue;
    }
    if (!optionsEnded && word.startsWith("-")) {
      const option = findOption(command, program, word);
      if (option && takesValue(option) && !word.includes("=")) pendingValue = option;
      continue;
    }
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub && positional === 0) command = sub;
    else positional++;
  }
  const current = words.at(-1) ?? "";
  // A variadic option's values end at the next flag: `--team a b --` completes options again.
  if (pendingValue && !(variadic(pendingValue) && current.startsWith("-"))) return { command, slot: optionSlot(pendingValue) };
  if (current.startsWith("-")) return { command, slot: { kind: "words" } };
  if (command.commands.length > 0 && positional === 0) return { command, slot: { kind: "words" } };
  const args = command.registeredArguments;
  const last = args.at(-1);
  return { command, slot: argumentSlot(command, args[positional] ?? (last?.variadic ? last : undefined)) };
}

function contextNames(cli: CliContext): Candidate[] {
  const config = readConfig(cli.io.env);
  return Object.entries(config.contexts).map(([name, context]) => ({ value: name, description: context.url }));
}

async function companySlugs(cli: CliContext, prefix: string): Promise<Candidate[]> {
  const connection = connectionOf(cli, { needToken: true });
  const api = createTeamsApi({
    baseUrl: connection.url,
    ...(connection.token ? { token: connection.token } : {}),
    // The CLI's transport (proxy, private CA) with a short limit and no retries: a TAB must never wait on back-off.
    fetch: cli.fetch({ timeoutMs: SLUG_LOOKUP_MS, retries: 0 }),
  });
  const page = await api.list({ limit: 100, ...(prefix ? { search: prefix } : {}) });
  return page.items.map((team) => ({ value: team.slug, description: team.teamName }));
}

/** The candidates for the last of `words` (the word under the cursor, possibly empty), filtered by it. */
export async function complete(program: Command, cli: CliContext, words: readonly string[]): Promise<Candidate[]> {
  const current = words.at(-1) ?? "";
  const { command, slot } = completionSlot(program, words.length === 0 ? [""] : words);
  let all: Candidate[] = [];
  if (slot.kind === "words" && current.startsWith("-")) {
    const options = command === program ? visibleOptions(program) : [...visibleOptions(command), ...visibleOptions(program)];
    all = options.flatMap((o) =>
      [o.long, o.short].filter((f): f is string => Boolean(f)).map((f) => ({ value: f, description: o.description })),
    );
    all.push({ value: "--help", description: cli.t("program.help") });
  } else if (slot.kind === "words") {
    all = command.commands.map((c) => ({ value: c.name(), description: c.description() }));
  } else if (slot.kind === "choices") {
    all = slot.values.map((value) => ({ value, description: "" }));
  } else if (slot.kind === "contexts") {
    all = contextNames(cli);
  } else if (slot.kind === "slugs") {
    all = await companySlugs(cli, current);
  }
  return all.filter((c) => c.value.startsWith(current));
}

/** Runs `bulwark __complete <words…>`: one `value<TAB>description` line per candidate; silent on any failure. */
export async function runComplete(program: Command, cli: CliContext, words: readonly string[]): Promise<void> {
  try {
    const candidates = await complete(program, cli, words);
    cli.io.stdout.write(candidates.map((c) => `${c.value}\t${c.description.replace(/\s+/g, " ")}\n`).join(""));
  } catch {
    // Completion must never print an error or hang a prompt: no candidates instead.
  }
}

const BASH = `# bash completion for bulwark; install: source <(bulwark completion bash)
_bulwark() {
  local IFS=$'\\n' line out
  COMPREPLY=()
  out=$(bulwark ${COMPLETE_COMMAND} "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  for line in $out; do
    COMPREPLY+=("\${line%%$'\\t'*}")
  done
}
complete -o default -F _bulwark bulwark
`;

const ZSH = `#compdef bulwark
# zsh completion for bulwark; install: source <(bulwark completion zsh), after compinit
_bulwark() {
  local -a lines candidates
  local line name
  lines=("\${(@f)$(bulwark ${COMPLETE_COMMAND} "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  for line in $lines; do
    [[ -z $line ]] && continue
    name=\${line%%$'\\t'*}
    candidates+=("\${name//:/\\\\:}:\${line#*$'\\t'}")
  done
  if (( \${#candidates} )); then
    _describe -V bulwark candidates
  else
    _files
  fi
}
if [[ "\${funcstack[1]}" == "_bulwark" ]]; then
  _bulwark "$@"
else
  compdef _bulwark bulwark
fi
`;

const FISH = `# fish completion for bulwark; install: bulwark completion fish > ~/.config/fish/completions/bulwark.fish
function __bulwark_complete
    set -l words (commandline -opc) (commandline -ct)
    bulwark ${COMPLETE_COMMAND} $words[2..-1] 2>/dev/null
end
complete -c bulwark -f -a '(__bulwark_complete)'
`;

/** The completion script of a shell. */
export function completionScript(shell: Shell): string {
  return { bash: BASH, zsh: ZSH, fish: FISH }[shell];
}

/** Registers `bulwark completion <shell>`. */
export function registerCompletionCommand(program: Command, cli: CliContext): void {
  const { t } = cli;
  program
    .command("completion")
    .description(t("completion.description"))
    .argument("<shell>", t("completion.argShell", { shells: SHELLS.join(", ") }))
    .addHelpText("after", examples(t, "completion.examples"))
    .action((shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell)) throw usageError(t("completion.badShell", { shell, shells: SHELLS.join(", ") }));
      cli.io.stdout.write(completionScript(shell as Shell));
    });
}
