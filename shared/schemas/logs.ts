/** `GET /v2/logs`: the access log, newest first, filtered by actor, action, target, team, outcome, time or text. */
import type { z } from "zod";
import { maxLength } from "../limits";
import { ListQuerySchema, search } from "./list";
import { oneOf, str } from "./builders";
import { V } from "./messages";
import { slug } from "./primitives";

/** Outcomes the access log records. */
export const LOG_OUTCOMES = ["success", "failure"] as const;

/** An instant with its offset (`2026-11-26T12:00:00Z`, `…+01:00`): a time-range bound. */
const instant = str({ trim: true })
  .max(40, { error: V.tooLong })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/, {
    error: V.invalid,
  })
  .refine((value) => Number.isFinite(Date.parse(value)), { error: V.invalid });

/** The access log's filters (no paging): what the page, the export and the CLI send. */
export const logFilterShape = {
  search,
  /** Entries whose action starts with this (e.g. `admin.` or `team.create`). */
  action: str({ trim: true })
    .max(64)
    .regex(/^[a-zA-Z.]+$/, { message: V.invalid })
    .optional(),
  outcome: oneOf(LOG_OUTCOMES).optional(),
  /** Entries whose actor's username contains this. */
  actor: str({ trim: true }).max(maxLength.username, { error: V.tooLong }).optional(),
  /** Entries whose target id (a uid, slug or username) contains this. */
  target: str({ trim: true }).max(maxLength.search, { error: V.tooLong }).optional(),
  /** Entries of this team (by slug); a team outside the reader's scope matches nothing. */
  team: slug.optional(),
  /** Entries at or after this instant. */
  from: instant.optional(),
  /** Entries before this instant. */
  to: instant.optional(),
};

/** The names of the access log's filters, in the order links and the CLI list them. */
export const LOG_FILTER_FIELDS = ["search", "action", "outcome", "actor", "target", "team", "from", "to"] as const;

/** Query of the access-log list. */
export const LogListQuerySchema = ListQuerySchema.extend(logFilterShape).strip();
/** Access-log query. */
export type LogListQuery = z.infer<typeof LogListQuerySchema>;
