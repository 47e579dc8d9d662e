/**
 * `bulwark domains list | add | remove` and `bulwark associations list | show | create | update |
 * delete` (docs/API.md "Domains and associations"), root only, through the shared
 * `createDomainsApi`. Domain changes are confirmed by the signed-in root's password: prompted
 * without echo on a terminal, or read from stdin with `--password-stdin`; it is sent only as its
 * SHA-512 hex. Removing domains that users still have asks again (or needs `--yes`).
 */
import type { Command } from "commander";
import { createDomainsApi, isApiError, type Association } from "../../shared/api";
import { sha512Hex } from "../../shared/crypto";
import { ASSOCIATION_STATUSES } from "../../shared/domain/statuses";
import { AssociationCreateSchema, AssociationUpdateSchema } from "../../shared/schemas/association";
import { TeamDomainsDeleteSchema, TeamDomainsUpdateSchema } from "../../shared/schemas/domain";
import { TeamListQuerySchema } from "../../shared/schemas/team";
import { usageError } from "../errors";
import type { Translate } from "../i18n";
import { askPassword, readSecret } from "../prompt";
import type { CliContext } from "../runtime";
import { examples } from "./help";
import { addCommonOptions, apiOptions, cell, confirmOrRefuse, printList, validated, yesNo, type CommonOptions } from "./common";

interface PasswordOptions extends CommonOptions {
  passwordStdin?: boolean;
  yes?: boolean;
}

interface AssociationOptions extends CommonOptions {
  name?: string;
  team?: string[];
  status?: string;
  closedCommunications?: boolean;
}

/** The root's current password as SHA-512 hex: from stdin, or a prompt on a terminal. */
async function currentPassword(cli: CliContext, opts: PasswordOptions): Promise<string> {
  const { io, t } = cli;
  if (!opts.passwordStdin && !io.stdin.isTTY) throw usageError(t("domains.needPassword"));
  const plain = opts.passwordStdin ? await readSecret(io.stdin) : await askPassword(io.stdin, io.stderr, t("domains.promptPassword"));
  if (plain === "") throw usageError(t("login.emptyPassword"));
  return sha512Hex(plain);
}

function associationFields(t: Translate, a: Association): [string, string][] {
  return [
    ["id", a.id],
    [t("fields.name"), a.name],
    [t("fields.teams"), a.teams.map((team) => team.slug).join(", ")],
    [t("fields.status"), a.status],
    [t("associations.closedCommunications"), yesNo(t, a.closedCommunications)],
    [t("fields.createdOn"), a.createdOn],
    [t("fields.updatedOn"), a.updatedOn],
  ];
}

/** The body fields the association flags give (absent flags are left out). */
function associationBody(opts: AssociationOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (opts.name !== undefined) body.name = opts.name;
  if (opts.team !== undefined) body.teams = opts.team;
  if (opts.status !== undefined) body.status = opts.status;
  if (opts.closedCommunications !== undefined) body.closedCommunications = opts.closedCommunications;
  return body;
}

const ASSOCIATION_FLAGS = {
  name: "--name",
  teams: "--team",
  status: "--status",
  closedCommunications: "--closed-communications",
  id: "<id>",
};

function addAssociationOptions(command: Command, t: Translate): Command {
  return command
    .option("--name <name>", t("associations.optName"))
    .option("--team <slug...>", t("associations.optTeam"))
    .option("--status <status>", t("associations.optStatus", { statuses: ASSOCIATION_STATUSES.join(", ") }))
    .option("--closed-communications", t("associations.optClosed"))
    .option("--no-closed-communications", t("associations.optNoClosed"));
}

/** Registers the `domains` group. */
function registerDomains(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("domains").description(t("domains.description")).addHelpText("after", examples(t, "domains.examples"));

  addCommonOptions(group.command("list").alias("ls").description(t("domains.listDescription")), t)
    .addHelpText("after", examples(t, "domains.listExamples"))
    .option("--search <text>", t("domains.optSearch"))
    .option("--all", t("list.optAll"))
    .action(async (opts: CommonOptions & { search?: string; all?: boolean }) => {
      const query = validated(TeamListQuerySchema, opts.search ? { search: opts.search } : {}, t, { search: "--search" });
      const api = createDomainsApi(apiOptions(cli, opts));
      const head = [t("fields.slug"), t("fields.name"), t("fields.domains"), t("fields.users"), t("domains.outside")];
      await printList(
        cli,
        opts,
        (cursor) => api.list({ ...query, ...(cursor ? { cursor } : {}) }),
        head,
        (i) => [i.slug, i.teamName, cell(i.domains.join(", ")), String(i.userCount), String(i.usersOutside)],
      );
    });

  for (const verb of ["add", "remove"] as const) {
    addCommonOptions(
      group
        .command(verb)
        .description(t(`domains.${verb}Description`))
        .argument("<slug>", t("teams.argSlug"))
        .argument("<domain...>", t("domains.argDomain")),
      t,
    )
      .addHelpText("after", examples(t, `domains.${verb}Examples`))
      .option("--password-stdin", t("domains.optPasswordStdin"))
      .option("-y, --yes", t("domains.optYes"))
      .action(async (slug: string, domains: string[], opts: PasswordOptions) => {
        const schema = verb === "add" ? TeamDomainsUpdateSchema : TeamDomainsDeleteSchema;
        const flags = { slug: "<slug>", domains: "<domain...>", password: "--password-stdin" };
        validated(schema, { slug, domains, password: "0".repeat(128) }, t, flags);
        const password = await currentPassword(cli, opts);
        const api = createDomainsApi(apiOptions(cli, opts));
        let result;
        if (verb === "add") {
          result = await api.add(validated(TeamDomainsUpdateSchema, { slug, domains, password }, t, flags));
        } else {
          const body = validated(TeamDomainsDeleteSchema, { slug, domains, password, ...(opts.yes ? { confirm: true } : {}) }, t, flags);
          try {
            result = await api.remove(body);
          } catch (error) {
            const left =
              isApiError(error) && error.code === "domainsDelete409"
                ? (error.details as { usersLeftOutside?: number } | undefined)?.usersLeftOutside
                : undefined;
            if (left === undefined) throw error;
            await confirmOrRefuse(cli, t("domains.confirmRemove", { count: left }), opts.yes, t("domains.needYes", { count: left }));
            // The password was checked and is right: the same hash confirms the removal.
            result = await api.remove({ ...body, confirm: true });
          }
        }
        const out = cli.output(Boolean(opts.json));
        out.result(result, () => {
          out.success(t(verb === "add" ? "errors:domainsEdit200" : "errors:domainsDelete200"));
          out.fields([
            [t("fields.slug"), result.slug],
            [t("fields.domains"), cell(result.domains.join(", "))],
            [t("domains.outside"), String(result.usersOutside)],
          ]);
        });
      });
  }
}

