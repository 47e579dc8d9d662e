/**
 * `bulwark invites create | list | resend | delete` (docs/API.md "Invitations") through
 * the shared `createInvitesApi`; the CI job 'script invites'. `create` reads addresses from the
 * arguments and/or `--file` (a CSV whose header names the address column — address, email, handle
 * or username — or one address per line; `-` is stdin), up to 10,000 in one call so the seats are
 * taken all or none; `--dry-run` asks the server's review (new, onboarded, invalid, outside the
 * domains, seats after) and writes nothing. Per-address results; `--json` prints the reply with
 * the handles' codes; exit 10 when any address failed. `resend` (printing handles' new codes) and
 * `delete` (on the shared bulk runner) take ids: a CSV `id` column or one id per line.
 */
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { createInvitesApi } from "../../shared/api";
import { INVITE_STATES, INVITE_TYPES } from "../../shared/domain/statuses";
import { EXIT_CODES } from "../../shared/errors";
import { maxCount } from "../../shared/limits";
import {
  InviteCreateSchema,
  InviteListQuerySchema,
  type InviteCreateResponse,
  type InviteListItem,
  type InviteResendResponse,
  type InviteReviewResponse,
} from "../../shared/schemas/invite";
import { uid as uidSchema } from "../../shared/schemas/primitives";
import { addBulkOptions, collectItems, type BulkIO, type BulkOptions } from "../bulk";
import { catalogueMessage, usageError } from "../errors";
import type { Cell } from "../output";
import type { CliContext } from "../runtime";
import {
  addBulkCommand,
  addCommonOptions,
  apiOptions,
  confirmOrRefuse,
  exitWith,
  printList,
  validated,
  yesNo,
  type CommonOptions,
} from "./common";
import { examples } from "./help";
import { usersBatch } from "./userIds";

interface CreateFlags extends BulkOptions, CommonOptions {
  team?: string;
  type?: string;
  inviteLang?: string;
  matchUser?: boolean;
  directSignIn?: boolean;
  pack?: string;
}

interface ListFlags extends CommonOptions {
  team?: string;
  state?: string;
  type?: string;
  search?: string;
  order?: string;
  limit?: string;
  all?: boolean;
}

/** CSV header names that hold the address, first found wins. */
const ADDRESS_COLUMNS = ["address", "email", "e-mail", "handle", "username"] as const;

/** Body or query field → the flag that sets it, for validation messages. */
const FLAGS = {
  team: "--team",
  type: "--type",
  addresses: "--file",
  lang: "--invite-lang",
  pack: "--pack",
  state: "--state",
  search: "--search",
  order: "--order",
  limit: "--limit",
} as const;

/** How many failures of each kind a review or a run holds, for the summary lines. */
function tally(failed: readonly { code: string }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of failed) out.set(f.code, (out.get(f.code) ?? 0) + 1);
  return out;
}

function printReview(cli: CliContext, json: boolean, review: InviteReviewResponse): void {
  const { t } = cli;
  const out = cli.output(json);
  out.result({ dryRun: true, ...review }, () => {
    const counts = tally(review.failed);
    out.line(t("invites.reviewNew", { count: review.valid.length }));
    out.line(t("invites.reviewOnboarded", { count: counts.get("inviteCreate409") ?? 0 }));
    out.line(t("invites.reviewInvalid", { count: (counts.get("notValidEmailAccount") ?? 0) + (counts.get("inviteCreate406") ?? 0) }));
    out.line(t("invites.reviewOutside", { count: counts.get("inviteCreate502") ?? 0 }));
    out.line(t("invites.reviewSeats", { before: review.seats.available, after: review.availableAfter }));
    if (review.availableAfter < 0) out.note(t("errors:notEnoughLicenses"));
    if (review.failed.length > 0)
      out.table(
        [t("invites.col.address"), t("bulk.detail")],
        review.failed.map((f) => [f.address, `${f.code}: ${catalogueMessage(t, f.code)}`]),
      );
    out.line(t("invites.dryRunNothing"));
  });
}

