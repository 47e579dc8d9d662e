/**
 * The import's reader thread (issue #32): parses the CSV (./csv) and checks its rows (./check)
 * off the server's event loop, so eight large previews leave /healthz and every other request
 * their turns. Started by ./reader; bytes come from it on request and checked batches go back to
 * it, one at a time. Built as its own file (scripts/build.mjs: dist/server/importReader.js).
 */
import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../../../errors";
import { rowChecker } from "./check";
import { readImportFile, type ImportBody } from "./csv";
import type { FromReader, ReaderFailure, ReaderStart, ToReader } from "./readerProtocol";

const port = parentPort;
if (!port) throw new Error("the import reader runs as a worker thread (./reader starts it)");
const start = workerData as ReaderStart;

let chunkReply: ((message: Exclude<ToReader, { type: "taken" }>) => void) | null = null;
let takenReply: (() => void) | null = null;
port.on("message", (message: ToReader) => {
  if (message.type === "taken") takenReply?.();
  else chunkReply?.(message);
});

function send(message: FromReader): void {
  port!.postMessage(message);
}

/** The body's chunks, each asked for when the parser wants it. */
const chunks: AsyncIterable<Uint8Array> = {
  async *[Symbol.asyncIterator]() {
    for (;;) {
      const reply = await new Promise<Exclude<ToReader, { type: "taken" }>>((resolve) => {
        chunkReply = resolve;
        send({ type: "pull" });
      });
      if (reply.type === "end") return;
      yield reply.bytes;
    }
  },
};

/** A failure as it crosses to the import (see ReaderFailure). */
function failureOf(error: unknown): ReaderFailure {
  if (error instanceof AppError) return { kind: "app", code: error.code, status: error.status, details: error.details };
  if (error instanceof Error && "status" in error && "type" in error) {
    return { kind: "http", message: error.message, status: Number(error.status), type: String(error.type) };
  }
  return { kind: "other", message: error instanceof Error ? error.message : String(error) };
}

const body: ImportBody = { chunks, charset: start.charset, read: () => Promise.resolve(true) };
const check = rowChecker();
readImportFile(
  body,
  (rows) =>
    new Promise<void>((resolve) => {
      takenReply = resolve;
      send({ type: "batch", rows: check(rows) });
    }),
).then(
  (summary) => send({ type: "done", summary }),
  (error: unknown) => send({ type: "failed", failure: failureOf(error) }),
);
