import { describe, expect, it } from "vitest";
import { Command } from "commander";
import { COMMANDER_HOOKS } from "../../cli/usage";
import { EXIT_CODES } from "../../shared/errors";
import { runCli, tempConfigDir } from "./helpers";

/** What commander's own texts must read in each language (cli.json `help.*` and `usage.*`). */
const EXPECTED = {
  en: {
    usage: "Usage: bulwark teams show [options] <slug>",
    rootUsage: "Usage: bulwark [options] [command]",
    headings: ["Arguments:", "Options:"],
    rootHeadings: ["Options:", "Commands:"],
    helpOption: "-h, --help        show help for a command",
    helpCommand: "help [command]",
    memberTerm: "show [options] <slug>",
    choices: '(choices: "en", "pt", "es")',
    unknownOption: "Unknown option: --jsn\n(Did you mean --json?)",
    missingArgument: "Missing required argument <slug> for bulwark teams show",
    unknownCommand: "Unknown command: tems\n(Did you mean teams?)",
    hint: "(run with --help for usage and examples)",
    optionMissingArgument: "Option --limit <n> needs a value",
    excessArguments: "Too many arguments for bulwark teams show: expected at most 1, got 2",
    missingMandatory: "Missing required option --team <slug> for bulwark users move",
    invalidChoice: "Invalid value for --lang: fr (allowed: en, pt, es)",
  },
  pt: {
    usage: "Utilização: bulwark teams show [opções] <slug>",
    rootUsage: "Utilização: bulwark [opções] [comando]",
    headings: ["Argumentos:", "Opções:"],
    rootHeadings: ["Opções:", "Comandos:"],
    helpOption: "-h, --help        mostrar a ajuda de um comando",
    helpCommand: "help [comando]",
    memberTerm: "show [opções] <slug>",
    choices: '(valores possíveis: "en", "pt", "es")',
    unknownOption: "Opção desconhecida: --jsn\n(Queria dizer --json?)",
    missingArgument: "Falta o argumento obrigatório <slug> de bulwark teams show",
    unknownCommand: "Comando desconhecido: tems\n(Queria dizer teams?)",
    hint: "(execute com --help para ver a utilização e exemplos)",
    optionMissingArgument: "A opção --limit <n> precisa de um valor",
    excessArguments: "Demasiados argumentos para bulwark teams show: esperado no máximo 1, recebidos 2",
    missingMandatory: "Falta a opção obrigatória --team <slug> de bulwark users move",
    invalidChoice: "Valor inválido para --lang: fr (valores possíveis: en, pt, es)",
  },
  es: {
    usage: "Uso: bulwark teams show [opciones] <slug>",
    rootUsage: "Uso: bulwark [opciones] [comando]",
    headings: ["Argumentos:", "Opciones:"],
    rootHeadings: ["Opciones:", "Comandos:"],
    helpOption: "-h, --help        mostrar la ayuda de un comando",
    helpCommand: "help [comando]",
    memberTerm: "show [opciones] <slug>",
    choices: '(valores posibles: "en", "pt", "es")',
    unknownOption: "Opción desconocida: --jsn\n(¿Quería decir --json?)",
    missingArgument: "Falta el argumento obligatorio <slug> de bulwark teams show",
    unknownCommand: "Comando desconocido: tems\n(¿Quería decir teams?)",
    hint: "(ejecute con --help para ver el uso y ejemplos)",
    optionMissingArgument: "La opción --limit <n> necesita un valor",
    excessArguments: "Demasiados argumentos para bulwark teams show: se esperaban como máximo 1, se recibieron 2",
    missingMandatory: "Falta la opción obligatoria --team <slug> de bulwark users move",
    invalidChoice: "Valor no válido para --lang: fr (valores posibles: en, pt, es)",
  },
} as const;

