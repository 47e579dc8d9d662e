import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const SAFE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The request's id as text, for a log line or a 500 reply (pino-http types it loosely). */
export function requestIdText(req: { id?: unknown }): string {
  return typeof req.id === "string" || typeof req.id === "number" ? String(req.id) : "";
}

/**
 * A request id for logs and 500 replies: a well-formed incoming X-Request-Id (from a proxy) is
 * kept, anything else is replaced, so ids in logs can be trusted to be ours or sane.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}
