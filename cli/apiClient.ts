import { createApiClient, type ApiClient } from "../shared/api";
import type { CallSettings } from "./http/fetch";
import type { CliContext, Connection } from "./runtime";
import { cliReauthHandler } from "./reauth";

/**
 * The shared API client for a connection, through the run's HTTP layer (time limit, retries,
 * proxy, CA). Kept out of cli/runtime.ts, which every run loads, because the client brings every
 * resource's schemas (and zod) with it: only the commands that call the API import this.
 */
export function apiClient(cli: CliContext, connection: Connection, call?: CallSettings): ApiClient {
  return createApiClient({
    baseUrl: connection.url,
    ...(connection.token ? { token: connection.token } : {}),
    fetch: cli.fetch(call),
    onReauth: cliReauthHandler(cli, connection),
  });
}
