/**
 * The fuzzing oracle (tests/api/fuzz/oracle.ts) must tell a server fault from a refusal: a suite
 * whose oracle accepts everything would pass while the API answers 500s.
 */
import { describe, expect, it } from "vitest";
import { englishMessage } from "../../shared/errors";
import { violation, type Answer } from "../api/fuzz/oracle";

const json = "application/json; charset=utf-8";
const envelope = (code: string, status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  contentType: json,
  text: JSON.stringify({ error: { code, status, message, ...extra } }),
});

describe("fuzz oracle", () => {
  it("accepts successes and catalogue refusals, SPEC §8's business 5xx included", () => {
    expect(violation({ status: 200, contentType: json, text: "{}" }, 10)).toBeNull();
    expect(violation(envelope("badParameters", 400, "Bad parameters", { details: [] }), 10)).toBeNull();
    expect(violation(envelope("userCreate502", 502, englishMessage("userCreate502")), 10)).toBeNull();
  });

  it("flags server errors, broken envelopes, foreign codes and non-JSON answers", () => {
    expect(violation(envelope("internal", 500, "Internal Server Error", { requestId: "r" }), 10)).toMatch(/server error 500/);
    expect(violation({ status: 400, contentType: json, text: '{"message":"bad"}' }, 10)).toMatch(/without the envelope/);
    expect(violation(envelope("noSuchCode", 400, "x"), 10)).toMatch(/not in the catalogue/);
    expect(violation({ ...envelope("badParameters", 400, "Bad parameters"), status: 404 }, 10)).toMatch(/differs from HTTP/);
    expect(violation(envelope("badParameters", 400, "Error: boom\n    at handler (server.ts:1:1)"), 10)).toMatch(/catalogue text/);
    expect(violation({ status: 400, contentType: "text/html", text: "<pre>stack</pre>" }, 10)).toMatch(/content type/);
    expect(violation({ status: 400, contentType: json, text: JSON.stringify({ error: { code: "badParameters", status: 400, message: "Bad parameters", stack: "x" } }) }, 10)).toMatch(/extra keys/);
  });

  it("requires 413 for a body over the 1 MiB limit", () => {
    expect(violation(envelope("badParameters", 400, "Bad parameters"), 1024 * 1024 + 1)).toMatch(/not 413/);
  });
});
