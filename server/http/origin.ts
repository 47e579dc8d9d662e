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

/** The header every client Bulwark ships sends (shared/api/transport.ts): `bulwark/<version>`. */
export const CLIENT_HEADER = "X-Bulwark-Client";
const CLIENT_VALUE = /^bulwark\/[0-9A-Za-z.+-]{1,32}$/;

/**
 * Marks a call that sets a password with who checked the password policy. The server cannot: it
 * receives the SHA-512 of the password (SPEC §5), so the console and the CLI check it before
 * hashing, and a password set by a direct API client is recorded as not checked (issue 31). The
 * header is a statement by the client, not a proof: the mark tells an auditor where to look.
 */
export function withPasswordPolicy(req: Request, origin: RequestOrigin, input: unknown): RequestOrigin {
  const fields = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const setsPassword = [fields.password, fields.new_password].some((value) => typeof value === "string" && value !== "");
  if (!setsPassword) return origin;
  return { ...origin, passwordPolicy: CLIENT_VALUE.test(req.get(CLIENT_HEADER) ?? "") ? "checkedByClient" : "notChecked" };
}