/** A token whose (unverified) `lang` claim picks the language of messages, as a signed-in token does. */
function tokenWithLanguage(lang: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ lang })}.signature`;
}

describe("commander's own texts in the CLI's language", () => {
  it("the commander internals the localization hooks still exist", () => {
    const proto = Command.prototype as unknown as Record<string, unknown>;
    expect(COMMANDER_HOOKS.filter((name) => typeof proto[name] !== "function")).toEqual([]);
  });

  describe.each(["en", "pt", "es"] as const)("%s", (lang) => {
    const want = EXPECTED[lang];
    const cli = (args: string[]) => runCli(tempConfigDir(), ["--lang", lang, ...args]);

    it("--help: usage line, headings, placeholders, the help option and command, choices", async () => {
      const show = await cli(["teams", "show", "--help"]);
      expect(show.code).toBe(EXIT_CODES.ok);
      expect(show.stdout.split("\n")[0]).toBe(want.usage);
      for (const heading of want.headings) expect(show.stdout).toMatch(new RegExp(`^${heading}$`, "m"));
      expect(show.stdout).toContain(want.helpOption);

      const root = await cli(["--help"]);
      expect(root.code).toBe(EXIT_CODES.ok);
      expect(root.stdout.split("\n")[0]).toBe(want.rootUsage);
      for (const heading of want.rootHeadings) expect(root.stdout).toMatch(new RegExp(`^${heading}$`, "m"));
      expect(root.stdout).toMatch(new RegExp(`^ {2}${want.helpCommand.replace(/[[\]]/g, "\\$&")} `, "m"));
      // Help wraps at the terminal's width, so a long description may break the choices over two lines.
      expect(root.stdout.replace(/\s+/g, " ")).toContain(want.choices);
      expect((await cli(["teams", "--help"])).stdout).toContain(want.memberTerm);
      if (lang !== "en")
        expect(`${show.stdout}${root.stdout}`).not.toMatch(
          /Usage:|Options:|Commands:|Arguments:|\[options\]|\[command\]|choices:|display help/,
        );
    });

    it.each([
      { name: "an unknown option, with its suggestion", args: ["whoami", "--jsn"], message: "unknownOption" },
      { name: "a missing argument", args: ["teams", "show"], message: "missingArgument" },
      { name: "an unknown command, with its suggestion", args: ["tems"], message: "unknownCommand" },
    ] as const)("$name: exit 2", async ({ args, message }) => {
      const run = await cli([...args]);
      expect(run.code).toBe(EXIT_CODES.usage);
      expect(run.stderr).toBe(`${want[message]}\n${want.hint}\n`);
    });

    it("an option without its value, too many arguments, a required option: exit 2", async () => {
      const noValue = await cli(["teams", "list", "--json", "--limit"]);
      expect(noValue.code).toBe(EXIT_CODES.usage);
      expect(JSON.parse(noValue.stderr)).toEqual({ error: { code: "usage", status: 0, message: want.optionMissingArgument } });
      const excess = await cli(["teams", "show", "a", "b"]);
      expect(excess.code).toBe(EXIT_CODES.usage);
      expect(excess.stderr).toBe(`${want.excessArguments}\n${want.hint}\n`);
      const mandatory = await cli(["users", "move", "6f1c0000-0000-4000-8000-000000000000"]);
      expect(mandatory.code).toBe(EXIT_CODES.usage);
      expect(mandatory.stderr).toBe(`${want.missingMandatory}\n${want.hint}\n`);
    });

    it("an invalid choice, in the language of the token since --lang itself is refused: exit 2", async () => {
      const run = await runCli(tempConfigDir(), ["whoami", "--lang", "fr"], { env: { BULWARK_TOKEN: tokenWithLanguage(lang) } });
      expect(run.code).toBe(EXIT_CODES.usage);
      expect(run.stderr).toBe(`${want.invalidChoice}\n${want.hint}\n`);
    });

    it("with --json a usage error is the JSON error document, without the help hint", async () => {
      const run = await cli(["tems", "--json"]);
      expect(run.code).toBe(EXIT_CODES.usage);
      expect(run.stdout).toBe("");
      expect(JSON.parse(run.stderr)).toEqual({ error: { code: "usage", status: 0, message: want.unknownCommand } });
    });
  });
});
