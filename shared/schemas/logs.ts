/** `GET /v2/logs`: the access log, newest first, filtered by action prefix, outcome or text. */
import { z } from "zod";
import { ListQuerySchema, search } from "./list";
import { oneOf, str } from "./builders";

/** Outcomes the access log records. */
export const LOG_OUTCOMES = ["success", "failure"] as const;

/** Query of the access-log list. */
export const LogListQuerySchema = ListQuerySchema.extend(
  {
    search,
    /** Entries whose action starts with this (e.g. `admin.` or `team.create`). */
    action: str({ trim: true }).max(64).regex(/^[a-zA-Z.]+$/, { message: "validation.invalid" }).optional(),
    outcome: oneOf(LOG_OUTCOMES).optional(),
  },
).strip();
/** Access-log query. */
export type LogListQuery = z.infer<typeof LogListQuerySchema>;

