/**
 * The export calls of docs/API.md ("Export"): `GET /v2/<list>/export` answered as a file, not
 * JSON, so they are not built on the JSON transport: the caller gets the body as a stream and
 * writes it where it wants (the CLI to a file or standard output) without holding it in memory.
 * Errors are the catalogue envelope, turned into ApiError with the export's prefix.
 */
import type { ActionPrefix } from "../errors";
import type { ExportResource } from "../schemas/export";
import { ApiError, readErrorEnvelope } from "./errors";
import { listQueryString } from "./query";
import type { ApiClientOptions } from "./transport";

/** The catalogue prefix of each list's export. */
export const EXPORT_PREFIXES: Readonly<Record<ExportResource, ActionPrefix>> = {
  users: "usersExport",
  admins: "adminsExport",
  teams: "teamsExport",
  licenses: "licensesExport",
  invites: "invitesExport",
  logs: "logsExport",
};

/** An export's answer: the file's body as a stream, and its type and suggested name. */
export interface ExportDownload {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string | null;
}

/** The export call. */
export interface ExportApi {
  /** `GET /v2/<resource>/export?<params>` (the list's filters and the file's options). */
  download(resource: ExportResource, params: Readonly<Record<string, string | number | boolean | undefined>>): Promise<ExportDownload>;
}

/** Builds the export call bound to one server and one credential. */
export function createExportApi(options: ApiClientOptions = {}): ExportApi {
  const base = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async download(resource, params) {
      const prefix = EXPORT_PREFIXES[resource];
      const headers: Record<string, string> = { Accept: "text/csv, application/x-ndjson, application/json" };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let response: Response;
      try {
        response = await doFetch(`${base}/v2/${resource}/export${listQueryString(params)}`, {
          method: "GET",
          headers,
          credentials: "same-origin",
        });
      } catch (cause) {
        throw new ApiError({ status: 0, prefix, cause });
      }
      if (!response.ok || !response.body) {
        let data: unknown;
        try {
          data = JSON.parse(await response.text()) as unknown;
        } catch {
          data = undefined;
        }
        throw new ApiError({ status: response.status, prefix, ...readErrorEnvelope(data) });
      }
      const disposition = response.headers.get("content-disposition") ?? "";
      return {
        body: response.body,
        contentType: response.headers.get("content-type") ?? "",
        fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
      };
    },
  };
}
