/**
 * The messages between an import and its reader thread (./reader, ./readerWorker). The thread
 * asks for bytes one chunk at a time and waits for each batch to be taken, so what it holds is
 * bounded by a chunk and a batch, as when the file was read on the event loop.
 */
import type { CatalogueCode } from "../../../../shared/errors";
import type { PlannedRow } from "./check";
import type { ReadSummary } from "./csv";

/** What the reader thread is started with. */
export interface ReaderStart {
  /** The charset the body's media type names (./csv decodes it). */
  charset: string;
}

/** To the reader thread: the next chunk of the body, its end, or that a batch was taken. */
export type ToReader = { type: "chunk"; bytes: Uint8Array } | { type: "end" } | { type: "taken" };

/** A failure inside the reader thread, as it crosses to the import: a catalogue error, an HTTP refusal (charset), or anything else. */
export type ReaderFailure =
  | { kind: "app"; code: CatalogueCode; status: number; details: unknown }
  | { kind: "http"; message: string; status: number; type: string }
  | { kind: "other"; message: string };

/** From the reader thread: a request for bytes, a batch of checked rows, the file's summary, or its failure. */
export type FromReader =
  | { type: "pull" }
  | { type: "batch"; rows: PlannedRow[] }
  | { type: "done"; summary: ReadSummary }
  | { type: "failed"; failure: ReaderFailure };
