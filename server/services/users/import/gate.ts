/**
 * How many users imports (previews and applies) run at once (issue #32: eight parallel 10 MB
 * previews held /healthz for 13.8 s). Parsing and checking a file is CPU work (in a reader thread
 * each, ./reader) and classifying it is database work on the event loop, so the process runs a
 * bounded number: one per administrator and IMPORT_SLOTS in all.
 * Beyond, 429 `usersImport429` with Retry-After (the error handler sets it for every 429).
 */
import { AppError } from "../../../errors";

/** chosen: imports running at once in one process (each is CPU-bound; a 2-core host). */
export const IMPORT_SLOTS = 2;
/** chosen: imports one administrator runs at once. */
export const IMPORT_SLOTS_PER_ADMIN = 1;

const running = new Map<number, number>();
let total = 0;

/** Takes a slot for `adminId` or refuses with 429; the caller must call the release returned. */
export function takeImportSlot(adminId: number): () => void {
  const mine = running.get(adminId) ?? 0;
  if (mine >= IMPORT_SLOTS_PER_ADMIN || total >= IMPORT_SLOTS) {
    throw new AppError("usersImport429", 429, { reason: mine >= IMPORT_SLOTS_PER_ADMIN ? "admin" : "instance" });
  }
  running.set(adminId, mine + 1);
  total += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total -= 1;
    const left = (running.get(adminId) ?? 1) - 1;
    if (left > 0) running.set(adminId, left);
    else running.delete(adminId);
  };
}

/** Runs `work` in a slot of `adminId` (see takeImportSlot). */
export async function inImportSlot<T>(adminId: number, work: () => Promise<T>): Promise<T> {
  const release = takeImportSlot(adminId);
  try {
    return await work();
  } finally {
    release();
  }
}
