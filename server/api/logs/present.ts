/**
 * Access-log entries as the API and the pages show them (docs/API.md "Access log"): the time as
 * ISO 8601 UTC, the actor and the target as objects, the team by slug. The export's log columns
 * read these same items.
 */
import type { LogEntryItem } from "../../../shared/api/logs";
import type { ListResponse } from "../../../shared/schemas/list";
import type { LogRecord } from "../../services/accessLog";

/** One entry of `GET /v2/logs`. */
export function presentLogEntry(row: LogRecord): LogEntryItem {
  return {
    id: row.id,
    at: new Date(row.createdAt).toISOString(),
    action: row.action,
    outcome: row.outcome,
    actor: { username: row.actorUsername, uid: row.actorUid },
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    team: row.teamSlug,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    details: row.details,
  };
}

/** A page of `GET /v2/logs`. */
export function presentLogPage(page: ListResponse<LogRecord>): ListResponse<LogEntryItem> {
  return { total: page.total, nextCursor: page.nextCursor, items: page.items.map(presentLogEntry) };
}
