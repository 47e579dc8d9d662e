import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CODES } from "../../shared/errors";
import { getTestServer, type TestServer } from "../support/server";

type Operation = {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: ({ name: string; in: string } | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
  responses: Record<
    string,
    { content?: Record<string, { schema?: { $ref?: string } }>; "x-error-codes"?: string[]; headers?: Record<string, unknown> }
  >;
};
type Document = {
  openapi: string;
  info: { version: string; description?: string; license?: { name: string } };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { description?: string }> };
};

describe("GET /v2/openapi.json", () => {
  let server: TestServer;
  let doc: Document;
  let operations: [string, Operation][];
  beforeAll(async () => {
    server = await getTestServer();
    const res = await server.request().get("/v2/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body as Document;
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]): [string, Operation] => [`${m.toUpperCase()} ${path}`, op]),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it("describes the API version 3.1 with the console's version, a description, a license and a server", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("5.0.1");
    expect(doc.info.description).toMatch(/x-error-codes/);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.servers.length).toBeGreaterThan(0);
  });

  it("documents request bodies from the shared zod schemas", () => {
    const auth = doc.paths["/v2/public/auth"]!.post!;
    const schema = auth.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(schema.properties).sort()).toEqual(["browser", "password", "username"]);
    expect(schema.required.sort()).toEqual(["password", "username"]);
  });

  it("marks public routes `security: []`, authenticated ones bearer or session, the service API its token", () => {
    expect(doc.paths["/v2/public/auth"]!.post!.security).toEqual([]);
    expect(doc.paths["/v2/openapi.json"]!.get!.security).toEqual([]);
    expect(doc.paths["/v2/me"]!.get!.security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(doc.paths["/v2/service/devices"]!.post!.security).toEqual([{ serviceToken: [] }]);
    for (const [key, op] of operations) expect(op.security, key).toBeDefined();
    expect(doc.components.securitySchemes.bearer!.description).toMatch(/bwk_/);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["bearer", "serviceToken", "session"]);
  });

  it("lists query parameters and the Idempotency-Key header on authenticated writes only", () => {
    const names = (op: Operation) => (op.parameters ?? []).map((p) => ("$ref" in p ? p.$ref : p.name));
    expect(names(doc.paths["/v2/logs"]!.get!)).toEqual(expect.arrayContaining(["limit", "cursor", "search", "action", "outcome"]));
    expect(names(doc.paths["/v2/team"]!.post!)).toContain("#/components/parameters/IdempotencyKey");
    expect(names(doc.paths["/v2/teams"]!.get!)).not.toContain("#/components/parameters/IdempotencyKey");
    expect(names(doc.paths["/v2/public/register"]!.post!)).not.toContain("#/components/parameters/IdempotencyKey");
  });

  it("gives every operation a unique operationId, a summary and a tag the top-level list describes", () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const described = new Map(doc.tags.map((t) => [t.name, t.description]));
    const broken = operations.filter(([, op]) => !op.summary || op.tags?.length !== 1 || !described.get(op.tags[0]!)).map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it("answers every operation with a shared response schema or a file's media types", () => {
    const broken = operations.filter(([, op]) => !(op.responses["200"] ?? op.responses["201"])?.content).map(([key]) => key);
    expect(broken).toEqual([]);
    expect(doc.paths["/v2/team/{slug}"]!.get!.responses["200"]!.content!["application/json"]!.schema).toEqual({
      $ref: "#/components/schemas/TeamDetails",
    });
    expect(Object.keys(doc.paths["/v2/users/export"]!.get!.responses["200"]!.content!).sort()).toEqual([
      "application/x-ndjson",
      "text/csv",
    ]);
    expect(doc.components.schemas.TeamDetails).toBeDefined();
  });

  it("documents 4xx answers with catalogue codes, the call's own ones included", () => {
    for (const [key, op] of operations) {
      const errors = Object.entries(op.responses).filter(([status]) => /^4\d\d$/.test(status));
      expect(errors.length, key).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        expect(response["x-error-codes"]?.length, `${key} ${status}`).toBeGreaterThan(0);
        for (const code of response["x-error-codes"]!) expect(CATALOGUE_CODES, `${key} ${status}`).toContain(code);
      }
    }
    const create = doc.paths["/v2/team"]!.post!.responses;
    // A write also meets the Idempotency-Key answers: 409 while a repeat runs, 422 when the key is reused.
    expect(create["409"]!["x-error-codes"]).toEqual(["idempotencyKeyInFlight", "teamCreate409"]);
    expect(create["422"]!["x-error-codes"]).toEqual(["idempotencyKeyReused"]);
    expect(Object.keys(create["200"]!.headers ?? {})).toContain("Idempotent-Replayed");
    expect(doc.paths["/v2/tokens"]!.post!.responses["201"]).toBeDefined();
    expect(create["401"]!["x-error-codes"]).toEqual(["unauthorized"]);
    expect(doc.paths["/v2/team/settings"]!.put!.responses["400"]!["x-error-codes"]).toContain("teamSettings400");
    expect(Object.keys(create["429"]!.headers ?? {}).sort()).toEqual(["RateLimit", "RateLimit-Policy", "Retry-After"]);
    // A public call meets no generic 401, only its own (wrong credentials).
    expect(doc.paths["/v2/public/auth"]!.post!.responses["401"]!["x-error-codes"]).toEqual(["signin401"]);
  });

  it("documents the conditional read of the service settings: If-None-Match, ETag and 304", () => {
    const op = doc.paths["/v2/service/settings"]!.get!;
    expect(op.responses["304"]).toBeDefined();
    expect(Object.keys(op.responses["200"]!.headers ?? {})).toContain("ETag");
    expect((op.parameters ?? []).some((p) => "name" in p && p.name === "If-None-Match" && p.in === "header")).toBe(true);
  });

  it("lists every route the matrix covers", () => {
    const registered = operations.map(([key]) => key);
    expect(registered).toContain("DELETE /v2/admin/terminate");
    expect(registered).toContain("GET /v2/openapi.json");
  });
});
