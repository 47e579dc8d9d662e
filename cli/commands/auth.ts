/**
 * `bulwark login | logout | whoami` (DESIGN §9): sign in with the shared SHA-512 hash
 * and the shared API client, keep the token in a named context, and ask the server who the
 * token belongs to. Prompts only on a TTY; a pipeline gets a usage error instead of a hang.
 */
import type { Command } from "commander";
import type { MeResponse } from "../../shared/api";
import { createMfaSignInApi, isMfaRequired } from "../../shared/api/mfa";
import { sha512Hex } from "../../shared/crypto";
import { APP_VERSION } from "../../shared/limits";
import { contextNameFor, readConfig, updateConfig } from "../config";
import { CliError, usageError } from "../errors";
import { tokenLanguage, type Translate } from "../i18n";
import { ask, askPassword, readSecret } from "../prompt";
import { normaliseUrl, overrides, type CliContext } from "../runtime";
import { examples } from "./help";
import { apiClient } from "../apiClient";
import { connectionOf } from "../connection";

interface LoginOptions {
  username?: string;
  passwordStdin?: boolean;
  tokenStdin?: boolean;
  otpStdin?: boolean;
  context?: string;
  json?: boolean;
}

interface LogoutOptions {
  context?: string;
  forget?: boolean;
  json?: boolean;
}

interface WhoamiOptions {
  context?: string;
  json?: boolean;
}

/** The URL to sign in to: the argument, else `--url`/`BULWARK_URL`, else the named or current context's. */
function loginUrl(cli: CliContext, arg: string | undefined, contextName: string | undefined): string {
  const { t } = cli;
  const given = arg ?? overrides(cli.globals(), cli.io.env).url;
  if (given) return normaliseUrl(given, t);
  const config = readConfig(cli.io.env);
  const name = contextName ?? config.current;
  const stored = name ? config.contexts[name] : undefined;
  if (stored) return stored.url;
  throw usageError(t("login.needUrl"));
}

/**
 * `login --token-stdin`: stores an access token (`bwk_…`, from `bulwark tokens create`) in a context
 * like a session, after `GET /v2/me` proves it works (and names its administrator). It has no
 * session expiry to record; the server refuses it once it expires or is revoked.
 */
async function loginWithToken(cli: CliContext, url: string, name: string, opts: LoginOptions): Promise<void> {
  const { t, io } = cli;
  if (opts.passwordStdin || opts.username || opts.otpStdin) throw usageError(t("login.tokenConflict"));
  const token = (await readSecret(io.stdin)).trim();
  if (token === "") throw usageError(t("login.emptyToken"));
  const me = await apiClient(cli, { url, token, context: null }).me();
  updateConfig(io.env, (config) => ({
    current: name,
    contexts: { ...config.contexts, [name]: { url, username: me.username, token, expiresAt: null } },
  }));
  const out = cli.output(Boolean(opts.json));
  out.result({ context: name, url, username: me.username, expiresAt: null }, () =>
    out.success(t("login.tokenSuccess", { url, username: me.username, context: name })),
  );
}

async function login(cli: CliContext, urlArg: string | undefined, opts: LoginOptions): Promise<void> {
  const { t, io } = cli;
  const out = cli.output(Boolean(opts.json));
  const url = loginUrl(cli, urlArg, opts.context);
  const name = opts.context ?? contextNameFor(url);
  if (opts.tokenStdin) return loginWithToken(cli, url, name, opts);
  const previous = readConfig(io.env).contexts[name];
  const tty = Boolean(io.stdin.isTTY);

  let username = opts.username?.trim() || (previous?.url === url ? previous.username : "");
  // Decide everything that cannot be asked before touching stdin, so nothing ever waits on a pipe.
  if (!username && !tty) throw usageError(t("login.needUsername"));
  if (!opts.passwordStdin && !tty) throw usageError(t("login.needPassword"));
  if (!username) username = await ask(io.stdin, io.stderr, `${t("login.promptUsername")} `);
  if (!username) throw usageError(t("login.needUsername"));
  // With both --password-stdin and --otp-stdin, standard input holds the password then the code, one per line.
  const piped = opts.passwordStdin || opts.otpStdin ? (await readSecret(io.stdin)).split(/\r?\n/) : [];
  const plain = opts.passwordStdin ? (piped.shift() ?? "") : await askPassword(io.stdin, io.stderr, t("login.promptPassword"));
  if (plain === "") throw usageError(t("login.emptyPassword"));

  const client = apiClient(cli, { url, token: null, context: null });
  const browser = `bulwark-cli/${APP_VERSION}`;
  const first = await client.signIn({ username, password: await sha512Hex(plain), browser });
  let signedIn: { token: string; expiresAt: string };
  if (isMfaRequired(first)) {
    // The second step: a TOTP or recovery code, piped (--otp-stdin) or asked on a terminal.
    if (!opts.otpStdin && !tty) throw usageError(t("login.needOtp"));
    const code = (opts.otpStdin ? (piped.shift() ?? "") : await ask(io.stdin, io.stderr, `${t("login.promptOtp")} `)).trim();
    if (code === "") throw usageError(t("login.emptyOtp"));
    signedIn = await createMfaSignInApi({ baseUrl: url, fetch: cli.fetch() }).token({ challenge: first.challenge, code, browser });
  } else {
    signedIn = first;
  }
  const { token, expiresAt } = signedIn;
  updateConfig(io.env, (config) => ({ current: name, contexts: { ...config.contexts, [name]: { url, username, token, expiresAt } } }));

  const tr = cli.globals().lang ? t : cli.translator(tokenLanguage(token) ?? cli.lang);
  out.result({ context: name, url, username, expiresAt }, () =>
    out.success(tr("login.success", { url, username, context: name, expiresAt })),
  );
}

