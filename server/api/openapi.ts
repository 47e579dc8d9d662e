import type { Router } from "express";
import { z } from "zod";
import { APP_VERSION } from "../../shared/limits";
import type { ValidationInfo } from "../http/validate";

type Handler = {
  (...args: never[]): unknown;
  validates?: ValidationInfo;
  rawBody?: string;
  requiresAdmin?: boolean;
  requiresServiceToken?: boolean;
};
type Layer = {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: Handler }[] };
  handle?: Handler & { stack?: Layer[] };
};

/** Converts a validation schema to JSON Schema; shapes JSON Schema cannot express become `{}`. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const ERROR_RESPONSE = {
  description: "Error envelope (DESIGN §3): catalogue code, status, English message, zod issues for 400",
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
};

/**
 * The OpenAPI 3.1 document of /v2, generated from the router itself: every route, the schema it
 * validates its body or query with, and whether it needs authentication (routes registered after
 * the admin authentication middleware). It cannot drift from the code it describes.
 */
export function buildOpenApi(router: Router): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  let authenticated = false;
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const route = layer.route;
        const validation = route.stack.map((s) => s.handle.validates).find((v): v is ValidationInfo => v !== undefined);
        const path = `/v2${route.path.replace(/:(\w+)/g, "{$1}")}`;
        for (const method of Object.keys(route.methods)) {
          const operation: Record<string, unknown> = {
            operationId: `${method}${route.path.replace(/[/:{}-](\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
            responses: { "200": { description: "Success" }, default: ERROR_RESPONSE },
          };
          const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
            name: m[1],
            in: "path",
            required: true,
            schema: { type: "string" },
          }));
          const rawBody = route.stack.map((s) => s.handle.rawBody).find((t): t is string => t !== undefined);
          if (rawBody) operation.requestBody = { required: true, content: { [rawBody]: { schema: { type: "string" } } } };
          if (validation?.source === "query") {
            const schema = jsonSchemaOf(validation.schema) as { properties?: Record<string, unknown>; required?: string[] };
            for (const [name, prop] of Object.entries(schema.properties ?? {})) {
              params.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: prop as { type: string } });
            }
          } else if (validation) {
            operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchemaOf(validation.schema) } } };
          }
          if (params.length) operation.parameters = params;
          if (route.stack.some((s) => s.handle.requiresServiceToken)) operation.security = [{ serviceToken: [] }];
          else if (authenticated) operation.security = [{ bearer: [] }, { session: [] }];
          paths[path] = { ...paths[path], [method]: operation };
        }
      } else if (layer.handle?.requiresAdmin) {
        authenticated = true;
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return {
    openapi: "3.1.0",
    info: { title: "Bulwark API", version: APP_VERSION, description: "The console's JSON API (docs/API.md)." },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        serviceToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "bws_…",
          description: "Service token of the communications service (/v2/service/*)",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "bulwark.sid",
          description: "Browser session; unsafe methods also need the X-CSRF-Token header",
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "status", "message"],
              properties: {
                code: { type: "string" },
                status: { type: "integer" },
                message: { type: "string" },
                details: {},
                requestId: { type: "string" },
              },
            },
          },
        },
      },
    },
  };
}