function printCreated(cli: CliContext, json: boolean, result: InviteCreateResponse): void {
  const { t } = cli;
  const out = cli.output(json);
  out.result(result, () => {
    const rows = [
      ...result.ok.map((o): Cell[] => [o.address, { text: t("bulk.ok"), color: "green" }, o.id, o.code ?? ""]),
      ...result.failed.map((f): Cell[] => [
        f.address,
        { text: t("bulk.failed"), color: "red" },
        "",
        `${f.code}: ${catalogueMessage(t, f.code)}`,
      ]),
    ];
    out.table([t("invites.col.address"), t("bulk.result"), t("bulk.id"), t("invites.col.codeOrDetail")], rows);
    if (result.ok.some((o) => o.code)) out.note(t("invites.codesOnce"));
    if (result.failed.length === 0) out.success(t("invites.allInvited", { count: result.ok.length }));
    else out.note(t("errors:bulkPartial", { failed: result.failed.length, total: result.ok.length + result.failed.length }));
  });
}

async function create(cli: CliContext, addresses: string[], opts: CreateFlags): Promise<void> {
  const { t } = cli;
  const io: BulkIO = { stdin: cli.io.stdin, stderr: cli.io.stderr, out: cli.output(Boolean(opts.json)), t };
  const items = await collectItems(
    {
      ids: addresses,
      options: opts,
      action: t("invites.createAction"),
      idColumns: ADDRESS_COLUMNS,
      batch: () => Promise.resolve({ ok: [], failed: [] }),
    },
    io,
  );
  if (items.length === 0) throw usageError(t("invites.nothing"));
  if (items.length > maxCount.inviteRecipients)
    throw usageError(t("invites.tooMany", { count: items.length, max: maxCount.inviteRecipients }));
  const body = validated(
    InviteCreateSchema,
    {
      team: opts.team,
      type: opts.type ?? "email",
      addresses: items.map((i) => i.id),
      lang: opts.inviteLang ?? cli.lang,
      matchUser: Boolean(opts.matchUser),
      directSignIn: Boolean(opts.directSignIn),
      ...(opts.pack ? { pack: opts.pack } : {}),
    },
    t,
    FLAGS,
  );
  const api = createInvitesApi(apiOptions(cli, opts));
  if (opts.dryRun) return printReview(cli, Boolean(opts.json), await api.review(body));
  await confirmOrRefuse(
    cli,
    t("invites.confirm", { count: items.length, team: body.team }),
    opts.yes,
    t("bulk.needYes", { count: items.length }),
  );
  const bar = cli.io.stderr.isTTY
    ? new SingleBar({
        stream: cli.io.stderr,
        format: `${t("invites.createAction")} [{bar}] {value}/{total}`,
        hideCursor: true,
        clearOnComplete: true,
      })
    : null;
  bar?.start(items.length, 0);
  let result: InviteCreateResponse;
  try {
    result = await api.create(body);
    bar?.update(items.length);
  } finally {
    bar?.stop();
  }
  printCreated(cli, Boolean(opts.json), result);
  exitWith(result.failed.length === 0 ? EXIT_CODES.ok : EXIT_CODES.partial);
}

/**
 * Resends by id, up to 10,000 per call, printing each result with the new code of a handle (the
 * old one stops working, so the code must not be lost): `--json` prints the server's reply.
 */
async function resend(cli: CliContext, ids: string[], opts: BulkOptions & CommonOptions): Promise<void> {
  const { t } = cli;
  const io: BulkIO = { stdin: cli.io.stdin, stderr: cli.io.stderr, out: cli.output(Boolean(opts.json)), t };
  const action = t("invites.resendAction");
  const items = await collectItems(
    { ids, options: opts, action, idColumns: ["id", "uid"], batch: () => Promise.resolve({ ok: [], failed: [] }) },
    io,
  );
  if (items.length === 0) throw usageError(t("bulk.nothing"));
  const out = cli.output(Boolean(opts.json));
  if (opts.dryRun) {
    out.result({ dryRun: true, action, items }, () => out.line(t("bulk.dryRun", { count: items.length, action })));
    return;
  }
  await confirmOrRefuse(cli, t("bulk.confirm", { count: items.length, action }), opts.yes, t("bulk.needYes", { count: items.length }));
  const api = createInvitesApi(apiOptions(cli, opts));
  const result: InviteResendResponse = { ok: [], failed: [] };
  const bad = items.filter((i) => !uidSchema.safeParse(i.id).success);
  result.failed.push(...bad.map((i) => ({ id: i.id, code: "badParameters" })));
  const good = items.filter((i) => uidSchema.safeParse(i.id).success).map((i) => i.id);
  for (let i = 0; i < good.length; i += maxCount.bulkIds) {
    const answer = await api.resend(good.slice(i, i + maxCount.bulkIds));
    result.ok.push(...answer.ok);
    result.failed.push(...answer.failed);
  }
  out.result(result, () => {
    const rows = [
      ...result.ok.map((o): Cell[] => [o.id, { text: t("bulk.ok"), color: "green" }, o.code ?? ""]),
      ...result.failed.map((f): Cell[] => [f.id, { text: t("bulk.failed"), color: "red" }, `${f.code}: ${catalogueMessage(t, f.code)}`]),
    ];
    out.table([t("bulk.id"), t("bulk.result"), t("invites.col.codeOrDetail")], rows);
    if (result.ok.some((o) => o.code)) out.note(t("invites.codesOnce"));
    if (result.failed.length === 0) out.success(t("bulk.allOk", { count: items.length, action }));
    else out.note(t("errors:bulkPartial", { failed: result.failed.length, total: items.length }));
  });
  exitWith(result.failed.length === 0 ? EXIT_CODES.ok : EXIT_CODES.partial);
}

