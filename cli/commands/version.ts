/**
 * `bulwark --version`: the CLI's version and, when a server is configured and answers quickly,
 * the server's (`GET /v2/public/settings`), so an operator can spot a mismatch at a glance.
 * An unreachable or unconfigured server is not an error here: only the CLI line is printed.
 */
import { APP_VERSION } from "../../shared/limits";
import type { CliContext } from "../runtime";
import { apiClient } from "../apiClient";
import { connectionOf } from "../connection";

/** How long `--version` waits for the server before printing the CLI line alone. */
export const VERSION_TIMEOUT_MS = 2_000;

/** The `--version --json` document. */
export interface VersionJson {
  cli: string;
  /** The server's version; null when no server is configured or it did not answer. */
  server: string | null;
  url: string | null;
}

/** Looks up the server version; null on any failure (no context, damaged file, timeout, refusal). */
export async function serverVersion(cli: CliContext): Promise<{ url: string; version: string } | null> {
  try {
    const connection = connectionOf(cli, { needToken: false });
    const settings = await apiClient(cli, connection, { timeoutMs: VERSION_TIMEOUT_MS, retries: 0 }).publicSettings();
    return { url: connection.url, version: settings.version };
  } catch {
    return null;
  }
}

/** Prints `bulwark <version>` and, when known, `server <version>`. */
export async function printVersion(cli: CliContext, json: boolean): Promise<void> {
  const out = cli.output(json);
  const server = await serverVersion(cli);
  const doc: VersionJson = { cli: APP_VERSION, server: server?.version ?? null, url: server?.url ?? null };
  out.result(doc, () => {
    out.line(`bulwark ${APP_VERSION}`);
    if (server) out.line(`server ${server.version}`);
  });
}
