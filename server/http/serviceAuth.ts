import type { RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { authenticateServiceToken, type ServiceCaller } from "../services/identity";
import { AppError } from "../errors";

/**
 * Authenticates a service API call (docs/API.md "Service API") by `Authorization: Bearer bws_…`
 * only: an admin JWT, a session cookie, a revoked or unknown token all get 401. Service calls
 * carry no cookie session, so no CSRF check applies.
 */
export function requireServiceToken(db: Kysely<Database>): RequestHandler {
  const middleware: RequestHandler = async (req, res, next) => {
    const header = req.get("authorization");
    const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
    const caller = token ? await authenticateServiceToken(db, token) : null;
    if (!caller) return next(new AppError("unauthorized", 401));
    res.locals.service = caller;
    next();
  };
  // Read by the OpenAPI generator to mark these routes as service-token routes.
  return Object.assign(middleware, { requiresServiceToken: true });
}

/** The accepted service token of the current call (set by requireServiceToken). */
export function serviceCallerOf(res: { locals: Record<string, unknown> }): ServiceCaller {
  const caller = res.locals.service as ServiceCaller | undefined;
  if (!caller) throw new AppError("unauthorized", 401);
  return caller;
}
