import { EXIT_CODES } from "../exitCodes";
import type { EntrySpec } from "../types";

/**
 * Generic codes (SPEC §8): the fallback for a status when the action has no entry of its own.
 * Status 0 means "no HTTP response". Texts in quotes in SPEC §8 are kept verbatim.
 */
export const GENERIC_ENTRIES = {
  net: {
    status: 0,
    kind: "error",
    exit: EXIT_CODES.network,
    en: "The connection to the server was lost. Check your network connection and try again",
  },
  ok: { status: 200, kind: "success", en: "Done" },
  badParameters: { status: 400, kind: "error", en: "Bad parameters" },
  unauthorized: { status: 401, kind: "error", en: "Unauthorized. Sign in and try again" },
  forbidden: { status: 403, kind: "error", en: "You are not allowed to do this. Contact a super administrator" },
  notFound: { status: 404, kind: "error", en: "Not found" },
  timeout: { status: 408, kind: "error", en: "The server took too long to answer. Try again" },
  conflict: { status: 409, kind: "error", en: "Conflict. The item already exists or was changed; reload and try again" },
  gone: { status: 410, kind: "error", en: "No longer available. Reload and try again" },
  expired: { status: 422, kind: "error", en: "Expired" },
  payloadTooLarge: { status: 413, kind: "error", en: "Request too large. Send less data at once" },
  tooManyRequests: { status: 429, kind: "error", en: "Too many requests. Wait a moment and try again" },
  internal: { status: 500, kind: "error", en: "Internal server error" },
  emailDisabled: { status: 501, kind: "error", en: "E-mailing is disabled. Contact your administrator" },
  unavailable: { status: 503, kind: "error", en: "The service is temporarily unavailable. Try again in a few moments" },
  // Lock contention the server's retries did not resolve; sent with Retry-After.
  contention: { status: 503, kind: "error", en: "Busy. Other changes to the same items are in progress; try again in a moment" },
  // The database's disk is full (issue #32): nothing was saved; sent with a long Retry-After.
  storageFull: {
    status: 503,
    kind: "error",
    en: "The server's storage is full, so nothing was saved. Ask your system administrator to free disk space, then try again",
  },
  // Idempotency-Key (docs/API.md "Idempotency and rate limits").
  idempotencyKeyInvalid: {
    status: 400,
    kind: "error",
    en: "Invalid Idempotency-Key header. Use 1 to 255 printable characters (letters, digits, punctuation) or leave it out",
  },
  idempotencyKeyInFlight: {
    status: 409,
    kind: "error",
    en: "A request with this Idempotency-Key is still running. Wait a moment and send it again with the same key",
  },
  idempotencyKeyReused: {
    status: 422,
    kind: "error",
    en: "This Idempotency-Key was already used for a different request. Send a new request with a new key",
  },
  emailFailed: { status: 509, kind: "error", en: "Could not send e-mail" },
  unknown: { status: 0, kind: "error", exit: EXIT_CODES.unknown, en: "Unexpected error. Try again or contact your administrator" },
} as const satisfies Record<string, EntrySpec>;

/** A generic code. */
export type GenericCode = keyof typeof GENERIC_ENTRIES;

/**
 * The generic code for a status when the action has none of its own (SPEC §8 "falling back to a
 * generic code"). 502 counts as an unavailable upstream; 504 shares 500's text per SPEC §8;
 * any other 2xx is `ok`. Statuses missing here map to `unknown`.
 */
export const GENERIC_BY_STATUS: Readonly<Record<number, GenericCode>> = {
  200: "ok",
  201: "ok",
  202: "ok",
  204: "ok",
  400: "badParameters",
  401: "unauthorized",
  403: "forbidden",
  404: "notFound",
  408: "timeout",
  409: "conflict",
  410: "gone",
  413: "payloadTooLarge",
  422: "expired",
  429: "tooManyRequests",
  500: "internal",
  501: "emailDisabled",
  502: "unavailable",
  503: "unavailable",
  504: "internal",
  509: "emailFailed",
};
