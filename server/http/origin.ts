import type { Request } from "express";
import type { RequestOrigin } from "../lib/context";

/** Where a request came from, for the access log (the IP honours TRUST_PROXY). */
export function originOf(req: Request): RequestOrigin {
  const id: unknown = req.id;
  return {
    ip: req.ip ?? null,
    userAgent: req.get("user-agent")?.slice(0, 500) ?? null,
    requestId: typeof id === "string" || typeof id === "number" ? String(id).slice(0, 64) : null,
  };
}