/** Registers the `associations` group. */
function registerAssociations(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program
    .command("associations")
    .description(t("associations.description"))
    .addHelpText("after", examples(t, "associations.examples"));

  addCommonOptions(group.command("list").alias("ls").description(t("associations.listDescription")), t)
    .addHelpText("after", examples(t, "associations.listExamples"))
    .option("--search <text>", t("domains.optSearch"))
    .option("--all", t("list.optAll"))
    .action(async (opts: CommonOptions & { search?: string; all?: boolean }) => {
      const api = createDomainsApi(apiOptions(cli, opts));
      const head = ["id", t("fields.name"), t("fields.teams"), t("fields.status"), t("associations.closedCommunications")];
      await printList(
        cli,
        opts,
        (cursor) => api.listAssociations({ ...(opts.search ? { search: opts.search } : {}), ...(cursor ? { cursor } : {}) }),
        head,
        (a: Association) => [a.id, a.name, a.teams.map((team) => team.slug).join(", "), a.status, yesNo(t, a.closedCommunications)],
      );
    });

  addCommonOptions(group.command("show").description(t("associations.showDescription")).argument("<id>", t("associations.argId")), t)
    .addHelpText("after", examples(t, "associations.showExamples"))
    .action(async (id: string, opts: CommonOptions) => {
      const association = await createDomainsApi(apiOptions(cli, opts)).getAssociation(id);
      const out = cli.output(Boolean(opts.json));
      out.result(association, () => out.fields(associationFields(t, association)));
    });

  addAssociationOptions(addCommonOptions(group.command("create").description(t("associations.createDescription")), t), t)
    .addHelpText("after", examples(t, "associations.createExamples"))
    .action(async (opts: AssociationOptions) => {
      const body = validated(
        AssociationCreateSchema,
        { closedCommunications: false, status: "open", ...associationBody(opts) },
        t,
        ASSOCIATION_FLAGS,
      );
      const association = await createDomainsApi(apiOptions(cli, opts)).createAssociation(body);
      const out = cli.output(Boolean(opts.json));
      out.result(association, () => {
        out.success(t("errors:associationCreate200"));
        out.fields(associationFields(t, association));
      });
    });

  addAssociationOptions(
    addCommonOptions(group.command("update").description(t("associations.updateDescription")).argument("<id>", t("associations.argId")), t),
    t,
  )
    .addHelpText("after", examples(t, "associations.updateExamples"))
    .action(async (id: string, opts: AssociationOptions) => {
      const fields = associationBody(opts);
      if (Object.keys(fields).length === 0) throw usageError(t("resource.nothingToUpdate"));
      const association = await createDomainsApi(apiOptions(cli, opts)).updateAssociation(
        validated(AssociationUpdateSchema, { id, ...fields }, t, ASSOCIATION_FLAGS),
      );
      const out = cli.output(Boolean(opts.json));
      out.result(association, () => {
        out.success(t("errors:associationEdit200"));
        out.fields(associationFields(t, association));
      });
    });

  addCommonOptions(
    group.command("delete").alias("rm").description(t("associations.deleteDescription")).argument("<id>", t("associations.argId")),
    t,
  )
    .option("-y, --yes", t("associations.optYes"))
    .addHelpText("after", examples(t, "associations.deleteExamples"))
    .action(async (id: string, opts: CommonOptions & { yes?: boolean }) => {
      const api = createDomainsApi(apiOptions(cli, opts));
      await confirmOrRefuse(cli, t("associations.confirmDelete", { id }), opts.yes, t("associations.needYes", { id }));
      await api.deleteAssociation({ id });
      const out = cli.output(Boolean(opts.json));
      out.result({ deleted: id }, () => out.success(`${t("errors:associationDelete200")}: ${id}`));
    });
}

/** Registers `domains` and `associations` on the program. */
export function registerDomainsCommands(program: Command, cli: CliContext): void {
  registerDomains(program, cli);
  registerAssociations(program, cli);
}
