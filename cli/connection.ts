import { readConfig } from "./config";
import { CliError, usageError } from "./errors";
import { normaliseUrl, overrides, type CliContext, type Connection } from "./runtime";

/**
 * Where a command connects: `--url`/`--token` or `BULWARK_URL`/`BULWARK_TOKEN` (CI mode, no file),
 * else the named or current context of the config file. `needToken` refuses (exit 3) when no
 * token is known. Outside cli/runtime.ts because reading the file validates it with zod, which a
 * run that calls no server (`--help`) should not load.
 */
export function connectionOf(cli: CliContext, { context, needToken }: { context?: string; needToken: boolean }): Connection {
  const { t, io } = cli;
  const given = overrides(cli.globals(), io.env);
  if (given.token && !given.url) throw usageError(t("errors.tokenWithoutUrl"));
  if (given.url && (given.token || !needToken) && context === undefined) {
    return { url: normaliseUrl(given.url, t), token: given.token, context: null };
  }
  if (given.url && needToken && context === undefined) throw new CliError("notSignedIn", t("errors.urlWithoutToken"));
  const config = readConfig(io.env);
  const name = context ?? config.current;
  if (!name) throw new CliError("notSignedIn", t("errors.notSignedIn"));
  const stored = config.contexts[name];
  if (!stored) throw new CliError("contextNotFound", t("errors.contextNotFound", { context: name }));
  if (needToken && !stored.token) throw new CliError("notSignedIn", t("errors.signedOut", { context: name, url: stored.url }));
  return { url: stored.url, token: stored.token, context: name };
}
