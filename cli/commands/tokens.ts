/**
 * `bulwark tokens create|list|revoke`: access tokens for automation over `/v2/tokens`. A pipeline
 * gets a named, expiring, narrowed credential instead of an administrator's password; the secret
 * is printed once (alone on stdout, so `> secret.txt` captures exactly it) and never stored here.
 */
import type { Command } from "commander";
import { createTokensApi, type AccessToken } from "../../shared/api/tokens";
import { TOKEN_PERMISSIONS, TokenCreateSchema } from "../../shared/schemas/accessToken";
import { usageError } from "../errors";
import type { CliContext } from "../runtime";
import { addCommonOptions, apiOptions, cell, confirmOrRefuse, validated, type CommonOptions } from "./common";
import { examples } from "./help";

interface CreateOptions extends CommonOptions {
  name?: string;
  expiresInDays?: string;
  expiry?: boolean;
  permission: string[];
  team: string[];
}

interface ListOptions extends CommonOptions {
  admin?: string;
}

interface RevokeOptions extends CommonOptions {
  all?: boolean;
  admin?: string;
  yes?: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** The request body of `tokens create` from its flags, checked with the shared schema (exit 2 before any call). */
export function tokenCreateBody(opts: CreateOptions, t: CliContext["t"]): ReturnType<typeof TokenCreateSchema.parse> {
  if (opts.expiry === false && opts.expiresInDays !== undefined) throw usageError(t("tokens.expiryConflict"));
  const days =
    opts.expiresInDays === undefined ? undefined : /^\d+$/.test(opts.expiresInDays) ? Number(opts.expiresInDays) : opts.expiresInDays;
  const raw = {
    name: opts.name ?? "",
    ...(opts.expiry === false ? { expiresInDays: null } : days === undefined ? {} : { expiresInDays: days }),
    permissions: opts.permission,
    ...(opts.team.length > 0 ? { teams: opts.team } : {}),
  };
  return validated(TokenCreateSchema, raw, t, {
    name: "--name",
    expiresInDays: "--expires-in-days",
    permissions: "--permission",
    teams: "--team",
  });
}

function tokenRow(t: CliContext["t"], token: AccessToken, withAdmin: boolean): string[] {
  const row = [
    token.id,
    token.name,
    token.permissions.join(","),
    token.teams ? token.teams.map((team) => team.slug).join(",") : t("tokens.allCompanies"),
    cell(token.expiresAt) === "—" ? t("tokens.never") : cell(token.expiresAt),
    token.lastUsedAt ? `${token.lastUsedAt}${token.lastUsedFrom ? ` (${token.lastUsedFrom})` : ""}` : "—",
  ];
  return withAdmin ? [...row, token.admin.username] : row;
}

/** Registers the `tokens` group on the program. */
export function registerTokensCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("tokens").description(t("tokens.description")).addHelpText("after", examples(t, "tokens.examples"));

  addCommonOptions(group.command("create").description(t("tokens.createDescription")), t)
    .option("--name <name>", t("tokens.optName"))
    .option("--expires-in-days <days>", t("tokens.optExpiresInDays"))
    .option("--no-expiry", t("tokens.optNoExpiry"))
    .option("--permission <permission>", t("tokens.optPermission", { permissions: TOKEN_PERMISSIONS.join(", ") }), collect, [])
    .option("--team <slug>", t("tokens.optTeam"), collect, [])
    .addHelpText("after", examples(t, "tokens.createExamples"))
    .action(async (opts: CreateOptions) => {
      const body = tokenCreateBody(opts, t);
      const created = await createTokensApi(apiOptions(cli, opts)).create(body);
      const out = cli.output(Boolean(opts.json));
      out.result(created, () => {
        out.note(
          t("tokens.created", { name: created.token.name, id: created.token.id, expiresAt: created.token.expiresAt ?? t("tokens.never") }),
        );
        out.note(t("tokens.storeNow"));
        out.line(created.secret);
      });
    });

  addCommonOptions(group.command("list").alias("ls").description(t("tokens.listDescription")), t)
    .option("--admin <uid>", t("tokens.optAdmin"))
    .addHelpText("after", examples(t, "tokens.listExamples"))
    .action(async (opts: ListOptions) => {
      const list = await createTokensApi(apiOptions(cli, opts)).list(opts.admin ? { admin: opts.admin } : {});
      const out = cli.output(Boolean(opts.json));
      const withAdmin = Boolean(opts.admin);
      const head = [
        t("tokens.id"),
        t("tokens.name"),
        t("tokens.permissions"),
        t("tokens.companies"),
        t("tokens.expires"),
        t("tokens.lastUsed"),
      ];
      out.result(list, () => {
        if (list.items.length === 0) return out.note(t("tokens.none"));
        out.table(
          withAdmin ? [...head, t("tokens.owner")] : head,
          list.items.map((token) => tokenRow(t, token, withAdmin)),
        );
      });
    });

  addCommonOptions(group.command("revoke").description(t("tokens.revokeDescription")).argument("[id]", t("tokens.argId")), t)
    .option("--all", t("tokens.optAll"))
    .option("--admin <uid>", t("tokens.optAdminRevoke"))
    .option("-y, --yes", t("bulk.optYes"))
    .addHelpText("after", examples(t, "tokens.revokeExamples"))
    .action(async (id: string | undefined, opts: RevokeOptions) => {
      if (opts.all ? id !== undefined : id === undefined) throw usageError(t("tokens.idOrAll"));
      if (opts.admin && !opts.all) throw usageError(t("tokens.adminNeedsAll"));
      const api = createTokensApi(apiOptions(cli, opts));
      const out = cli.output(Boolean(opts.json));
      if (id !== undefined) {
        await confirmOrRefuse(cli, t("tokens.confirmOne", { id }), opts.yes, t("tokens.needYes"));
        await api.revoke(id);
        return out.result({ revoked: 1 }, () => out.success(t("tokens.revokedOne", { id })));
      }
      await confirmOrRefuse(cli, t("tokens.confirmAll"), opts.yes, t("tokens.needYes"));
      const result = await api.revokeAll(opts.admin ? { admin: opts.admin } : {});
      out.result(result, () => out.success(t("tokens.revokedAll", { count: result.revoked })));
    });
}
