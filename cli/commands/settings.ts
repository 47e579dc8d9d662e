/**
 * `bulwark settings get|set|apply` over `GET /v2/settings` and
 * `PUT /v2/settings/<group>`. `apply --file` lets a pipeline keep an installation's settings in a
 * file under version control: it prints the diff first and, without `--dry-run`, sends only the
 * changed fields of each group.
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { createSettingsApi } from "../../shared/api/settings";
import { SETTINGS_GROUPS, type SettingsGroup } from "../../shared/schemas/settings";
import { EXIT_CODES } from "../../shared/errors";
import { usageError } from "../errors";
import type { CliContext } from "../runtime";
import { addCommonOptions, apiOptions, exitWith, type CommonOptions } from "./common";
import { examples } from "./help";

type Doc = Record<string, Record<string, unknown>>;

/** One changed field of a diff. */
export interface SettingsDiffLine {
  field: string;
  before: unknown;
  after: unknown;
}

const isGroup = (name: string): name is SettingsGroup => (SETTINGS_GROUPS as readonly string[]).includes(name);

/** The fields of `wanted` whose values differ from `current` (a masked TURN password is never compared). */
export function diffSettings(current: Doc, wanted: Doc): SettingsDiffLine[] {
  const out: SettingsDiffLine[] = [];
  for (const [group, fields] of Object.entries(wanted)) {
    for (const [field, after] of Object.entries(fields)) {
      const before = current[group]?.[field];
      if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ field: `${group}.${field}`, before, after });
    }
  }
  return out;
}

/** `group.field=value` pairs as a document; the value is JSON when it parses, else a string. */
function parseAssignments(pairs: readonly string[], t: CliContext["t"]): Doc {
  const doc: Doc = {};
  for (const pair of pairs) {
    const match = /^([a-z]+)\.([A-Za-z]+)=(.*)$/s.exec(pair);
    if (!match || !isGroup(match[1]!)) throw usageError(t("settings.badAssignment", { pair }));
    let value: unknown = match[3]!;
    try {
      value = JSON.parse(match[3]!);
    } catch {
      // a plain string
    }
    (doc[match[1]] ??= {})[match[2]!] = value;
  }
  return doc;
}

/** A settings document read from a file: `{ "<group>": { "<field>": value } }`. */
function readDocument(file: string, t: CliContext["t"]): Doc {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file === "-" ? 0 : file, "utf8"));
  } catch {
    throw usageError(t("settings.badFile", { file }));
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw usageError(t("settings.badFile", { file }));
  for (const [group, fields] of Object.entries(parsed)) {
    if (!isGroup(group) || typeof fields !== "object" || fields === null || Array.isArray(fields))
      throw usageError(t("settings.badGroup", { group }));
  }
  return parsed as Doc;
}

