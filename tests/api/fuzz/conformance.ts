/**
 * Response conformance: every successful JSON answer is validated against the OpenAPI DOCUMENT's
 * response schema (ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1), not against zod, so
 * the document a client generator reads is what is held to the server's real answers.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";

/** The part of an operation the conformance check reads. */
interface DocumentedOperation {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

/** The part of the document the conformance check reads. */
export interface ConformanceDocument {
  paths: Record<string, Record<string, DocumentedOperation>>;
  components?: Record<string, unknown>;
}

/** What one operation's success may carry: a JSON schema's validator, or only other media types (a file). */
interface Expected {
  json?: ValidateFunction;
  mediaTypes: string[];
}

/** Checks answers of the document's operations; `missing` lists operations that document no success body. */
export interface ConformanceChecker {
  missing: string[];
  /** Why a 2xx answer of `METHOD /v2/path` breaks the document, or null. */
  check(key: string, status: number, contentType: string, text: string): string | null;
}

/** Compiles a validator per operation from the document (its `$ref`s resolve against the document's components). */
export function conformanceChecker(doc: ConformanceDocument): ConformanceChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  // zod writes a `pattern` beside every `format` it emits; the pattern is the check.
  for (const format of ["email", "uuid", "date-time", "uri"]) ajv.addFormat(format, true);
  const expected = new Map<string, Expected>();
  const missing: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      // The success answer: 200, or 201 for a call that creates.
      const content = (op.responses?.["200"] ?? op.responses?.["201"])?.content;
      if (!content) {
        missing.push(key);
        continue;
      }
      const schema = content["application/json"]?.schema;
      expected.set(key, {
        mediaTypes: Object.keys(content),
        ...(schema ? { json: ajv.compile({ ...schema, components: doc.components }) } : {}),
      });
    }
  }
  return {
    missing,
    check(key, status, contentType, text) {
      if (status < 200 || status >= 300) return null;
      const want = expected.get(key);
      if (!want) return "2xx answer of an operation that documents no success body";
      const type = contentType.split(";")[0]!.trim();
      if (!want.mediaTypes.includes(type)) return `2xx answer of type ${type || "(none)"}, documented: ${want.mediaTypes.join(", ")}`;
      if (type !== "application/json" || !want.json) return null;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return "2xx JSON answer that is not JSON";
      }
      if (want.json(body)) return null;
      const first = want.json.errors?.[0];
      return `2xx answer breaks the document's response schema: ${first?.instancePath || "/"} ${first?.message ?? ""}`;
    },
  };
}
