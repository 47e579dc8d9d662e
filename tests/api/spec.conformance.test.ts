/**
 * SPEC conformance (issue 31): every call of SPEC §7 is in the OpenAPI document with SPEC's
 * method and path, and every per-action code of SPEC §8 (shared/errors/spec.ts) is either sent —
 * thrown by the server and documented on its call — or documented as not sent with the reason,
 * in the document's absence and in docs/API.md's SPEC code table.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryFor, isCatalogueCode, SPEC_CODES } from "../../shared/errors";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";

/** SPEC §7, as SPEC writes it (method list, then the path after `v2/`). */
const SPEC_CALLS: readonly string[] = [
  "POST public/auth",
  "POST public/confirm",
  "POST public/reset",
  "POST public/register",
  "GET public/settings",
  "POST public/verify",
  "POST, PUT, DELETE admin",
  "PUT admin/teams",
  "DELETE admin/terminate",
  "PUT admin/activate",
  "PUT admin/block",
  "POST, PUT license",
  "POST, PUT, DELETE association",
  "POST, DELETE, PUT invite",
  "PUT settings/general",
  "PUT settings/messaging",
  "PUT settings/attachments",
  "PUT settings/calling",
  "PUT settings/security",
  "PUT settings/tls",
  "PUT settings/apps",
  "PUT settings/certs",
  "PUT team",
  "PUT, DELETE team/domains",
  "PUT team/settings",
  "POST user",
  "POST user/reset",
];

type Operations = Record<string, Record<string, { responses: Record<string, { "x-error-codes"?: string[] }> }>>;

/** Every string literal `"code"` in the server's sources, but the OpenAPI generator's. */
function thrownCodes(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !file.includes(`${path.sep}openapi${path.sep}`)) {
        for (const m of readFileSync(file, "utf8").matchAll(/"([a-zA-Z]+\d{3})"/g)) found.add(m[1]!);
      }
    }
  };
  walk(path.join(ROOT_DIR, "server"));
  return found;
}

describe("SPEC §7 calls and §8 codes", () => {
  let server: TestServer;
  let paths: Operations;
  const documented = (call: string): string[] => {
    const [method, route] = call.split(" ") as [string, string];
    const op = paths[route]?.[method.toLowerCase()];
    return op ? Object.values(op.responses).flatMap((r) => r["x-error-codes"] ?? []) : [];
  };

  beforeAll(async () => {
    server = await getTestServer();
    paths = (await server.request().get("/v2/openapi.json")).body.paths as Operations;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves every call of SPEC §7 with SPEC's method and path", () => {
    const missing = SPEC_CALLS.flatMap((line) => {
      const [methods, route] = [line.slice(0, line.lastIndexOf(" ")), line.slice(line.lastIndexOf(" ") + 1)];
      return methods
        .split(", ")
        .filter((m) => !paths[`/v2/${route}`]?.[m.toLowerCase()])
        .map((m) => `${m} v2/${route}`);
    });
    expect(missing).toEqual([]);
  });

  it("knows every SPEC §8 code in the catalogue, on a call the document has", () => {
    expect(SPEC_CODES.filter((c) => !isCatalogueCode(c.code)).map((c) => c.code)).toEqual([]);
    const unknownCalls = SPEC_CODES.filter((c) => {
      const [method, route] = c.call.split(" ") as [string, string];
      return !paths[route]?.[method.toLowerCase()];
    });
    expect(unknownCalls).toEqual([]);
  });

  it("sends and documents every SPEC error code it does not say it never sends", () => {
    const thrown = thrownCodes();
    const errors = SPEC_CODES.filter((c) => !c.notSent && entryFor(c.code).status >= 400);
    expect(errors.filter((c) => !thrown.has(c.code)).map((c) => c.code)).toEqual([]);
    expect(errors.filter((c) => !documented(c.call).includes(c.code)).map((c) => `${c.call} ${c.code}`)).toEqual([]);
  });

  it("neither sends nor documents a code it says it never sends", () => {
    const thrown = thrownCodes();
    const never = SPEC_CODES.filter((c) => c.notSent);
    expect(never.filter((c) => thrown.has(c.code)).map((c) => c.code)).toEqual([]);
    const everywhere = Object.keys(paths).flatMap((route) =>
      Object.keys(paths[route]!).flatMap((m) => documented(`${m.toUpperCase()} ${route}`)),
    );
    expect(never.filter((c) => everywhere.includes(c.code)).map((c) => c.code)).toEqual([]);
  });

  it("lists every SPEC §8 code in docs/API.md's SPEC code table, the ones never sent with their reason", () => {
    const api = readFileSync(path.join(ROOT_DIR, "docs", "API.md"), "utf8");
    const rows = new Map([...api.matchAll(/^\| `(\w+)` \| ([^|]+) \| ([^\n]+) \|$/gm)].map((m) => [m[1]!, m[3]!]));
    expect(SPEC_CODES.filter((c) => !rows.has(c.code)).map((c) => c.code)).toEqual([]);
    expect(SPEC_CODES.filter((c) => c.notSent && !rows.get(c.code)!.startsWith("not sent")).map((c) => c.code)).toEqual([]);
  });
});
