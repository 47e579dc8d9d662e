/** Reads the operations the fuzzer targets out of GET /v2/openapi.json. */
import type { Operation } from "./requests";
import type { JsonSchema } from "./schema";

/** The part of the OpenAPI document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: "path" | "query"; schema: JsonSchema }[];
        requestBody?: { content: { "application/json"?: { schema: JsonSchema }; "text/csv"?: { schema: JsonSchema } } };
        security?: Record<string, unknown>[];
      }
    >
  >;
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation["method"],
      path,
      params: op.parameters ?? [],
      ...(op.requestBody?.content["application/json"] ? { body: op.requestBody.content["application/json"].schema } : {}),
      ...(op.requestBody?.content["text/csv"] ? { csvBody: true } : {}),
      service: op.security?.some((s) => "serviceToken" in s) ?? false,
    })),
  );
}
