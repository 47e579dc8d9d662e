/**
 * The CLI's command groups as a static table: what `bulwark --help` lists for each top-level
 * command, and how to load the module that really registers it. A run loads only the group of
 * the command it runs (issue 26: `--help` must start within 3× a bare Node start, and building
 * every group's options and schemas took most of that). tests/cli/groups.test.ts proves the
 * table and the real registration agree, name for name and word for word, in every language.
 */
import type { Command } from "commander";
import type { CliContext } from "../runtime";

/** What the top-level help shows for one command before its module is loaded. */
export interface CommandSummary {
  name: string;
  /** The cli namespace key of its description. */
  description: string;
  /** Its arguments as commander writes them (`[url]`, `<shell>`). */
  args?: readonly string[];
  /** Whether it has options of its own (the help then writes `[options]` after its name). */
  options?: boolean;
}

/** Registers a group's commands on the program. */
export type RegisterCommands = (program: Command, cli: CliContext) => void;

/** One module of commands. */
export interface CommandGroup {
  /** The top-level commands it registers, in order. */
  commands: readonly CommandSummary[];
  /** Other groups' commands it adds subcommands to (`users export`, …): loaded with any of them. */
  extends?: readonly string[];
  /** Imports the module (its own chunk in the packed CLI) and returns its registration. */
  load(): Promise<RegisterCommands>;
}

/** The hidden command the completion scripts call. */
export const COMPLETE_COMMAND = "__complete";

/** Every group, in the order `bulwark --help` lists their commands. */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  {
    commands: [
      { name: "login", description: "login.description", args: ["[url]"], options: true },
      { name: "logout", description: "logout.description", options: true },
      { name: "whoami", description: "whoami.description", options: true },
    ],
    load: () => import("./auth").then((m) => m.registerAuthCommands),
  },
  {
    commands: [{ name: "context", description: "context.description" }],
    load: () => import("./context").then((m) => m.registerContextCommands),
  },
  { commands: [{ name: "me", description: "me.description" }], load: () => import("./me").then((m) => m.registerMeCommands) },
  { commands: [{ name: "teams", description: "teams.description" }], load: () => import("./teams").then((m) => m.registerTeamsCommands) },
  {
    commands: [{ name: "admins", description: "admins.description" }],
    load: () => import("./admins").then((m) => m.registerAdminsCommands),
  },
  { commands: [{ name: "users", description: "users.description" }], load: () => import("./users").then((m) => m.registerUsersCommands) },
  {
    commands: [{ name: "invites", description: "invites.description" }],
    load: () => import("./invites").then((m) => m.registerInvitesCommands),
  },
  {
    commands: [{ name: "devices", description: "devices.description" }],
    load: () => import("./devices").then((m) => m.registerDevicesCommands),
  },
  {
    commands: [{ name: "licenses", description: "licenses.description" }],
    load: () => import("./licenses").then((m) => m.registerLicensesCommands),
  },
  {
    commands: [
      { name: "settings", description: "settings.description" },
      { name: "apps", description: "apps.description" },
    ],
    load: () =>
      import("./settings").then((m) => (program: Command, cli: CliContext) => {
        m.registerSettingsCommands(program, cli);
        m.registerAppsCommands(program, cli);
      }),
  },
  { commands: [{ name: "certs", description: "certs.description" }], load: () => import("./certs").then((m) => m.registerCertsCommands) },
  {
    commands: [
      { name: "domains", description: "domains.description" },
      { name: "associations", description: "associations.description" },
    ],
    load: () => import("./domains").then((m) => m.registerDomainsCommands),
  },
  {
    commands: [{ name: "logs", description: "export.logsDescription" }],
    extends: ["users", "admins", "teams", "licenses", "invites"],
    load: () => import("./export").then((m) => m.registerExportCommands),
  },
  {
    commands: [{ name: "tokens", description: "tokens.description" }],
    load: () => import("./tokens").then((m) => m.registerTokensCommands),
  },
  {
    commands: [{ name: "api", description: "api.description", args: ["<method>", "<path>"], options: true }],
    load: () => import("./api").then((m) => m.registerApiCommand),
  },
  {
    commands: [{ name: "completion", description: "completion.description", args: ["<shell>"] }],
    load: () => import("./completion").then((m) => m.registerCompletionCommand),
  },
];

/** The groups a run of `command` needs: the one registering it and those extending it (none for null). */
export function groupsFor(command: string | null): CommandGroup[] {
  if (command === null) return [];
  return COMMAND_GROUPS.filter((group) => group.commands.some((c) => c.name === command) || group.extends?.includes(command));
}

/**
 * The command word of an argument list: the first word that is not an option or an option's
 * value (`valueOptions` are the global options that take one, like `--url <url>`); for
 * `help <command>` the command asked about. Null when there is none (`bulwark --help`).
 */
export function commandWord(argv: readonly string[], valueOptions: ReadonlySet<string>): string | null {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (arg === "--") break;
    if (arg.startsWith("-")) {
      if (!arg.includes("=") && valueOptions.has(arg)) i++;
      continue;
    }
    words.push(arg);
    if (words[0] !== "help") break;
  }
  if (words[0] === "help") return words[1] ?? null;
  return words[0] ?? null;
}
