/**
 * Sudo mode in the CLI (issue #29): when a command's call is answered 403 `reauthRequired`, a
 * terminal asks for the password (and a two-step verification code when the account has one),
 * POST /v2/me/reauth answers a replacement token, stored in the context, and the call is made once
 * more. Unattended (standard input is not a terminal) nothing is asked: the command fails with the
 * server's message and exit 3 (authentication), after a hint saying how to run it.
 */
import { createMfaApi } from "../shared/api/mfa";
import { asksForCode, type ReauthHandler } from "../shared/api/reauth";
import { sha512Hex } from "../shared/crypto";
import { updateConfig } from "./config";
import { ask, askPassword } from "./prompt";
import type { CliContext, Connection } from "./runtime";

/** The re-authentication handler of one connection's API clients. */
export function cliReauthHandler(cli: CliContext, connection: Connection): ReauthHandler {
  return async (challenge) => {
    const { t, io } = cli;
    if (!io.stdin.isTTY) {
      io.stderr.write(`${t("reauth.unattended")}\n`);
      return null;
    }
    io.stderr.write(`${t("reauth.intro")}\n`);
    const plain = await askPassword(io.stdin, io.stderr, t("login.promptPassword"));
    const code = asksForCode(challenge) ? (await ask(io.stdin, io.stderr, `${t("login.promptOtp")} `)).trim() : "";
    const api = createMfaApi({
      baseUrl: connection.url,
      ...(connection.token ? { token: connection.token } : {}),
      fetch: cli.fetch(),
      onReauth: false,
    });
    const { token } = await api.reauth({ password: await sha512Hex(plain), ...(code ? { code } : {}) });
    if (!token) return {};
    const name = connection.context;
    // The stored context keeps the new token: the next dangerous command within the window asks nothing.
    if (name) {
      updateConfig(io.env, (config) => {
        const stored = config.contexts[name];
        return stored ? { ...config, contexts: { ...config.contexts, [name]: { ...stored, token } } } : config;
      });
    }
    return { token };
  };
}
