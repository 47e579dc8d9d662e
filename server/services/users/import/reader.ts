/**
 * Reading and checking an import file in a thread of its own (issue #32: eight large previews
 * held /healthz for seconds; parsing and the row checks were most of the server's CPU). The
 * thread (./readerWorker) parses and checks; this side feeds it the body a chunk at a time,
 * hands each checked batch to the caller and waits for it before the thread goes on, so the
 * database's side (./plan) and the memory bounds stay as they were. The body's own failures (too
 * large, aborted) are thrown as they are; the file's refusals come back as the same AppError.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { AppError } from "../../../errors";
import type { PlannedRow } from "./check";
import type { ImportBody, ReadSummary } from "./csv";
import type { FromReader, ReaderFailure, ReaderStart, ToReader } from "./readerProtocol";

/**
 * chosen: the reader thread's heap. A batch is at most 1,000 rows of at most 64 KiB each, and the
 * usernames seen live outside the heap (./seen); a file past this fails alone (503) instead of
 * taking the server's memory.
 */
const READER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256 };

/**
 * The thread's code: the file beside the production bundle (dist/server/importReader.js, from
 * any bundle under dist/), or — in development and tests, where this file is itself the source —
 * a few lines that register tsx in the thread and import the TypeScript source (a worker does not
 * inherit the loader its parent was started with).
 */
function readerCode(): { code: string | URL; eval: boolean } {
  if (import.meta.url.endsWith(".ts")) {
    const tsxRoot = createRequire(import.meta.url)
      .resolve("tsx/package.json")
      .replace(/package\.json$/, "");
    const api = pathToFileURL(`${tsxRoot}dist/esm/api/index.mjs`).href;
    const source = new URL("./readerWorker.ts", import.meta.url).href;
    const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
    return { code, eval: true };
  }
  const url = new URL("../server/importReader.js", import.meta.url);
  if (!existsSync(url)) throw new Error(`the import reader is missing from the build: ${url.pathname} (run npm run build)`);
  return { code: url, eval: false };
}

/** The reader thread's failure as the error the import throws. */
function reviveFailure(failure: ReaderFailure): Error {
  if (failure.kind === "app") return new AppError(failure.code, failure.status, failure.details);
  if (failure.kind === "http") return Object.assign(new Error(failure.message), { status: failure.status, type: failure.type });
  return new Error(`import reader: ${failure.message}`);
}

/** The thread's end without an answer: out of memory is the file's size (503, retry later), anything else a fault. */
function threadFailure(error: Error): Error {
  if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") return new AppError("unavailable", 503);
  return error;
}

/** Options for tests: a smaller heap for the thread, to see it fail. */
export interface ReaderOptions {
  resourceLimits?: ResourceLimits;
}

/**
 * Reads `body` as an import file in the reader thread and hands its checked rows to `onBatch`
 * in file order, awaiting each (see ./csv readImportFile for what is refused). Company slugs are
 * shared between rows again here (each crossed the thread boundary as its own copy).
 */
export function readCheckedFile(
  body: ImportBody,
  onBatch: (rows: PlannedRow[]) => Promise<void>,
  options: ReaderOptions = {},
): Promise<ReadSummary> {
  const entry = readerCode();
  const start: ReaderStart = { charset: body.charset };
  const worker = new Worker(entry.code, {
    eval: entry.eval,
    workerData: start,
    resourceLimits: options.resourceLimits ?? READER_LIMITS,
  });
  const chunks = body.chunks[Symbol.asyncIterator]();
  const slugs = new Map<string, string>();
  const send = (message: ToReader, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  return new Promise<ReadSummary>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      finish();
    };
    const fail = (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error))));
    const pull = async () => {
      const next = await chunks.next();
      if (settled) return;
      if (next.done) return send({ type: "end" });
      // A copy: the chunk may share its memory with other buffers, which a transfer would take away.
      const bytes = new Uint8Array(next.value);
      send({ type: "chunk", bytes }, [bytes.buffer]);
    };
    const take = async (rows: PlannedRow[]) => {
      for (const row of rows) {
        if (!row.input) continue;
        const team = slugs.get(row.input.team) ?? row.input.team;
        if (slugs.size < 10_000) slugs.set(team, team);
        if (row.team === row.input.team) row.team = team;
        row.input.team = team;
      }
      await onBatch(rows);
      if (!settled) send({ type: "taken" });
    };
    worker.on("message", (message: FromReader) => {
      if (message.type === "pull") pull().catch(fail);
      else if (message.type === "batch") take(message.rows).catch(fail);
      else if (message.type === "done") settle(() => resolve(message.summary));
      else fail(reviveFailure(message.failure));
    });
    worker.on("error", (error) => fail(threadFailure(error)));
    worker.on("exit", (code) => fail(new Error(`import reader stopped (exit code ${code}) before the file was read`)));
  });
}
