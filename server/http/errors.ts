import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { ZodError } from "zod";
import { isDatabaseUnavailable, isStorageFull, RETRY_AFTER_SECONDS, STORAGE_FULL_RETRY_AFTER_SECONDS } from "../db/unavailable";
import { DatabaseBusyError, isTransientConflict } from "../db/errors";
import { AppError, badParameters } from "../errors";
import { requestIdText } from "./request-id";
import { contentionAnswers } from "../lib/metrics";

/** The error envelope of DESIGN §3. */
export interface ErrorEnvelope {
  error: { code: string; status: number; message: string; details?: unknown; requestId?: string };
}

/** Seconds a client should wait before repeating a call refused for lock contention. */
export const CONTENTION_RETRY_AFTER_SECONDS = 1;

/** Any /v2 path that matches no route. */
export const apiNotFound: RequestHandler = (_req, _res, next) => next(new AppError("notFound", 404));

/**
 * The 4xx status of an error raised by the HTTP plumbing rather than by our code, which marks
 * them with a numeric `status` as Express's own final handler reads it: body-parser (malformed
 * JSON 400, too large 413, wrong charset 415), serve-static (a missing asset 404, a malformed
 * name 400) and wellFormedPath (400). Null for anything else, which is a fault of ours (500).
 */
export function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null || !("status" in error) || typeof error.status !== "number") return null;
  return error.status >= 400 && error.status < 500 ? error.status : null;
}

/** The envelope's code for a plumbing error: 413 and 404 keep their generic codes, the rest is a 400. */
function plumbingError(status: number): AppError {
  if (status === 413) return new AppError("payloadTooLarge", 413);
  return status === 404 ? new AppError("notFound", 404) : new AppError("badParameters", 400);
}

/**
 * Refuses a path whose percent-encoding is malformed (`/v2/admin/%ff`, `%E0%A4%A`) with a 400
 * before any router tries to decode a parameter of it; mounted in front of the API and the pages.
 */
export const wellFormedPath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(Object.assign(new URIError("malformed percent-encoding in the path"), { status: 400 }));
  }
  next();
};

/**
 * Writes the envelope for every API error: typed errors as they are, validation errors as 400,
 * malformed bodies and paths as 400, oversized bodies as 413, lock contention that outlived the
 * retries (or escaped a transaction without them) as 503 `contention` with Retry-After, a full disk
 * as 503 `storageFull` (Retry-After in minutes: nothing was written, space must be freed first), a
 * database that cannot serve now as 503 `unavailable` with Retry-After, anything else as a 500 with the
 * request id and never a stack.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = badParameters(error.issues);
    else if (clientErrorStatus(error) !== null) appError = plumbingError(clientErrorStatus(error)!);
    else if (error instanceof DatabaseBusyError || isTransientConflict(error)) {
      logger.warn({ err: error, reqId: req.id }, "refused for lock contention");
      appError = new AppError("contention", 503);
      contentionAnswers.inc();
      res.set("Retry-After", String(CONTENTION_RETRY_AFTER_SECONDS));
    } else if (isStorageFull(error)) {
      logger.error({ err: error, reqId: req.id }, "database storage full");
      appError = new AppError("storageFull", 503);
      res.set("Retry-After", String(STORAGE_FULL_RETRY_AFTER_SECONDS));
    } else if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, reqId: req.id }, "database unavailable");
      appError = new AppError("unavailable", 503);
    } else {
      logger.error({ err: error, reqId: req.id }, "unhandled error");
      appError = new AppError("internal", 500);
    }
    const body: ErrorEnvelope = {
      error: { code: appError.code, status: appError.status, message: appError.message },
    };
    if (appError.details !== undefined) body.error.details = appError.details;
    if (appError.status >= 500) body.error.requestId = requestIdText(req);
    if (appError.status === 503 && !res.get("Retry-After")) res.set("Retry-After", String(RETRY_AFTER_SECONDS));
    // Issue #32: a refusal for load (an import already running) says when to come back too.
    if (appError.status === 429 && !res.get("Retry-After")) res.set("Retry-After", String(RETRY_AFTER_SECONDS));
    res.status(appError.status).json(body);
  };
}
