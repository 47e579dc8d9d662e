/**
 * The conformance check the fuzz suite runs on every 2xx answer (tests/api/fuzz/conformance.ts):
 * proven here to pass a real answer and to fail a wrong one, a wrong media type and a route
 * that documents no success body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { getTestServer, type TestServer } from "../support/server";
import { conformanceChecker, type ConformanceDocument } from "./fuzz/conformance";

describe.each(testDialects())("response conformance against the OpenAPI document on %s", (dialect) => {
  let server: TestServer;
  let doc: ConformanceDocument;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
    doc = (await server.request().get("/v2/openapi.json")).body as ConformanceDocument;
  });
  afterAll(async () => {
    await server.close();
  });

  it("passes real answers and fails answers that break the documented schema", async () => {
    const checker = conformanceChecker(doc);
    expect(checker.missing).toEqual([]);
    const res = await server.request().get("/v2/public/settings");
    expect(res.status).toBe(200);
    const type = String(res.headers["content-type"]);
    expect(checker.check("GET /v2/public/settings", 200, type, res.text)).toBeNull();
    const broken = JSON.stringify({ ...(res.body as object), registrationEnabled: "yes" });
    expect(checker.check("GET /v2/public/settings", 200, type, broken)).toMatch(/registrationEnabled.*boolean/);
    expect(checker.check("GET /v2/public/settings", 200, type, "{}")).toMatch(/required/);
    // Errors are the envelope's business (the fuzz oracle), not the success schema's.
    expect(checker.check("GET /v2/public/settings", 404, type, "{}")).toBeNull();
    expect(checker.check("GET /v2/users/export", 200, "application/json", "{}")).toMatch(/documented: text\/csv/);
    expect(checker.check("GET /v2/users/export", 200, "text/csv; charset=utf-8", "a\n1\n")).toBeNull();
  });

  it("reports an operation without a documented success body", () => {
    const stripped = structuredClone(doc);
    delete (stripped.paths["/v2/me"]!.get!.responses!["200"] as { content?: unknown }).content;
    const checker = conformanceChecker(stripped);
    expect(checker.missing).toEqual(["GET /v2/me"]);
    expect(checker.check("GET /v2/me", 200, "application/json", "{}")).toMatch(/documents no success body/);
  });
});
