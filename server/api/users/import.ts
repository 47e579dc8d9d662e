import { Router, type RequestHandler } from "express";
import { IMPORT_LIMITS, UserImportQuerySchema } from "../../../shared/schemas/userImport";
import { isUid } from "../../../shared/schemas/primitives";
import { AppError } from "../../errors";
import { streamedBody } from "../../http/streamedBody";
import { applyImport, importResults, previewImport, readImport } from "../../services/users";
import { ImportAnswerSchema, ImportStatusSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";

/**
 * The CSV body of an import: `text/csv` (UTF-8 unless its charset says otherwise, a BOM allowed),
 * anything else (or no body) is 400 `usersImport400`. The body itself is read as a stream by the
 * import (server/http/streamedBody.ts: at most IMPORT_LIMITS.bytes, counted as it arrives, 413
 * beyond), never held whole (issue #32). The OpenAPI document reads `rawBody` for the media type.
 */
const csvOnly: RequestHandler = Object.assign<RequestHandler, { rawBody: string }>(
  (req, _res, next) => next(req.is("text/csv") ? undefined : new AppError("usersImport400", 400, { reason: "contentType" })),
  { rawBody: "text/csv" },
);

/** Checks `body` between a handler's validation and its run, so a bad query never reads the body. */
function withBodyAfterValidation(chain: RequestHandler[], body: RequestHandler[]): RequestHandler[] {
  return [...chain.slice(0, -1), ...body, ...chain.slice(-1)];
}

/** A path id that is not a UUID names no import: 404 without asking the database. */
function importId(raw: unknown): string {
  if (!isUid(raw)) throw new AppError("usersImportRead404", 404);
  return raw;
}

/**
 * Users import (docs/API.md "Users import"): preview or apply a CSV, an import's state and
 * progress, its per-row results as CSV. Every call works within the caller's scope (DESIGN §5).
 */
export function userImportRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Users", permission: "users" });

  const importCall = api.admin(
    {
      query: UserImportQuerySchema,
      response: ImportAnswerSchema,
      action: "usersImport",
      summary: "Preview or apply a CSV import of users",
    },
    ({ services, scope, input, origin, req, res }) => {
      // An Idempotency-Key is claimed once the CSV is read, with the raw CSV's fingerprint (body.read()).
      const body = streamedBody(req, res, services.db, IMPORT_LIMITS.bytes);
      return input.mode === "preview" ? previewImport(services, scope, body) : applyImport(services, scope, input, body, origin);
    },
  );
  router.post("/users/import", ...withBodyAfterValidation(importCall, [csvOnly]));

  router.get(
    "/users/import/:id",
    ...api.admin(
      { response: ImportStatusSchema, action: "usersImportRead", summary: "Read an import's state" },
      ({ services, scope, req }) => readImport(services, scope, importId(req.params.id)),
    ),
  );

  router.get(
    "/users/import/:id/results",
    ...api.admin(
      { produces: ["text/csv"], action: "usersImportRead", summary: "Download an import's per-row results" },
      async ({ services, scope, req, res }) => {
        const id = importId(req.params.id);
        const lines = await importResults(services, scope, id);
        res.set("Content-Type", "text/csv; charset=utf-8").set("Content-Disposition", `attachment; filename="import-${id}-results.csv"`);
        for await (const chunk of lines) {
          // Back-pressure: wait for the socket to drain before reading the next page.
          if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve));
        }
        res.end();
      },
    ),
  );
  return router;
}
