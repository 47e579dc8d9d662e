import type { RequestHandler } from "express";
import type { z } from "zod";
import type { CatalogueCode } from "../../shared/errors";
import { AppError } from "../errors";

/**
 * Validates `req.body` (or the query) with a shared zod schema and replaces it with the parsed
 * value; a failure is a 400 whose details are the zod issues (localizable message keys). The code
 * is `badParameters` unless the call has its own 400 (e.g. `teamSettings400`).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  source: "body" | "query" = "body",
  code: CatalogueCode = "badParameters",
): RequestHandler {
  const middleware: RequestHandler = (req, res, next) => {
    const parsed = schema.safeParse(source === "body" ? (req.body ?? {}) : req.query);
    if (!parsed.success) {
      return next(
        new AppError(
          code,
          400,
          parsed.error.issues.map((i) => ({ path: i.path, code: i.code, message: i.message })),
        ),
      );
    }
    res.locals.input = parsed.data;
    next();
  };
  // The OpenAPI document is generated from the schemas the routes validate with.
  return Object.assign(middleware, { validates: { schema, source } satisfies ValidationInfo });
}

/** What a validate() middleware checks, read back by the OpenAPI generator. */
export interface ValidationInfo {
  schema: z.ZodType;
  source: "body" | "query";
}

/** The validated input of the current request, typed by the schema that checked it. */
export function inputOf<S extends z.ZodType>(res: { locals: Record<string, unknown> }, _schema: S): z.infer<S> {
  return res.locals.input as z.infer<S>;
}
