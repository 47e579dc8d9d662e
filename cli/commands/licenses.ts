/**
 * `bulwark licenses list | show | purchase | activate | validate | extend | expire | distribute`
 * (docs/API.md "Licenses") through the shared `createLicensesApi`. Flags are checked
 * with the shared license schemas before any call. `activate` and `validate` read the token from
 * the argument, `--file` or standard input; an invalid token exits 11 (`invalidToken`). `extend`
 * takes pack ids as arguments and/or `--file` (one id per line, or a CSV with an `id` column) with
 * `--dry-run`, for a pipeline that extends many packs; each pack is its own call and result.
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { createLicensesApi, type LicensesApi } from "../../shared/api";
import { EXIT_CODES } from "../../shared/errors";
import { LICENSE_TYPES, PACK_STATES } from "../../shared/domain/licenses";
import { licenseTermMonths } from "../../shared/limits";
import {
  LicenseActivateSchema,
  LicenseDistributeSchema,
  LicenseExtendSchema,
  LicenseListQuerySchema,
  LicensePurchaseSchema,
  LicenseValidateSchema,
  type LicensePack,
} from "../../shared/schemas/license";
import { addBulkOptions, bulkIOFor, runBulk, type BulkOptions } from "../bulk";
import { usageError } from "../errors";
import type { Translate } from "../i18n";
import { readAll } from "../prompt";
import type { CliContext } from "../runtime";
import {
  addCommonOptions,
  apiOptions,
  cell,
  confirmOrRefuse,
  exitWith,
  oneByOne,
  printList,
  validated,
  type CommonOptions,
} from "./common";
import { examples } from "./help";

interface ListFlags extends CommonOptions {
  team?: string;
  state?: string;
  type?: string;
  limit?: string;
  all?: boolean;
}

interface TokenFlags extends CommonOptions {
  file?: string;
  team?: string;
}

/** The table columns of a pack. */
function packRow(pack: LicensePack): string[] {
  return [pack.id, cell(pack.team), pack.licenseType, String(pack.licenseCount), pack.state, pack.expiration, pack.source];
}

function packHead(t: Translate): string[] {
  return ["id", "team", "licenseType", "licenseCount", "state", "expiration", "source"].map((k) => t(`licenses.col.${k}`));
}

function packFields(t: Translate, pack: LicensePack): [string, string][] {
  return [
    ...packHead(t).map((label, i) => [label, packRow(pack)[i]!] as [string, string]),
    [t("licenses.col.issuedOn"), pack.issuedOn],
    [t("licenses.col.tokenId"), cell(pack.tokenId)],
  ];
}

/** The token from the argument, `--file` (`-` = stdin), or standard input when it is not a terminal: its last non-empty line. */
async function tokenFrom(cli: CliContext, arg: string | undefined, file: string | undefined): Promise<string> {
  if (arg !== undefined && file !== undefined) throw usageError(cli.t("licenses.tokenTwice"));
  let text = arg;
  if (file !== undefined) {
    try {
      text = file === "-" ? await readAll(cli.io.stdin) : readFileSync(file, "utf8");
    } catch (error) {
      throw usageError(cli.t("bulk.cannotRead", { file, problem: error instanceof Error ? error.message : String(error) }));
    }
  } else if (text === undefined) {
    if (cli.io.stdin.isTTY) throw usageError(cli.t("licenses.needToken"));
    text = await readAll(cli.io.stdin);
  }
  // A file or a pipe may carry more than the token (`npm run license:mint` without -s prints
  // npm's banner first): the token is the last non-empty line.
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? ""
  );
}

function api(cli: CliContext, opts: CommonOptions): LicensesApi {
  return createLicensesApi(apiOptions(cli, opts));
}

