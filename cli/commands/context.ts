/**
 * `bulwark context list | use | delete` (DESIGN §9): manage the named contexts of the config
 * file. Tokens are never printed, not even with `--json`; they stay in the 0600 file.
 */
import type { Command } from "commander";
import { readConfig, updateConfig, type CliConfig, type StoredContext } from "../config";
import { CliError } from "../errors";
import type { Translate } from "../i18n";
import type { CliContext } from "../runtime";
import { examples } from "./help";

interface JsonOption {
  json?: boolean;
}

/** One row of `context list --json`. */
export interface ContextListItem {
  name: string;
  url: string;
  username: string;
  expiresAt: string | null;
  current: boolean;
  signedIn: boolean;
}

/** The `--json` document of `context list`. */
export interface ContextListJson {
  current: string | null;
  contexts: ContextListItem[];
}

/** The listing of a config, sorted by name, without tokens. */
export function listContexts(config: CliConfig): ContextListJson {
  const contexts = Object.entries(config.contexts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, c]) => ({
      name,
      url: c.url,
      username: c.username,
      expiresAt: c.expiresAt,
      current: name === config.current,
      signedIn: c.token !== null,
    }));
  return { current: config.current, contexts };
}

function stateOf(t: Translate, context: Pick<StoredContext, "expiresAt"> & { signedIn: boolean }, now: number): string {
  if (!context.signedIn) return t("context.stateSignedOut");
  if (context.expiresAt && Date.parse(context.expiresAt) <= now) return t("context.stateExpired");
  return context.expiresAt ? t("context.stateSignedIn", { expiresAt: context.expiresAt }) : t("context.stateSignedInNoExpiry");
}

function requireContext(cli: CliContext, config: CliConfig, name: string): StoredContext {
  const stored = config.contexts[name];
  if (!stored) throw new CliError("contextNotFound", cli.t("errors.contextNotFound", { context: name }));
  return stored;
}

/** Registers the `context` group on the program. */
export function registerContextCommands(program: Command, cli: CliContext): void {
  const { t, io } = cli;
  const group = program.command("context").description(t("context.description")).addHelpText("after", examples(t, "context.examples"));

  group
    .command("list")
    .alias("ls")
    .description(t("context.listDescription"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "context.listExamples"))
    .action((opts: JsonOption) => {
      const out = cli.output(Boolean(opts.json));
      const listing = listContexts(readConfig(io.env));
      out.result(listing, () => {
        if (listing.contexts.length === 0) return out.note(t("context.none"));
        const now = Date.now();
        const head = ["", t("context.name"), t("context.url"), t("context.username"), t("context.state")];
        out.table(
          head,
          listing.contexts.map((c) => [c.current ? "*" : "", c.name, c.url, c.username, stateOf(t, c, now)]),
        );
      });
    });

  group
    .command("use")
    .description(t("context.useDescription"))
    .argument("<name>", t("context.argName"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "context.useExamples"))
    .action((name: string, opts: JsonOption) => {
      const out = cli.output(Boolean(opts.json));
      const stored = requireContext(cli, readConfig(io.env), name);
      updateConfig(io.env, (c) => ({ ...c, current: name }));
      out.result({ current: name, url: stored.url }, () => out.success(t("context.used", { context: name, url: stored.url })));
    });

  group
    .command("delete")
    .alias("rm")
    .description(t("context.deleteDescription"))
    .argument("<name>", t("context.argName"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "context.deleteExamples"))
    .action((name: string, opts: JsonOption) => {
      const out = cli.output(Boolean(opts.json));
      requireContext(cli, readConfig(io.env), name);
      const saved = updateConfig(io.env, (c) => {
        const contexts = { ...c.contexts };
        delete contexts[name];
        return { current: c.current === name ? null : c.current, contexts };
      });
      out.result({ deleted: name, current: saved.current }, () => out.success(t("context.deleted", { context: name })));
    });
}
