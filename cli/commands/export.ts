/**
 * `bulwark <users|admins|teams|licenses|logs> export [filters] [-o FILE] [--format csv|jsonl]
 * [--bom] [--headers labels|fields]`: the list's own filters, checked with the shared
 * export schemas before the call, and the server's file streamed to FILE or standard output as
 * it arrives (a million rows never sit in memory). A file is written under a temporary name and
 * renamed when complete, so a cut download never leaves a file that looks whole.
 * `--json` keeps its promise that stdout is JSON: rows sent to stdout come as JSON Lines (so
 * `--json` implies `--format jsonl`; `--json --format csv` without `-o` is a usage error), and
 * with `-o FILE` stdout gets a JSON summary of the file written.
 */
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Command } from "commander";
import type { z } from "zod";
import { createExportApi } from "../../shared/api/export";
import {
  AdminExportQuerySchema,
  EXPORT_FORMATS,
  EXPORT_HEADERS,
  type ExportResource,
  InviteExportQuerySchema,
  LicenseExportQuerySchema,
  LogExportQuerySchema,
  TeamExportQuerySchema,
  UserExportQuerySchema,
} from "../../shared/schemas/export";
import { TIME_GROUPS } from "../../shared/domain/timeGroups";
import { usageError } from "../errors";
import type { CliContext } from "../runtime";
import { apiOptions, validated, type CommonOptions } from "./common";
import { examples } from "./help";
import { isSummary } from "./summaries";

/** One filter flag: `--name <value>` sets the query key `key` (default: the flag's name). */
interface FilterFlag {
  flag: string;
  key?: string;
}

/** Each list's filter flags (the list command's names) and schema. */
const SPECS: Record<ExportResource, { schema: z.ZodType; flags: readonly FilterFlag[] }> = {
  users: {
    schema: UserExportQuerySchema,
    flags: [
      { flag: "search" },
      { flag: "status" },
      { flag: "team" },
      { flag: "platform" },
      { flag: "ecs" },
      { flag: "sip" },
      { flag: "cellcrypt" },
      { flag: "last-seen", key: "lastSeen" },
      { flag: "sort" },
      { flag: "order" },
    ],
  },
  admins: {
    schema: AdminExportQuerySchema,
    flags: [{ flag: "search" }, { flag: "role" }, { flag: "status" }, { flag: "team" }, { flag: "sort" }, { flag: "order" }],
  },
  teams: { schema: TeamExportQuerySchema, flags: [{ flag: "search" }, { flag: "sort" }, { flag: "order" }] },
  invites: {
    schema: InviteExportQuerySchema,
    flags: [{ flag: "search" }, { flag: "state" }, { flag: "type" }, { flag: "team" }, { flag: "order" }],
  },
  licenses: { schema: LicenseExportQuerySchema, flags: [{ flag: "team" }, { flag: "state" }, { flag: "type", key: "licenseType" }] },
  logs: {
    schema: LogExportQuerySchema,
    flags: [
      { flag: "search" },
      { flag: "action" },
      { flag: "outcome" },
      { flag: "actor" },
      { flag: "target" },
      { flag: "team" },
      { flag: "from" },
      { flag: "to" },
    ],
  },
};

interface ExportFlags extends CommonOptions {
  output?: string;
  format?: string;
  bom?: boolean;
  headers?: string;
  [filter: string]: string | boolean | undefined;
}

/** Commander's name for a flag's value: `--last-seen` is `lastSeen`. */
const attributeOf = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The flag of a query key, for validation messages (`licenseType` → `--type`). */
function flagNames(resource: ExportResource): Record<string, string> {
  const names: Record<string, string> = { format: "--format", bom: "--bom", headers: "--headers", lang: "--lang" };
  for (const { flag, key } of SPECS[resource].flags) names[key ?? flag] = `--${flag}`;
  return names;
}

/** Registers `<resource> export` on a command group. */
export function addExportCommand(group: Command, cli: CliContext, resource: ExportResource): Command {
  const { t } = cli;
  const command = group
    .command("export")
    .description(t(`export.description.${resource}`))
    .option("--context <name>", t("options.context"))
    .option("--json", t("export.optJson"));
  for (const { flag } of SPECS[resource].flags) {
    if (flag === "last-seen") {
      command.option("--last-seen <group>", t("users.optLastSeen", { groups: TIME_GROUPS.join(", ") }));
      continue;
    }
    const key =
      flag === "role"
        ? "admins.optRole"
        : resource === "invites" && (flag === "state" || flag === "type")
          ? `export.filter.invite${flag === "state" ? "State" : "Type"}`
          : `export.filter.${flag}`;
    command.option(`--${flag} <value>`, t(key));
  }
  return command
    .option("-o, --output <file>", t("export.optOutput"))
    .option("--format <format>", t("export.optFormat", { formats: EXPORT_FORMATS.join(", ") }), "csv")
    .option("--bom", t("export.optBom"))
    .option("--headers <kind>", t("export.optHeaders", { kinds: EXPORT_HEADERS.join(", ") }), "labels")
    .addHelpText("after", examples(t, `export.${resource}Examples`))
    .action(async (opts: ExportFlags) => {
      const toStdout = !opts.output || opts.output === "-";
      if (opts.json && toStdout) {
        if (command.getOptionValueSource("format") === "cli" && opts.format !== "jsonl") throw usageError(t("export.jsonNeedsJsonl"));
        opts.format = "jsonl";
      }
      const raw: Record<string, unknown> = { format: opts.format, headers: opts.headers, bom: opts.bom ? "1" : "0", lang: cli.lang };
      for (const { flag, key } of SPECS[resource].flags) {
        const value = opts[attributeOf(flag)];
        if (typeof value === "string") raw[key ?? flag] = value;
      }
      // Checked before any call; what is sent is what the user typed (the server parses it again).
      validated(SPECS[resource].schema, raw, t, flagNames(resource));
      const params = Object.fromEntries(
        Object.entries(raw)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, String(value)]),
      );
      // No time limit on the download: a large export streams for longer than one API call may take.
      const api = createExportApi({ ...apiOptions(cli, opts), fetch: cli.fetch({ timeoutMs: 0 }) });
      const download = await api.download(resource, params);
      const body = Readable.fromWeb(download.body as NodeReadableStream<Uint8Array>);
      if (toStdout || !opts.output) {
        await pipeline(body, cli.io.stdout, { end: false });
        return;
      }
      const partial = `${opts.output}.part`;
      try {
        await pipeline(body, createWriteStream(partial));
        renameSync(partial, opts.output);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error instanceof Error && "code" in error && typeof error.code === "string" && error.code.startsWith("E") && "path" in error
          ? usageError(t("export.cannotWrite", { file: opts.output, problem: error.message }))
          : error;
      }
      if (opts.json) cli.output(true).result({ file: opts.output, contentType: download.contentType }, () => undefined);
      else cli.io.stderr.write(`${t("export.written", { file: opts.output })}\n`);
    });
}

/**
 * Adds `export` to the users, admins, teams and licenses groups (registered before this) and
 * the `logs` group with its `export`; kept here so each resource file stays about its own calls.
 */
export function registerExportCommands(program: Command, cli: CliContext): void {
  for (const resource of ["users", "admins", "teams", "licenses", "invites"] as const) {
    const group = program.commands.find((command) => command.name() === resource);
    if (group && !isSummary(group)) addExportCommand(group, cli, resource);
  }
  const logs = program
    .command("logs")
    .description(cli.t("export.logsDescription"))
    .addHelpText("after", examples(cli.t, "export.logsExamples"));
  addExportCommand(logs, cli, "logs");
}