function logout(cli: CliContext, opts: LogoutOptions): void {
  const { t, io } = cli;
  const out = cli.output(Boolean(opts.json));
  const config = readConfig(io.env);
  const name = opts.context ?? config.current;
  if (!name) throw usageError(t("logout.noContext"));
  if (!config.contexts[name]) throw new CliError("contextNotFound", t("errors.contextNotFound", { context: name }));
  const forgotten = Boolean(opts.forget);
  updateConfig(io.env, (c) => {
    const contexts = { ...c.contexts };
    const stored = contexts[name];
    if (forgotten) delete contexts[name];
    else if (stored) contexts[name] = { ...stored, token: null, expiresAt: null };
    return { current: forgotten && c.current === name ? null : c.current, contexts };
  });
  out.result({ context: name, forgotten }, () => out.success(t(forgotten ? "logout.forgotten" : "logout.done", { context: name })));
}

/** The human view of the signed-in admin (`whoami`, `me show`, `me update`). */
export function profileFields(t: Translate, me: MeResponse, server: string, context: string | null): [string, string][] {
  return [
    [t("whoami.username"), me.username],
    [t("whoami.name"), `${me.firstName} ${me.lastName}`.trim()],
    [t("whoami.role"), me.role],
    [t("whoami.status"), me.status],
    [t("whoami.lang"), me.lang],
    [t("whoami.timezone"), me.timezone],
    [t("whoami.teams"), me.teams.map((team) => `${team.teamName} (${team.slug})`).join(", ") || "—"],
    [t("whoami.uid"), me.uid],
    [t("whoami.createdOn"), me.createdOn],
    [t("whoami.lastSeen"), me.lastSeen ?? "—"],
    [t("whoami.server"), server],
    [t("whoami.context"), context ?? t("whoami.fromEnvironment")],
  ];
}

/** `whoami` and `me show`: the signed-in admin's profile, the server and the context. */
export async function whoami(cli: CliContext, opts: WhoamiOptions): Promise<void> {
  const out = cli.output(Boolean(opts.json));
  const connection = connectionOf(cli, { ...(opts.context ? { context: opts.context } : {}), needToken: true });
  const me = await apiClient(cli, connection).me();
  out.result(me, () => out.fields(profileFields(cli.t, me, connection.url, connection.context)));
}

/** Registers login, logout and whoami on the program. */
export function registerAuthCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  program
    .command("login")
    .description(t("login.description"))
    .argument("[url]", t("login.argUrl"))
    .option("-u, --username <username>", t("login.optUsername"))
    .option("--password-stdin", t("login.optPasswordStdin"))
    .option("--token-stdin", t("login.optTokenStdin"))
    .option("--otp-stdin", t("login.optOtpStdin"))
    .option("--context <name>", t("login.optContext"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "login.examples"))
    .action((url: string | undefined, opts: LoginOptions) => login(cli, url, opts));

  program
    .command("logout")
    .description(t("logout.description"))
    .option("--context <name>", t("logout.optContext"))
    .option("--forget", t("logout.optForget"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "logout.examples"))
    .action((opts: LogoutOptions) => logout(cli, opts));

  program
    .command("whoami")
    .description(t("whoami.description"))
    .option("--context <name>", t("options.context"))
    .option("--json", t("options.json"))
    .addHelpText("after", examples(t, "whoami.examples"))
    .action((opts: WhoamiOptions) => whoami(cli, opts));
}