/** Registers the `settings` group on the program. */
export function registerSettingsCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("settings").description(t("settings.description")).addHelpText("after", examples(t, "settings.examples"));

  addCommonOptions(group.command("get").description(t("settings.getDescription")).argument("[group]", t("settings.argGroup")), t)
    .addHelpText("after", examples(t, "settings.getExamples"))
    .action(async (name: string | undefined, opts: CommonOptions) => {
      if (name !== undefined && !isGroup(name)) throw usageError(t("settings.badGroup", { group: name }));
      const all = await createSettingsApi(apiOptions(cli, opts)).get();
      const doc = name ? { [name]: all[name] ?? {} } : all;
      const out = cli.output(Boolean(opts.json));
      out.result(name ? doc[name] : doc, () =>
        out.fields(
          Object.entries(doc).flatMap(([g, fields]) => Object.entries(fields).map(([f, v]) => [`${g}.${f}`, JSON.stringify(v)] as const)),
        ),
      );
    });

  /**
   * Prints the diff, then (unless dry run) sends each group's changed fields. A dry run that would
   * change something exits 13 (`changesPending`), like `diff`, so a pipeline can detect drift.
   */
  const applyDoc = async (wanted: Doc, opts: CommonOptions & { dryRun?: boolean }) => {
    const api = createSettingsApi(apiOptions(cli, opts));
    const diff = diffSettings(await api.get(), wanted);
    const out = cli.output(Boolean(opts.json));
    const changed: string[] = [];
    if (!opts.dryRun) {
      for (const g of SETTINGS_GROUPS) {
        const fields = diff.filter((d) => d.field.startsWith(`${g}.`));
        if (fields.length === 0) continue;
        const saved = await api.update(g, Object.fromEntries(fields.map((d) => [d.field.slice(g.length + 1), d.after])));
        changed.push(...saved.changed.map((f) => `${g}.${f}`));
      }
    }
    out.result({ dryRun: Boolean(opts.dryRun), diff, changed }, () => {
      if (diff.length === 0) return out.note(t("settings.noChanges"));
      for (const d of diff) out.line(`${d.field}: ${JSON.stringify(d.before)} → ${JSON.stringify(d.after)}`);
      out.success(opts.dryRun ? t("settings.dryRun", { count: diff.length }) : t("settings.applied", { count: changed.length }));
    });
    if (opts.dryRun && diff.length > 0) exitWith(EXIT_CODES.changesPending);
  };

  addCommonOptions(
    group.command("set").description(t("settings.setDescription")).argument("<assignments...>", t("settings.argAssignments")),
    t,
  )
    .option("--dry-run", t("settings.optDryRun"))
    .addHelpText("after", examples(t, "settings.setExamples"))
    .action(async (pairs: string[], opts: CommonOptions & { dryRun?: boolean }) => applyDoc(parseAssignments(pairs, t), opts));

  addCommonOptions(group.command("apply").description(t("settings.applyDescription")), t)
    .requiredOption("--file <path>", t("settings.optFile"))
    .option("--dry-run", t("settings.optDryRun"))
    .addHelpText("after", examples(t, "settings.applyExamples"))
    .action(async (opts: CommonOptions & { file: string; dryRun?: boolean }) => applyDoc(readDocument(opts.file, t), opts));
}

const PLATFORMS = ["android", "ios", "windows", "ecs"] as const;

/** Registers `bulwark apps list|set`: the app version policy per platform (the /apps page). */
export function registerAppsCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("apps").description(t("apps.description")).addHelpText("after", examples(t, "apps.examples"));

  addCommonOptions(group.command("list").description(t("apps.listDescription")), t)
    .addHelpText("after", examples(t, "apps.listExamples"))
    .action(async (opts: CommonOptions) => {
      const apps = (await createSettingsApi(apiOptions(cli, opts)).get()).apps ?? {};
      const out = cli.output(Boolean(opts.json));
      out.result(apps, () =>
        out.table(
          [t("apps.platform"), t("apps.min"), t("apps.last"), t("apps.url")],
          PLATFORMS.map((p) => {
            const r = (apps[p] ?? {}) as Record<string, string>;
            return [p, r.minVersion ?? "", r.lastVersion ?? "", r.downloadUrl ?? ""];
          }),
        ),
      );
    });

  addCommonOptions(group.command("set").description(t("apps.setDescription")).argument("<platform>", t("apps.argPlatform")), t)
    .option("--min <version>", t("apps.optMin"))
    .option("--last <version>", t("apps.optLast"))
    .option("--url <url>", t("apps.optUrl"))
    .addHelpText("after", examples(t, "apps.setExamples"))
    .action(async (platform: string, opts: CommonOptions & { min?: string; last?: string; url?: string }) => {
      if (!(PLATFORMS as readonly string[]).includes(platform)) throw usageError(t("apps.badPlatform", { platform }));
      const api = createSettingsApi(apiOptions(cli, opts));
      const current = ((await api.get()).apps?.[platform] ?? {}) as Record<string, unknown>;
      const release = {
        ...current,
        ...(opts.min ? { minVersion: opts.min } : {}),
        ...(opts.last ? { lastVersion: opts.last } : {}),
        ...(opts.url ? { downloadUrl: opts.url } : {}),
      };
      const saved = await api.update("apps", { [platform]: release });
      const out = cli.output(Boolean(opts.json));
      out.result(saved, () => out.success(saved.changed.length > 0 ? t("apps.saved", { platform }) : t("settings.noChanges")));
    });
}