async function list(cli: CliContext, opts: ListFlags): Promise<void> {
  const { t } = cli;
  const filters: Record<string, unknown> = {};
  for (const key of ["team", "state", "type", "search", "order", "limit"] as const) if (opts[key] !== undefined) filters[key] = opts[key];
  const query = validated(InviteListQuerySchema, filters, t, FLAGS);
  const api = createInvitesApi(apiOptions(cli, opts));
  const head = ["id", "address", "team", "type", "state", "expiration", "matchUser"].map((k) => t(`invites.col.${k}`));
  await printList(
    cli,
    opts,
    (cursor) => api.list({ ...query, ...(cursor ? { cursor } : {}) }),
    head,
    (i: InviteListItem) => [i.id, i.address, i.team.slug, i.type, i.state, i.expiration, yesNo(t, i.matchUser)],
  );
}

/** Registers the `invites` group on the program. */
export function registerInvitesCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("invites").description(t("invites.description")).addHelpText("after", examples(t, "invites.examples"));

  addBulkOptions(
    group.command("create").description(t("invites.createDescription")).argument("[addresses...]", t("invites.argAddresses")),
    t,
  )
    .option("--context <name>", t("options.context"))
    .requiredOption("--team <slug>", t("invites.optTeam"))
    .option("--type <type>", t("invites.optType", { types: INVITE_TYPES.join(", ") }))
    .option("--invite-lang <lang>", t("invites.optInviteLang"))
    .option("--match-user", t("invites.optMatchUser"))
    .option("--direct-sign-in", t("invites.optDirectSignIn"))
    .option("--pack <id>", t("invites.optPack"))
    .addHelpText("after", examples(t, "invites.createExamples"))
    .action((addresses: string[], opts: CreateFlags) => create(cli, addresses, opts));

  addCommonOptions(group.command("list").alias("ls").description(t("invites.listDescription")), t)
    .option("--team <slug>", t("invites.optTeamFilter"))
    .option("--state <state>", t("invites.optState", { states: INVITE_STATES.join(", ") }))
    .option("--type <type>", t("invites.optTypeFilter"))
    .option("--search <text>", t("invites.optSearch"))
    .option("--order <order>", t("invites.optOrder"))
    .option("--limit <n>", t("list.optLimit"))
    .option("--all", t("list.optAll"))
    .addHelpText("after", examples(t, "invites.listExamples"))
    .action((opts: ListFlags) => list(cli, opts));

  const api = (opts: () => Parameters<typeof createInvitesApi>[0]) => createInvitesApi(opts());
  addBulkOptions(group.command("resend").description(t("invites.resendDescription")).argument("[ids...]", t("resource.argUids")), t)
    .option("--context <name>", t("options.context"))
    .addHelpText("after", examples(t, "invites.resendExamples"))
    .action((ids: string[], opts: BulkOptions & CommonOptions) => resend(cli, ids, opts));
  addBulkCommand<BulkOptions & CommonOptions>(group, cli, {
    name: "delete",
    description: "invites.deleteDescription",
    examples: "invites.deleteExamples",
    action: t("invites.deleteAction"),
    idColumns: ["id", "uid"],
    batch: (_opts, options) => usersBatch((ids) => api(options).remove(ids)),
  }).alias("rm");
}
