/**
 * One OpenAPI operation per route method: id, tag, summary, parameters, request body, security,
 * the success answer (the shared zod response schema, or the media types of a file) and the
 * error answers (errors.ts). Everything comes from the route's own spec fields.
 */
import { acceptsIdempotencyKey, errorResponsesOf, RATE_LIMIT_HEADERS } from "./errors";
import type { RouteInfo } from "./routes";
import { jsonSchemaOf, type ResponseComponents } from "./schemas";

/** `get /team/:slug` → `getTeamSlug`: derived from method and path only, so stable and unique. */
export function operationIdOf(method: string, path: string): string {
  return `${method}${path.replace(/[/:{}-](\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;
}

const SECURITY = {
  public: [],
  admin: [{ bearer: [] }, { session: [] }],
  service: [{ serviceToken: [] }],
} as const;

function parametersOf(route: RouteInfo): Record<string, unknown>[] {
  const params: Record<string, unknown>[] = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (route.validation?.source === "query") {
    const schema = jsonSchemaOf(route.validation.schema) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: prop });
    }
  }
  if (route.describes?.conditional) {
    params.push({
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "The ETag of the answer held",
      schema: { type: "string" },
    });
  }
  if (acceptsIdempotencyKey(route)) params.push({ $ref: "#/components/parameters/IdempotencyKey" });
  return params;
}

function requestBodyOf(route: RouteInfo): Record<string, unknown> | undefined {
  if (route.rawBody) return { required: true, content: { [route.rawBody]: { schema: { type: "string" } } } };
  if (route.validation?.source === "body") {
    return { required: true, content: { "application/json": { schema: jsonSchemaOf(route.validation.schema) } } };
  }
  return undefined;
}

/** The 200 answer: a file's media types, the shared response schema, or (undeclared) no content. */
function successOf(route: RouteInfo, components: ResponseComponents): Record<string, unknown> {
  const described = route.describes;
  // Not required: only rate-limited calls send them (every authenticated call, the limited public ones).
  const etag = described?.conditional
    ? { ETag: { description: "The answer's version, for If-None-Match", schema: { type: "string" } } }
    : {};
  const replayed = acceptsIdempotencyKey(route)
    ? {
        "Idempotent-Replayed": {
          description: "`true` when this is the stored answer of an earlier call with the same Idempotency-Key",
          schema: { type: "string", enum: ["true"] },
        },
      }
    : {};
  const headers = { headers: { ...RATE_LIMIT_HEADERS, ...etag, ...replayed } };
  if (described?.produces) {
    const content = Object.fromEntries(described.produces.map((type) => [type, { schema: { type: "string" } }]));
    return { description: "The file, streamed", ...headers, content };
  }
  if (!described?.response) return { description: "Success (no response schema declared)" };
  return { description: "Success", ...headers, content: { "application/json": { schema: components.refOf(described.response) } } };
}

/** The operation of one route method. */
export function operationOf(route: RouteInfo, components: ResponseComponents): Record<string, unknown> {
  const described = route.describes;
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route);
  return {
    operationId: operationIdOf(route.method, route.path),
    ...(described?.summary ? { summary: described.summary } : {}),
    tags: [described?.tag ?? "Public"],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    security: SECURITY[route.kind],
    responses: {
      [described?.created ? "201" : "200"]: successOf(route, components),
      ...(described?.conditional ? { "304": { description: "Not modified: If-None-Match named the current ETag (no body)" } } : {}),
      ...errorResponsesOf(route),
    },
    ...(route.kind === "admin" && described?.permission ? { "x-token-permission": described.permission } : {}),
  };
}
