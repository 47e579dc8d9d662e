/**
 * A request body read as a stream, for a route that handles its bytes as they arrive instead of
 * holding the whole body (the users import, issue #32): what body-parser did for it, chunk by
 * chunk — the Content-Length checked against the limit up front, gzip/deflate/br bodies inflated,
 * the bytes counted against the limit as they come (413), the charset of the media type, and the
 * Idempotency-Key claimed with the raw body's SHA-256 once the last byte is read.
 */
import { createHash, type Hash } from "node:crypto";
import type { Readable, Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { claimStreamedBody, keyPending } from "./idempotency";

/** A body being read: its bytes, its charset, and `read()` (see {@link streamedBody}). */
export interface StreamedBody {
  chunks: AsyncIterable<Uint8Array>;
  charset: string;
  /**
   * Called once the route has read every byte it wants: claims a pending Idempotency-Key with the
   * body's fingerprint (reading the rest first, if the route stopped early) and answers false when
   * the answer was sent there (a replay). Without a key there is nothing to claim: true.
   */
  read(): Promise<boolean>;
}

/** chosen: bytes queued ahead of the reader before the socket is paused (back-pressure). */
const QUEUED_BYTES = 256 * 1024;

/** An error the API's error handler answers with its status, as body-parser's (413 → payloadTooLarge, 415/400 → badParameters). */
function plumbing(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, type, expose: true });
}

/** The charset the media type names (lower case), UTF-8 when none. */
function charsetOf(req: Request): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers["content-type"] ?? "");
  return match?.[1]?.toLowerCase() ?? "utf-8";
}

/** The inflating stream Content-Encoding asks for (null: identity); 415 for an encoding body-parser refused too. */
function inflaterOf(req: Request): Transform | null {
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding === "identity") return null;
  const inflate =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : null;
  if (!inflate) throw plumbing(415, "encoding.unsupported", `unsupported content encoding "${encoding}"`);
  return inflate;
}

/**
 * Starts reading `req`'s body as a stream of at most `limit` bytes (after inflating). Throws 413
 * at once when the Content-Length says more. Once the answer is sent, bytes nobody read are
 * discarded, so the connection stays usable.
 */
export function streamedBody(req: Request, res: Response, db: Kysely<Database>, limit: number): StreamedBody {
  const declared = Number(req.headers["content-length"]);
  if (req.headers["content-encoding"] === undefined && Number.isFinite(declared) && declared > limit) {
    throw plumbing(413, "entity.too.large", "request entity too large");
  }
  const inflater = inflaterOf(req);
  const source: Readable = inflater ? req.pipe(inflater) : req;
  const hash: Hash | null = req.headers["idempotency-key"] === undefined ? null : createHash("sha256");
  const queue: Buffer[] = [];
  let queued = 0;
  let received = 0;
  let ended = false;
  let failure: Error | null = null;
  // The import's reader and read() may both wait for the next chunk.
  let waiting: Array<() => void> = [];
  const notify = () => {
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
  const onData = (chunk: Buffer) => {
    queue.push(chunk);
    queued += chunk.length;
    if (queued > QUEUED_BYTES) source.pause();
    notify();
  };
  source.on("data", onData);
  source.once("end", () => ((ended = true), notify()));
  source.once("error", (error: Error) => ((failure ??= plumbing(400, "request.aborted", error.message)), notify()));
  req.once("close", () => {
    if (!req.complete) failure ??= plumbing(400, "request.aborted", "request aborted");
    notify();
  });
  // Answered before the body was read to its end (a refusal, a replay): discard the rest.
  res.once("finish", () => {
    if (ended) return;
    failure ??= plumbing(400, "request.aborted", "answered before the body was read");
    notify();
    source.off("data", onData);
    queue.length = 0;
    if (inflater) {
      req.unpipe(inflater);
      inflater.destroy();
    }
    req.resume();
  });

  const next = async (): Promise<IteratorResult<Uint8Array>> => {
    for (;;) {
      if (failure) throw failure;
      const chunk = queue.shift();
      if (chunk) {
        queued -= chunk.length;
        if (queued <= QUEUED_BYTES / 2 && source.isPaused()) source.resume();
        received += chunk.length;
        if (received > limit) {
          failure = plumbing(413, "entity.too.large", "request entity too large");
          throw failure;
        }
        hash?.update(chunk);
        return { done: false, value: chunk };
      }
      if (ended) return { done: true, value: undefined };
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  // A reader that stops early does not end the body: read() may still need the rest.
  const iterator: AsyncIterator<Uint8Array> = { next, return: () => Promise.resolve({ done: true, value: undefined }) };
  let settled: Promise<boolean> | null = null;
  const settle = async (): Promise<boolean> => {
    if (!keyPending(req)) return true;
    while (!(await next()).done);
    return claimStreamedBody(db, req, res, (hash ?? createHash("sha256")).digest("hex"));
  };
  return {
    chunks: { [Symbol.asyncIterator]: () => iterator },
    charset: charsetOf(req),
    read: () => (settled ??= settle()),
  };
}
