import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { ZodError } from "zod";
import { englishMessage, entryFor, type CatalogueCode } from "../../shared/errors";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable";
import { DatabaseBusyError, isTransientConflict } from "../db/errors";

/**
 * The one error type handlers and services throw: it carries a catalogue code (DESIGN §8), so
 * the envelope, the console's message and the CLI's exit code all follow from it.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: CatalogueCode,
    status?: number,
    readonly details?: unknown,
  ) {
    super(englishMessage(code));
    this.status = status ?? entryFor(code).status ?? 500;
  }
}

/** 400 with the zod issues as details: the client shows which field is wrong. */
export function badParameters(details: unknown): AppError {
  return new AppError("badParameters", 400, details);
}

/** The error envelope of DESIGN §3. */
export interface ErrorEnvelope {
  error: { code: string; status: number; message: string; details?: unknown; requestId?: string };
}

/** Seconds a client should wait before repeating a call refused for lock contention. */
export const CONTENTION_RETRY_AFTER_SECONDS = 1;

/** Any /v2 path that matches no route. */
export const apiNotFound: RequestHandler = (_req, _res, next) => next(new AppError("notFound", 404));

function isBodyParserError(error: unknown): error is { type: string; status: number } {
  return typeof error === "object" && error !== null && "type" in error && "status" in error;
}

/**
 * Writes the envelope for every API error: typed errors as they are, validation errors as 400,
 * malformed bodies as 400, lock contention that outlived the retries (or escaped a transaction
 * without them) as 503 `contention` with Retry-After, a database that cannot serve now as 503
 * `unavailable` with Retry-After, anything else as a 500 with the request id and never a stack.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = badParameters(error.issues);
    else if (isBodyParserError(error) && error.status >= 400 && error.status < 500) {
      appError = new AppError("badParameters", 400);
    } else if (error instanceof DatabaseBusyError || isTransientConflict(error)) {
      logger.warn({ err: error, reqId: req.id }, "refused for lock contention");
      appError = new AppError("contention", 503);
      res.set("Retry-After", String(CONTENTION_RETRY_AFTER_SECONDS));
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
    if (appError.status >= 500) body.error.requestId = String(req.id);
    if (appError.status === 503 && !res.get("Retry-After")) res.set("Retry-After", String(RETRY_AFTER_SECONDS));
    res.status(appError.status).json(body);
  };
}
