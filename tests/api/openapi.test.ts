import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../support/server";

describe("GET /v2/openapi.json", () => {
  let server: TestServer;
  let doc: { openapi: string; info: { version: string }; paths: Record<string, Record<string, Record<string, unknown>>> };
  beforeAll(async () => {
    server = await getTestServer();
    const res = await server.request().get("/v2/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body as typeof doc;
  });
  afterAll(async () => {
    await server.close();
  });

  it("describes the API version 3.1 with the console's version", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("5.0.1");
  });

  it("documents request bodies from the shared zod schemas", () => {
    const auth = doc.paths["/v2/public/auth"]?.post as {
      requestBody: {
        content: { "application/json": { schema: { properties: Record<string, { pattern?: string }>; required: string[] } } };
      };
      security?: unknown;
    };
    const schema = auth.requestBody.content["application/json"].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(["browser", "password", "username"]);
    expect(schema.required.sort()).toEqual(["password", "username"]);
    expect(auth.security).toBeUndefined();
  });

  it("marks authenticated routes and lists query parameters", () => {
    const me = doc.paths["/v2/me"]?.get as { security: unknown[] };
    expect(me.security).toEqual([{ bearer: [] }, { session: [] }]);
    const logs = doc.paths["/v2/logs"]?.get as { parameters: { name: string; in: string }[] };
    expect(logs.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["limit", "cursor", "search", "action", "outcome"]));
  });

  it("marks the service API as service-token routes", () => {
    const devices = doc.paths["/v2/service/devices"]?.post as { security: unknown[] };
    expect(devices.security).toEqual([{ serviceToken: [] }]);
  });

  it("lists every route the matrix covers", () => {
    const registered = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(registered).toContain("DELETE /v2/admin/terminate");
    expect(registered).toContain("GET /v2/openapi.json");
  });
});
