/**
 * Access-log entries as the API and the pages show them (docs/API.md "Access log"): the time as
 * ISO 8601 UTC, the actor and the target as objects, the team by slug. The export's log columns
 * read these same items.
 */
import type { LogEntryItem } from "../../../shared/api/logs";
import type { ListResponse } from "../../../shared/schemas/list";
import type { LogRecord } from "../../services/accessLog";

/** One entry of `GET /v2/logs` (and of the export, which carries no names). */
export function presentLogEntry(row: LogRecord): LogEntryItem {
  return presentNamedLogEntry(row, undefined);
}

/** One entry with the names of the accounts it mentions (the page's `logNames`), when any. */
function presentNamedLogEntry(row: LogRecord, names: Readonly<Record<string, string>> | undefined): LogEntryItem {
  const mentioned = names ? namesFor(row, names) : undefined;
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
    ...(mentioned && Object.keys(mentioned).length > 0 ? { names: mentioned } : {}),
  };
}

/** The part of a page's names one entry mentions (its target and any uid in its details). */
function namesFor(row: LogRecord, names: Readonly<Record<string, string>>): Record<string, string> {
  const text = `${row.targetId ?? ""} ${JSON.stringify(row.details ?? null)}`.toLowerCase();
  return Object.fromEntries(Object.entries(names).filter(([uid]) => text.includes(uid)));
}

/** A page of `GET /v2/logs`, with the names of the accounts its entries mention (logNames: one query). */
export function presentLogPage(page: ListResponse<LogRecord>, names?: Readonly<Record<string, string>>): ListResponse<LogEntryItem> {
  return { total: page.total, nextCursor: page.nextCursor, items: page.items.map((row) => presentNamedLogEntry(row, names)) };
}
