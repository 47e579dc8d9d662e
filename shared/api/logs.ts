/**
 * The access-log calls of docs/API.md ("Access log"), built on the shared transport: the list
 * (`GET /v2/logs`) the /logs island pages through. Replies are parsed with the schemas below.
 */
import { z } from "zod";
import { LOG_OUTCOMES, type LogListQuery } from "../schemas/logs";
import { listResponseSchema, type ListResponse } from "../schemas/list";
import { listQueryString } from "./query";
import { createTransport, type ApiClientOptions } from "./transport";

const text = z.string().nullable();

/** One entry of `GET /v2/logs`: who, what, on what, where from, and the recorded details. */
export const LogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(LOG_OUTCOMES),
  actor: z.object({ username: text, uid: text }),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  team: text,
  ip: text,
  userAgent: text,
  requestId: text,
  details: z.unknown(),
  /** Names of the accounts the target and details mention, by uid (lower case); absent in exports. */
  names: z.record(z.string(), z.string()).optional(),
});
/** An access-log entry as the API presents it. */
export type LogEntryItem = z.infer<typeof LogEntrySchema>;

/** `GET /v2/logs`: a page of entries. */
export const LogListResponseSchema = listResponseSchema(LogEntrySchema);
/** A page of access-log entries. */
export type LogListResponse = ListResponse<LogEntryItem>;

/** The list query as a client may give it: every part optional. */
export type LogListParams = Partial<LogListQuery>;

/** The access-log calls. */
export interface LogsApi {
  /** `GET /v2/logs`: filters and keyset paging within the caller's scope. */
  list(params?: LogListParams): Promise<LogListResponse>;
}

/** Builds the access-log calls bound to one server and one credential. */
export function createLogsApi(options: ApiClientOptions = {}): LogsApi {
  const call = createTransport(options);
  return {
    list: (params = {}) => call("logsList", "GET", `/v2/logs${listQueryString(params)}`, LogListResponseSchema),
  };
}
