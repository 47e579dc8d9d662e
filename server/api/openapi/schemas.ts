/**
 * zod → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for the document, and the names
 * under which the shared response schemas of `shared/api` appear in `components/schemas`.
 */
import { z } from "zod";
import * as sharedApi from "../../../shared/api";
import * as sharedSchemas from "../../../shared/schemas";

/**
 * Converts a schema to JSON Schema as its INPUT side: a request as the server accepts it, an
 * answer as the client parses it (extra fields allowed, a transform's accepted input shown).
 * Shapes JSON Schema cannot express become `{}`.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/** The component name of every zod schema `shared/api` or `shared/schemas` exports (`TeamDetailsSchema` → `TeamDetails`). */
const NAMES: ReadonlyMap<z.ZodType, string> = new Map(
  [...Object.entries(sharedSchemas as Record<string, unknown>), ...Object.entries(sharedApi as Record<string, unknown>)]
    .filter((entry): entry is [string, z.ZodType] => entry[0].endsWith("Schema") && entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [schema, name.slice(0, -"Schema".length)]),
);

/** Collects the named response schemas an operation refers to, so each is written once. */
export class ResponseComponents {
  readonly schemas: Record<string, Record<string, unknown>> = {};
  private readonly owners = new Map<string, z.ZodType>();

  /** A `$ref` to the schema's component when it is exported by name (and the name is its own), else the schema inline. */
  refOf(schema: z.ZodType): Record<string, unknown> {
    const name = NAMES.get(schema);
    if (!name || (this.owners.has(name) && this.owners.get(name) !== schema)) return jsonSchemaOf(schema);
    this.owners.set(name, schema);
    this.schemas[name] ??= jsonSchemaOf(schema);
    return { $ref: `#/components/schemas/${name}` };
  }
}
