import type { ActionPrefix, CallOutcome } from "../errors";

/** What an {@link ApiError} carries besides its prefix and status. */
export interface ApiErrorInit {
  readonly status: number;
  readonly prefix: ActionPrefix;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly details?: unknown;
  /** Seconds from a 429's or 503's `Retry-After` header (a number of seconds or an HTTP date). */
  readonly retryAfter?: number;
  /** The server's id of the request from the error envelope (sent with 5xx answers), for support. */
  readonly requestId?: string;
  readonly cause?: unknown;
}

/**
 * A failed API call (DESIGN §3, §8). Callers never parse envelopes themselves: they read `status`
 * (0 when no HTTP response arrived), the envelope's `code`, `message` and `details`, and the call's
 * catalogue `prefix`, then run `mapCallOutcome(error.outcome)` to get the message to show.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly prefix: ActionPrefix;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly details?: unknown;
  readonly retryAfter?: number;
  readonly requestId?: string;

  constructor(init: ApiErrorInit) {
    super(
      init.status === 0 ? `${init.prefix}: network failure` : `${init.prefix}: HTTP ${init.status}${init.code ? ` (${init.code})` : ""}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.prefix = init.prefix;
    if (init.code !== undefined) this.code = init.code;
    if (init.serverMessage !== undefined) this.serverMessage = init.serverMessage;
    if (init.details !== undefined) this.details = init.details;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.requestId !== undefined) this.requestId = init.requestId;
  }

  /** True when the request never got an HTTP response (offline, DNS, CORS, aborted). */
  get network(): boolean {
    return this.status === 0;
  }

  /** The input of `mapCallOutcome` for this failure. */
  get outcome(): CallOutcome {
    if (this.status === 0) return { prefix: this.prefix, network: true };
    return {
      prefix: this.prefix,
      status: this.status,
      ...(this.code !== undefined ? { code: this.code } : {}),
      ...(this.serverMessage !== undefined ? { serverMessage: this.serverMessage } : {}),
    };
  }
}

/** Narrows a caught value to an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

interface EnvelopeFields {
  code?: string;
  serverMessage?: string;
  details?: unknown;
  requestId?: string;
}

/** Reads the DESIGN §3 error envelope `{ error: { code, status, message, details? } }`, tolerating anything else. */
export function readErrorEnvelope(body: unknown): EnvelopeFields {
  if (typeof body !== "object" || body === null || !("error" in body)) return {};
  const error: unknown = body.error;
  if (typeof error !== "object" || error === null) return {};
  const out: EnvelopeFields = {};
  if ("code" in error && typeof error.code === "string") out.code = error.code;
  if ("message" in error && typeof error.message === "string") out.serverMessage = error.message;
  if ("details" in error && error.details !== undefined) out.details = error.details;
  if ("requestId" in error && typeof error.requestId === "string") out.requestId = error.requestId;
  return out;
}
