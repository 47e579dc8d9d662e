/**
 * `bulwark me show | update | password`: the signed-in administrator's own account through the
 * shared API client (`GET/PUT /v2/me`, `PUT /v2/me/password`). `update` merges the given flags over
 * the current profile, since `PUT /v2/me` takes every field. `password` never takes a password as
 * an argument: it asks on a terminal, or reads two lines (current, new) with `--password-stdin`;
 * the replacement token the server answers is stored in the context, so the CLI stays signed in.
 * `DELETE /v2/admin/terminate` has no command on purpose: it cannot be undone (web console only).
 */
import type { Command } from "commander";
import { sha512Hex } from "../../shared/crypto";
import { PasswordChangeSchema, ProfileUpdateSchema } from "../../shared/schemas/admin";
import { password as passwordRule } from "../../shared/schemas/primitives";
import { updateConfig } from "../config";
import { usageError } from "../errors";
import { askPassword, readAll } from "../prompt";
import type { CliContext } from "../runtime";
import { profileFields, whoami } from "./auth";
import { validated, type CommonOptions } from "./common";
import { examples } from "./help";
import { apiClient } from "../apiClient";
import { connectionOf } from "../connection";

interface MeUpdateOptions extends CommonOptions {
  firstName?: string;
  lastName?: string;
  language?: string;
  timezone?: string;
}

interface MePasswordOptions extends CommonOptions {
  passwordStdin?: boolean;
}

/** The `--json` document of `me password`. */
export interface MePasswordJson {
  changed: true;
  /** The context whose token was replaced; null when the token came from BULWARK_TOKEN / --token (now invalid). */
  context: string | null;
}

/** Profile field → the flag that sets it, for validation messages. */
const FLAGS = { firstName: "--first-name", lastName: "--last-name", lang: "--language", timezone: "--timezone" } as const;

/** The `exp` claim of a token as an ISO date (read without verifying, like the language claim); null if unreadable. */
function tokenExpiry(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown };
    return typeof claims.exp === "number" ? new Date(claims.exp * 1000).toISOString() : null;
  } catch {
    return null;
  }
}

/** The current and new plain passwords: two lines on stdin, or asked (new one twice) on a terminal. */
async function readPasswords(cli: CliContext, opts: MePasswordOptions): Promise<{ current: string; next: string }> {
  const { io, t } = cli;
  if (opts.passwordStdin) {
    const lines = (await readAll(io.stdin)).split(/\r?\n/);
    const [current = "", next = ""] = lines;
    if (current === "" || next === "" || lines.slice(2).some((line) => line !== "")) throw usageError(t("me.needTwoLines"));
    return { current, next };
  }
  if (!io.stdin.isTTY) throw usageError(t("me.needPassword"));
  const current = await askPassword(io.stdin, io.stderr, t("me.promptCurrent"));
  const next = await askPassword(io.stdin, io.stderr, t("me.promptNew"));
  const again = await askPassword(io.stdin, io.stderr, t("me.promptRepeat"));
  if (current === "" || next === "") throw usageError(t("login.emptyPassword"));
  if (next !== again) throw usageError(t("me.mismatch"));
  return { current, next };
}

/** Registers the `me` group on the program. */
export function registerMeCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("me").description(t("me.description")).addHelpText("after", examples(t, "me.examples"));
  const connect = (opts: CommonOptions) => {
    const connection = connectionOf(cli, { ...(opts.context ? { context: opts.context } : {}), needToken: true });
    return { connection, client: apiClient(cli, connection) };
  };

  group
    .command("show")
    .description(t("me.showDescription"))
    .option("--context <name>", t("options.context"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "me.showExamples"))
    .action((opts: CommonOptions) => whoami(cli, opts));

  group
    .command("update")
    .description(t("me.updateDescription"))
    .option("--first-name <name>", t("me.optFirstName"))
    .option("--last-name <name>", t("me.optLastName"))
    .option("--language <lang>", t("me.optLanguage"))
    .option("--timezone <zone>", t("me.optTimezone"))
    .option("--context <name>", t("options.context"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "me.updateExamples"))
    .action(async (opts: MeUpdateOptions) => {
      const given: Record<string, string> = {};
      if (opts.firstName !== undefined) given.firstName = opts.firstName;
      if (opts.lastName !== undefined) given.lastName = opts.lastName;
      if (opts.language !== undefined) given.lang = opts.language;
      if (opts.timezone !== undefined) given.timezone = opts.timezone;
      if (Object.keys(given).length === 0) throw usageError(t("resource.nothingToUpdate"));
      validated(ProfileUpdateSchema.partial(), given, t, FLAGS);
      const { connection, client } = connect(opts);
      const current = await client.me();
      const body = validated(
        ProfileUpdateSchema,
        { firstName: current.firstName, lastName: current.lastName, lang: current.lang, timezone: current.timezone, ...given },
        t,
        FLAGS,
      );
      const me = await client.updateMe(body);
      const out = cli.output(Boolean(opts.json));
      out.result(me, () => {
        out.success(t("errors:profileUpdate200"));
        out.fields(profileFields(t, me, connection.url, connection.context));
      });
    });

  group
    .command("password")
    .description(t("me.passwordDescription"))
    .option("--password-stdin", t("me.optPasswordStdin"))
    .option("--context <name>", t("options.context"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "me.passwordExamples"))
    .action(async (opts: MePasswordOptions) => {
      const { connection, client } = connect(opts);
      const { current, next } = await readPasswords(cli, opts);
      validated(passwordRule, next, t, { "": t("me.newPassword") });
      const body = validated(PasswordChangeSchema, { password: await sha512Hex(current), new_password: await sha512Hex(next) }, t, {
        new_password: t("me.newPassword"),
      });
      const answer = await client.changePassword(body);
      const name = connection.context;
      const token = answer.token;
      if (name !== null && token) {
        updateConfig(cli.io.env, (config) => {
          const stored = config.contexts[name];
          return stored
            ? { ...config, contexts: { ...config.contexts, [name]: { ...stored, token, expiresAt: tokenExpiry(token) } } }
            : config;
        });
      }
      const doc: MePasswordJson = { changed: true, context: name };
      const out = cli.output(Boolean(opts.json));
      out.result(doc, () => {
        out.success(t("errors:passwordChange200"));
        out.note(name === null ? t("me.tokenReplacedEnv") : t("me.tokenStored", { context: name }));
      });
    });
}
