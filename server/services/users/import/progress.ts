/**
 * What this process knows of the imports it runs that the database does not show yet (issue
 * #32): an all-or-nothing import commits only at its end, and an import's row exists only once
 * its whole file has been read and checked.
 */
import type { ImportStatus } from "../../../../shared/api/userImport";
import { IMPORT_OUTCOMES } from "../../../../shared/schemas/userImport";

/** Progress of the imports this process is running (an all-or-nothing import commits only at its end). */
export const liveProgress = new Map<string, number>();

/**
 * Imports this process is still reading, before their row exists (the whole file is read and
 * checked before the import is claimed): a poll of one answers it running with nothing processed
 * yet, instead of 404 while a large file uploads (or the reader thread starts).
 */
export const reading = new Map<string, { adminId: number; allOrNothing: boolean; since: number }>();

/** The state of an import still being read (see `reading`). */
export function readingStatus(uid: string, pending: { allOrNothing: boolean; since: number }): ImportStatus {
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((outcome) => [outcome, 0])) as ImportStatus["counts"];
  return {
    id: uid,
    status: "running",
    allOrNothing: pending.allOrNothing,
    total: 0,
    processed: 0,
    counts,
    errorCode: null,
    errors: {},
    createdOn: new Date(pending.since).toISOString(),
    finishedOn: null,
  };
}
