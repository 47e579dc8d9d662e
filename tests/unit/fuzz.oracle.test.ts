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
  it("checks an export's file: parsable CSV of even rows without formula cells, or JSON Lines of objects", () => {
    const csv = (text: string): Answer => ({ status: 200, contentType: "text/csv; charset=utf-8; header=present", text });
    const jsonl = (text: string): Answer => ({ status: 200, contentType: "application/x-ndjson; charset=utf-8", text });
    expect(violation(csv('\uFEFFa,b\r\n\'=1,-5\r\n"x,y",\r\n'), 10, true)).toBeNull();
    expect(violation(csv("a,b\r\n=1,2\r\n"), 10, true)).toMatch(/formula/);
    expect(violation(csv("a,b\r\n1\r\n"), 10, true)).toMatch(/does not parse|different lengths/);
    expect(violation(csv('a,b\r\n"open,2\r\n'), 10, true)).toMatch(/does not parse/);
    expect(violation(jsonl('{"a":1}\n{"a":2}\n'), 10, true)).toBeNull();
    expect(violation(jsonl('{"a":1}\n[1]\n'), 10, true)).toMatch(/not an object/);
    expect(violation({ status: 200, contentType: "text/html", text: "<p>" }, 10, true)).toMatch(/content type/);
    // Outside /export a 200 CSV is a download (an import's per-row results); other types are not.
    expect(violation(csv("a\r\n"), 10)).toBeNull();
    expect(violation({ status: 200, contentType: "text/html", text: "<p>" }, 10)).toMatch(/content type/);
    // Node's HTTP parser refuses a request line + headers over its limit before the app runs.
    expect(violation({ status: 431, contentType: "", text: "" }, 10)).toBeNull();
    expect(violation({ status: 431, contentType: "application/json", text: "{}" }, 10)).toMatch(/envelope/);
  });

  it("accepts successes and catalogue refusals, SPEC §8's business 5xx included", () => {
    expect(violation({ status: 200, contentType: json, text: "{}" }, 10)).toBeNull();
    expect(violation(envelope("badParameters", 400, "Bad parameters", { details: [] }), 10)).toBeNull();
    expect(violation(envelope("userCreate502", 502, englishMessage("userCreate502")), 10)).toBeNull();
  });

  it("flags server errors, broken envelopes, foreign codes and non-JSON answers", () => {
    expect(violation(envelope("internal", 500, "Internal server error", { requestId: "r" }), 10)).toMatch(/server error 500/);
    expect(violation({ status: 400, contentType: json, text: '{"message":"bad"}' }, 10)).toMatch(/without the envelope/);
    expect(violation(envelope("noSuchCode", 400, "x"), 10)).toMatch(/not in the catalogue/);
    expect(violation({ ...envelope("badParameters", 400, "Bad parameters"), status: 404 }, 10)).toMatch(/differs from HTTP/);
    expect(violation(envelope("badParameters", 400, "Error: boom\n    at handler (server.ts:1:1)"), 10)).toMatch(/catalogue text/);
    expect(violation({ status: 400, contentType: "text/html", text: "<pre>stack</pre>" }, 10)).toMatch(/content type/);
    expect(
      violation(
        {
          status: 400,
          contentType: json,
          text: JSON.stringify({ error: { code: "badParameters", status: 400, message: "Bad parameters", stack: "x" } }),
        },
        10,
      ),
    ).toMatch(/extra keys/);
  });

  it("requires 413 for a body over the 1 MiB limit", () => {
    expect(violation(envelope("badParameters", 400, "Bad parameters"), 1024 * 1024 + 1)).toMatch(/not 413/);
  });
});
