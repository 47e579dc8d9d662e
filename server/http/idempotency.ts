import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { IdempotencyStore, type StoredAnswer } from "../db/stores/idempotencyStore";
import { AppError } from "../errors";
import { principalKey } from "./auth";

/** The methods a key applies to (the IETF httpapi draft's non-idempotent ones, and DELETE as the issue asks). */
const WRITES: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** 1–255 printable ASCII characters (space to tilde). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
/** The answer headers a replay carries besides the body: where a created item is, when to retry. */
const KEPT_HEADERS = ["location", "retry-after"] as const;
/** Where the body parsers leave the SHA-256 of the raw body (only when the request has a key). */
const BODY_HASH = Symbol("idempotencyBodyHash");
/** Set on a request whose body its route reads itself: that route claims the key after reading it. */
const PENDING = Symbol("idempotencyPending");

type HashedRequest = IncomingMessage & { [BODY_HASH]?: string; [PENDING]?: true };

/**
 * A body parser's `verify` option: keeps the SHA-256 of the raw bytes of a request that carries
 * an Idempotency-Key, so the fingerprint is the bytes the client sent, not a re-serialization.
 */
export function keepBodyHash(req: IncomingMessage, _res: unknown, raw: Buffer): void {
  if (req.headers["idempotency-key"] === undefined) return;
  (req as HashedRequest)[BODY_HASH] = createHash("sha256").update(raw).digest("hex");
}

/** A request whose body is still in the socket: its route reads it later (the CSV import). */
function bodyUnread(req: Request): boolean {
  const length = req.headers["content-length"];
  const hasBody = req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
  return hasBody && req.readable && (req as HashedRequest)[BODY_HASH] === undefined;
}

/** SHA-256 of the method, the path with its query, and the raw body's SHA-256 (an empty body's when none). */
function fingerprintOf(req: Request): string {
  const bodyHash = (req as HashedRequest)[BODY_HASH] ?? createHash("sha256").digest("hex");
  return createHash("sha256").update(`${req.method} ${req.originalUrl}\n${bodyHash}`).digest("hex");
}

/**
 * 2xx and 4xx answers are final; a 5xx, a 408 or a 429 (try later) releases the key, and so does
 * 403 `reauthRequired` (sudo mode, issue #29): the client confirms the password and retries the
 * same request with the same key, which must run then, not replay the refusal.
 */
function isFinal(status: number, body: unknown): boolean {
  if (status === 403 && (body as { error?: { code?: unknown } } | null)?.error?.code === "reauthRequired") return false;
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429);
}

function keptHeaders(res: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

function replay(res: Response, answer: StoredAnswer): void {
  res.status(answer.status).set(answer.headers).set("Idempotent-Replayed", "true");
  res.set("Content-Type", "application/json; charset=utf-8").send(answer.body);
}

/**
 * Runs the request as the holder of (principal, key): its JSON answer is stored before it is sent
 * when final, else the key is released before it is sent (so a client's immediate retry runs
 * again); an answer that is not JSON (a stream, an empty 204) releases the key when it ends.
 */
function runHolding(store: IdempotencyStore, principal: string, key: string, claimedAt: number, req: Request, res: Response): void {
  const send = res.json.bind(res);
  let settled = false;
  const sendNow = (body: unknown): void => {
    if (!res.headersSent) send(body);
  };
  res.json = (body: unknown) => {
    if (settled) return send(body);
    settled = true;
    const status = res.statusCode;
    const saved = isFinal(status, body)
      ? store.store(principal, key, claimedAt, { status, headers: keptHeaders(res), body: JSON.stringify(body ?? null) })
      : store.release(principal, key, claimedAt);
    saved.then(
      () => sendNow(body),
      (error: unknown) => {
        req.log.warn({ err: error }, "idempotency answer not kept");
        sendNow(body);
      },
    );
    return res;
  };
  res.once("close", () => {
    if (settled) return;
    settled = true;
    store.release(principal, key, claimedAt).catch((error: unknown) => req.log.warn({ err: error }, "idempotency key not released"));
  });
}

async function claimAndRun(
  db: Kysely<Database>,
  now: () => number,
  principal: string,
  key: string,
  req: Request,
  res: Response,
): Promise<void> {
  const store = new IdempotencyStore(db, now);
  const claim = await store.claim(principal, key, fingerprintOf(req));
  if (claim.kind === "mismatch") throw new AppError("idempotencyKeyReused", 422);
  if (claim.kind === "inFlight") {
    res.set("Retry-After", "1");
    throw new AppError("idempotencyKeyInFlight", 409);
  }
  if (claim.kind === "replay") return replay(res, claim.answer);
  runHolding(store, principal, key, claim.claimedAt, req, res);
}

/** The key of a write by an authenticated principal, or null when the request has none (nothing changes). */
function keyOf(req: Request, res: Response): { principal: string; key: string } | null {
  if (!WRITES.has(req.method)) return null;
  const key = req.get("idempotency-key");
  if (key === undefined) return null;
  if (!VALID_KEY.test(key)) throw new AppError("idempotencyKeyInvalid", 400);
  const principal = principalKey(res);
  return principal === null ? null : { principal, key };
}

/**
 * `Idempotency-Key` for the authenticated /v2 writes (docs/API.md "Idempotency and rate limits"):
 * mounted after authentication, it replays a stored answer (`Idempotent-Replayed: true`), refuses
 * a reused key with another request (422) or one still running (409 + Retry-After: 1), or lets the
 * request run holding the key. A request whose body its route reads itself is left to
 * {@link claimStreamedBody} on that route. Public calls have no principal and ignore the header.
 */
export function idempotency(db: Kysely<Database>, now: () => number = Date.now): RequestHandler {
  return (req, res, next) => {
    const held = keyOf(req, res);
    if (!held) return next();
    if (bodyUnread(req)) {
      (req as HashedRequest)[PENDING] = true;
      return next();
    }
    claimAndRun(db, now, held.principal, held.key, req, res).then(() => {
      if (!res.headersSent) next();
    }, next);
  };
}

/** Whether the router-level step left this request's key to its route (a body the route streams itself). */
export function keyPending(req: IncomingMessage): boolean {
  return (req as HashedRequest)[PENDING] === true;
}

/**
 * For a route that streams its own body (the CSV import, server/http/streamedBody.ts): once the
 * last byte is read, keeps the raw body's SHA-256 (`bodySha256`, computed as the bytes came) and
 * claims the key the router-level step left pending — replay, 422 for another body under the
 * key, 409 while it runs, as {@link idempotency}. Answers false when the answer was sent (a replay).
 */
export async function claimStreamedBody(
  db: Kysely<Database>,
  req: Request,
  res: Response,
  bodySha256: string,
  now: () => number = Date.now,
): Promise<boolean> {
  (req as HashedRequest)[BODY_HASH] = bodySha256;
  if (!keyPending(req)) return true;
  delete (req as HashedRequest)[PENDING];
  const held = keyOf(req, res);
  if (!held) return true;
  await claimAndRun(db, now, held.principal, held.key, req, res);
  return !res.headersSent;
}