/** Registers the `licenses` group on the program. */
export function registerLicensesCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("licenses").description(t("licenses.description")).addHelpText("after", examples(t, "licenses.examples"));

  addCommonOptions(group.command("list").alias("ls").description(t("licenses.listDescription")), t)
    .option("--team <slug>", t("licenses.optTeam"))
    .option("--state <state>", t("licenses.optState", { states: PACK_STATES.join(", ") }))
    .option("--type <type>", t("licenses.optType", { types: LICENSE_TYPES.join(", ") }))
    .option("--limit <n>", t("list.optLimit"))
    .option("--all", t("list.optAll"))
    .addHelpText("after", examples(t, "licenses.listExamples"))
    .action(async (opts: ListFlags) => {
      const raw = {
        ...(opts.team ? { team: opts.team } : {}),
        ...(opts.state ? { state: opts.state } : {}),
        ...(opts.type ? { licenseType: opts.type } : {}),
        ...(opts.limit ? { limit: opts.limit } : {}),
      };
      const query = validated(LicenseListQuerySchema, raw, t, {
        team: "--team",
        state: "--state",
        licenseType: "--type",
        limit: "--limit",
      });
      const client = api(cli, opts);
      await printList(cli, opts, (cursor) => client.list({ ...query, ...(cursor ? { cursor } : {}) }), packHead(t), packRow);
    });

  addCommonOptions(group.command("show").description(t("licenses.showDescription")).argument("<id>", t("licenses.argId")), t)
    .addHelpText("after", examples(t, "licenses.showExamples"))
    .action(async (id: string, opts: CommonOptions) => {
      const pack = await api(cli, opts).get(id);
      const out = cli.output(Boolean(opts.json));
      out.result(pack, () => out.fields(packFields(t, pack)));
    });

  addCommonOptions(group.command("purchase").description(t("licenses.purchaseDescription")), t)
    .requiredOption("--team <slug>", t("licenses.optTeam"))
    .requiredOption("--count <n>", t("licenses.optCount"))
    .option("--type <type>", t("licenses.optType", { types: LICENSE_TYPES.join(", ") }), "subscription")
    .requiredOption("--term <months>", t("licenses.optTerm", { terms: licenseTermMonths.join(", ") }))
    .addHelpText("after", examples(t, "licenses.purchaseExamples"))
    .action(async (opts: CommonOptions & { team: string; count: string; type: string; term: string }) => {
      const body = validated(
        LicensePurchaseSchema,
        { team: opts.team, licenseType: opts.type, licenseCount: Number(opts.count), termMonths: Number(opts.term.replace(/m$/i, "")) },
        t,
        { team: "--team", licenseType: "--type", licenseCount: "--count", termMonths: "--term" },
      );
      const pack = await api(cli, opts).purchase(body);
      const out = cli.output(Boolean(opts.json));
      out.result(pack, () => {
        out.success(t("errors:licenseCreate200"));
        out.fields([...packFields(t, pack), [t("licenses.col.invoice"), cell(pack.order?.invoiceNumber)]]);
      });
    });

  addCommonOptions(group.command("activate").description(t("licenses.activateDescription")).argument("[token]", t("licenses.argToken")), t)
    .option("-f, --file <path>", t("licenses.optTokenFile"))
    .option("--team <slug>", t("licenses.optActivateTeam"))
    .addHelpText("after", examples(t, "licenses.activateExamples"))
    .action(async (arg: string | undefined, opts: TokenFlags) => {
      const token = await tokenFrom(cli, arg, opts.file);
      const body = validated(LicenseActivateSchema, { token, ...(opts.team ? { team: opts.team } : {}) }, t, {
        token: "<token>",
        team: "--team",
      });
      const pack = await api(cli, opts).activate(body);
      const out = cli.output(Boolean(opts.json));
      out.result(pack, () => {
        out.success(t("errors:licenseActivate200"));
        out.fields(packFields(t, pack));
      });
    });

  addCommonOptions(group.command("validate").description(t("licenses.validateDescription")).argument("[token]", t("licenses.argToken")), t)
    .option("-f, --file <path>", t("licenses.optTokenFile"))
    .addHelpText("after", examples(t, "licenses.validateExamples"))
    .action(async (arg: string | undefined, opts: TokenFlags) => {
      const body = validated(LicenseValidateSchema, { token: await tokenFrom(cli, arg, opts.file) }, t, { token: "<token>" });
      const answer = await api(cli, opts).validate(body.token);
      const out = cli.output(Boolean(opts.json));
      out.result(answer, () => {
        if (answer.valid) out.success(t("licenses.tokenValid"));
        else out.note(t("licenses.tokenInvalid", { reason: t(`licenses.reason.${answer.reason ?? "malformed"}`) }));
        const g = answer.grants;
        if (g)
          out.fields([
            [t("licenses.col.tokenId"), g.tokenId],
            [t("licenses.col.team"), cell(g.team)],
            [t("licenses.col.licenseType"), g.licenseType],
            [t("licenses.col.licenseCount"), String(g.licenseCount)],
            [t("licenses.col.expiration"), g.expiration ?? t("licenses.termFromActivation", { months: g.termMonths ?? 0 })],
          ]);
      });
      exitWith(answer.valid ? EXIT_CODES.ok : EXIT_CODES.invalidToken);
    });

  addBulkOptions(group.command("extend").description(t("licenses.extendDescription")).argument("[ids...]", t("licenses.argIds")), t)
    .requiredOption("--days <n>", t("licenses.optDays"))
    .option("--context <name>", t("options.context"))
    .addHelpText("after", examples(t, "licenses.extendExamples"))
    .action(async (ids: string[], opts: BulkOptions & CommonOptions & { days: string }) => {
      const days = Number(opts.days);
      validated(LicenseExtendSchema.shape.days, days, t, { "": "--days" });
      let client: LicensesApi | null = null;
      const batch = oneByOne((id) =>
        (client ??= api(cli, opts)).update(validated(LicenseExtendSchema, { id, action: "extend", days }, t, { id: "<id>" })),
      );
      exitWith(
        await runBulk(
          { ids, options: opts, action: t("licenses.extendAction", { days }), idColumns: ["id"], batchSize: 1, batch },
          bulkIOFor(cli, Boolean(opts.json)),
        ),
      );
    });

  addCommonOptions(group.command("expire").description(t("licenses.expireDescription")).argument("<id>", t("licenses.argId")), t)
    .option("-y, --yes", t("bulk.optYes"))
    .addHelpText("after", examples(t, "licenses.expireExamples"))
    .action(async (id: string, opts: CommonOptions & { yes?: boolean }) => {
      const client = api(cli, opts);
      await confirmOrRefuse(cli, t("licenses.confirmExpire", { id }), opts.yes, t("licenses.needYes"));
      const pack = await client.update({ id, action: "expire" });
      const out = cli.output(Boolean(opts.json));
      out.result(pack, () => {
        out.success(t("errors:licenseEdit200"));
        out.fields(packFields(t, pack));
      });
    });

  addCommonOptions(group.command("distribute").description(t("licenses.distributeDescription")).argument("<id>", t("licenses.argId")), t)
    .requiredOption("--team <slug>", t("licenses.optTargetTeam"))
    .requiredOption("--count <n>", t("licenses.optCount"))
    .addHelpText("after", examples(t, "licenses.distributeExamples"))
    .action(async (id: string, opts: CommonOptions & { team: string; count: string }) => {
      const body = validated(LicenseDistributeSchema, { id, action: "distribute", team: opts.team, licenseCount: Number(opts.count) }, t, {
        id: "<id>",
        team: "--team",
        licenseCount: "--count",
      });
      const pack = await api(cli, opts).update(body);
      const out = cli.output(Boolean(opts.json));
      out.result(pack, () => {
        out.success(t("errors:licenseEdit200"));
        out.table(packHead(t), [packRow(pack), ...(pack.created ? [packRow(pack.created)] : [])]);
      });
    });
}
